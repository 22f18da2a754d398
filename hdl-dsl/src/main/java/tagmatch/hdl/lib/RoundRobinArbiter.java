package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A round-robin arbiter of valid/ready streams (Chisel's {@code RRArbiter}): the input after the
 * one granted last has the highest priority, so an input that stays valid is served within
 * {@code n} transfers whatever the others do. Like {@link Arbiter} it holds its choice while the
 * output waits; {@code chosen} is the index of the input on the output. After reset input 0 is
 * first.
 *
 * <pre>{@code
 * Arbiter.Arbitrated<Request> a = RoundRobinArbiter.of(List.of(a, b, c));   // inline: a.out(), a.chosen()
 * RoundRobinArbiter<UInt> arb = instance(new RoundRobinArbiter<>(4, UInt(8)));   // in_0_* .. in_3_*, out_*, chosen
 * }</pre>
 *
 * The choice is two priority selections: the first valid input above the last granted one, else
 * the first valid input.
 */
public final class RoundRobinArbiter<T extends Data> extends StreamArbiter<T> {
    public RoundRobinArbiter(int inputs, T gen) {
        super(inputs, gen, RoundRobinArbiter::of);
    }

    /** A round-robin arbiter of {@code ins}, inside the current module; drives every input's {@code ready}. */
    public static <T extends Data> Arbiter.Arbitrated<T> of(List<Stream<T>> ins) {
        int n = ins.size();
        int iw = Widths.forCount(Math.max(n, 2));
        UInt last = regInit(UInt(iw), n - 1).named("rr_last");
        return Arbiter.arbitrate(ins, valids -> {
            List<Bool> above = new ArrayList<>();
            for (int i = 0; i < n; i++) above.add(i == 0 ? FALSE() : valids.get(i).and(last.lt(i)).named("rr_above_" + i));
            PriorityTree.Selection<Data> next = PriorityTree.select("rr_next", above, null, 2);
            PriorityTree.Selection<Data> first = PriorityTree.select("rr_first", valids, null, 2);
            return mux(next.valid(), next.index(), first.index());
        }, (chosen, transfer) -> when(transfer, () -> last.set(chosen)));
    }
}
