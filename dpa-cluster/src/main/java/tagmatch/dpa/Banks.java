package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The RAM's banks, described into the cluster: RAM words interleaved over {@code banks} banks,
 * each serving one access a cycle through its {@link AtomicUnit}, so loads, stores, AMOs and
 * LR/SC are each one read-modify-write and atomics need no other lock. The banks keep the LR
 * reservations (one per hart, on an 8-byte word), which any write to the word breaks.
 */
final class Banks {
    /** Per core: its access was served this cycle, and the value it returns. */
    final Bool[] granted;
    /** Per core: the RAM word its served access addressed. */
    final UInt[] word;
    final UInt[] data;
    /** Per bank: it wrote a word this cycle, and which (for the caches' invalidations). */
    final Bool[] writes;
    final UInt[] writeWords;
    /** Per bank, per core: the write is that core's plain store (its own L1D copy is updated, not invalidated). */
    final Bool[][] ownStores;
    /** Per hart: its LR reservation is valid (a thread in {@code wrs.nto} waits while its hart's is). */
    final Vec<Bool> resvValid;
    private final Vec<UInt> resvWord;

    /**
     * @param toRam per core: it requests a RAM word this cycle
     * @param word  per core: the RAM word index it addresses
     */
    Banks(DpaConfig cfg, Mem<UInt> ram, Bool run, MemRequest[] reqs, Bool[] toRam, UInt[] word, RotatingPriority arbiter) {
        int nc = reqs.length, harts = cfg.harts(), wb = cfg.wordBits(), nb = cfg.banks();
        this.word = word;
        granted = new Bool[nc];
        data = new UInt[nc];
        for (int c = 0; c < nc; c++) { granted[c] = lit(false); data[c] = lit(0, 64); }
        writes = new Bool[nb];
        writeWords = new UInt[nb];
        ownStores = new Bool[nb][nc];

        Vec<Bool> resvValid = regZero(Vec(harts, () -> Bool())).named("resv_valid");
        Vec<UInt> resvWord = reg(Vec(harts, () -> UInt(wb))).named("resv_word");
        when(run.not(), () -> { for (Bool v : resvValid) v.set(0); });
        this.resvValid = resvValid;
        this.resvWord = resvWord;

        List<Runnable> reservationSets = new ArrayList<>();
        for (int bk = 0; bk < nb; bk++) {
            String name = "bank" + bk;
            Bool[] req = new Bool[nc];
            for (int c = 0; c < nc; c++)
                req[c] = nb == 1 ? toRam[c] : toRam[c].and(word[c].bits(Integer.numberOfTrailingZeros(nb) - 1, 0).eq(bk));
            Bool[] win = arbiter.grant(req, name);
            Bool any = RotatingPriority.any(win).named(name + "_busy");
            UInt bWord = RotatingPriority.pick(win, word, name + "_word");
            HwEnum<MemOp> op = RotatingPriority.pick(win, reqs, q -> q.op, name + "_op");
            UInt hart = RotatingPriority.pick(win, reqs, q -> q.hart, name + "_hart");
            AtomicUnit au = instance(name + "_atomic", new AtomicUnit());
            au.old.set(ram.read(bWord).named(name + "_old"));
            au.offset.set(RotatingPriority.pick(win, reqs, q -> q.addr.bits(2, 0), name + "_offset"));
            au.op.set(op);
            au.size.set(RotatingPriority.pick(win, reqs, q -> q.size, name + "_size"));
            au.unsigned.set(RotatingPriority.pick(win, reqs, q -> q.unsigned, name + "_unsigned"));
            au.amo.set(RotatingPriority.pick(win, reqs, q -> q.amo, name + "_amo"));
            au.data.set(RotatingPriority.pick(win, reqs, q -> q.data, name + "_data"));
            au.reserved.set(resvValid.at(hart).and(resvWord.at(hart).eq(bWord)));
            Bool write = any.and(au.write).named(name + "_write");
            when(write, () -> ram.write(bWord, au.newWord));
            writes[bk] = write;
            writeWords[bk] = bWord;
            for (int c = 0; c < nc; c++) ownStores[bk][c] = win[c].and(op.is(MemOp.STORE));
            // a write breaks every reservation on its word; the bank's own LR or SC then sets or clears its hart's
            for (int h = 0; h < harts; h++) {
                int hh = h;
                when(write.and(resvWord.get(h).eq(bWord)), () -> resvValid.get(hh).set(0));
            }
            reservationSets.add(() -> {
                when(any.and(op.is(MemOp.LR)), () -> {
                    resvValid.at(hart).set(lit(true));
                    resvWord.at(hart).set(bWord);
                });
                when(any.and(op.is(MemOp.SC)), () -> resvValid.at(hart).set(lit(false)));
            });
            for (int c = 0; c < nc; c++) {
                granted[c] = granted[c].or(win[c]);
                data[c] = mux(win[c], au.result, data[c]);
            }
        }
        for (Runnable s : reservationSets) s.run();
    }

    /** Another writer's store to RAM word {@code word} (the NIC's) breaks every reservation on it, as a bank's does. */
    void breakReservations(Bool valid, UInt word) {
        for (int h = 0; h < resvValid.size(); h++) {
            int hh = h;
            when(valid.and(resvWord.get(h).eq(word)), () -> resvValid.get(hh).set(0));
        }
    }
}
