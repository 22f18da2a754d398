package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.UInt;

import java.util.function.Function;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The cluster's arbitration among its cores: a priority order that rotates every cycle (core p
 * first in cycle p mod cores, then p + 1, ...), shared by every bank and the console. A core that
 * loses replays its instruction, so nothing is held for it: the library's stream arbiters, which
 * hold a choice until the output takes it and advance on grants, model a different machine.
 */
final class RotatingPriority {
    private final UInt[] rank;

    /** The priority register and each core's rank this cycle (0 first), described into the current module. */
    RotatingPriority(int cores) {
        int cb = Math.max(1, 32 - Integer.numberOfLeadingZeros(cores - 1));
        UInt prio = regInit(UInt(cb), 0).named("prio");
        prio.set(mux(prio.eq(cores - 1), lit(0, cb), prio.add(1)));
        rank = new UInt[cores];
        for (int c = 0; c < cores; c++) {
            UInt d = lit(c + cores, cb + 1).sub(prio.pad(cb + 1));
            rank[c] = mux(d.ge(cores), d.sub(cores), d);
            if (cores > 1) rank[c] = rank[c].named("rank" + c);
        }
    }

    /** The one requester that wins: requesting, and no requester of lower rank is. */
    Bool[] grant(Bool[] req, String name) {
        Bool[] win = new Bool[req.length];
        for (int c = 0; c < req.length; c++) {
            Bool w = req[c];
            for (int o = 0; o < req.length; o++)
                if (o != c) w = w.and(req[o].and(rank[o].lt(rank[c])).not());
            win[c] = w.named(name + "_win" + c);
        }
        return win;
    }

    static Bool any(Bool[] bits) {
        Bool r = bits[0];
        for (int i = 1; i < bits.length; i++) r = r.or(bits[i]);
        return r;
    }

    /** The value of the winner ({@code values[0]} when none wins). */
    static <T extends Data> T pick(Bool[] win, T[] values, String name) {
        T r = values[0];
        for (int i = 1; i < values.length; i++) r = mux(win[i], values[i], r);
        return r.named(name);
    }

    /** One field of the winner's request: only what the served port uses is multiplexed. */
    static <T extends Data> T pick(Bool[] win, MemRequest[] reqs, Function<MemRequest, T> field, String name) {
        T r = field.apply(reqs[0]);
        for (int i = 1; i < reqs.length; i++) r = mux(win[i], field.apply(reqs[i]), r);
        return r.named(name);
    }
}
