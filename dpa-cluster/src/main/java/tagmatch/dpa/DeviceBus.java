package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The {@link BusDevice}s of a cluster, described into it: each slot's block as an instance, which
 * core accesses it (a plain load or store inside its window), one winner a cycle in the rotating
 * order, the access formatted by an {@link AtomicUnit} as a bank formats it, and the answer back.
 */
final class DeviceBus {
    /** Per core: its request is a plain access to some device's window (anything else there is a fault). */
    final Bool[] decoded;
    /** Per core: a device took its access this cycle. */
    final Bool[] granted;
    /** Per core: the value its load returns (meaningful when granted). */
    final UInt[] data;

    DeviceBus(List<DeviceSlot> slots, MemRequest[] reqs, Bool run, Bool freeze, RotatingPriority arbiter) {
        for (int i = 0; i < slots.size(); i++)
            for (int j = 0; j < i; j++)
                if (slots.get(i).overlaps(slots.get(j)))
                    throw new IllegalArgumentException("devices " + slots.get(j).name() + " and " + slots.get(i).name() + " overlap");
        int nc = reqs.length;
        decoded = new Bool[nc];
        granted = new Bool[nc];
        data = new UInt[nc];
        for (int c = 0; c < nc; c++) {
            decoded[c] = lit(false);
            granted[c] = lit(false);
            data[c] = lit(0, 64);
        }
        for (DeviceSlot slot : slots) {
            String n = slot.name();
            BusDevice dev = instance(n, slot.device().get());
            int wb = slot.windowBits();
            Bool[] to = new Bool[nc];
            for (int c = 0; c < nc; c++) {
                MemRequest r = reqs[c];
                Bool in = r.addr.bits(63, wb).eq(lit(slot.base() >>> wb, 64 - wb)).and(r.op.isOneOf(MemOp.LOAD, MemOp.STORE));
                to[c] = r.valid.and(in).named(n + "_to" + c);
                decoded[c] = decoded[c].or(in);
            }
            Bool[] win = arbiter.grant(to, n);
            AtomicUnit au = instance(n + "_atomic", new AtomicUnit());
            au.old.set(dev.sOld);
            au.offset.set(RotatingPriority.pick(win, reqs, q -> q.addr.bits(2, 0), n + "_byte"));
            au.op.set(RotatingPriority.pick(win, reqs, q -> q.op, n + "_op"));
            au.size.set(RotatingPriority.pick(win, reqs, q -> q.size, n + "_size"));
            au.unsigned.set(RotatingPriority.pick(win, reqs, q -> q.unsigned, n + "_unsigned"));
            au.amo.set(lit(0, 5));
            au.data.set(RotatingPriority.pick(win, reqs, q -> q.data, n + "_data"));
            au.reserved.set(lit(false));
            dev.run.set(run);
            dev.sValid.set(RotatingPriority.any(win).and(freeze.not()));
            dev.sWrite.set(au.write);
            dev.sOffset.set(cat(RotatingPriority.pick(win, reqs, q -> q.addr.bits(wb - 1, 3), n + "_word"), lit(0, 3)));
            dev.sNew.set(au.newWord);
            for (int c = 0; c < nc; c++) {
                Bool g = win[c].and(dev.sReady);
                granted[c] = granted[c].or(g);
                data[c] = mux(g, au.result, data[c]);
            }
        }
    }
}
