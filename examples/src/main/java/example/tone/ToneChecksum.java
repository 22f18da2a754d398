package example.tone;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.AsyncFifo;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A tone crossing clock domains into an existing Verilog block. On {@code sclk} the samples of
 * one period of a sine, held in a ROM, are read in order, again and again (registered reads, a
 * word held while the FIFO is full) into an {@link AsyncFifo}; on {@code oclk} every sample that
 * arrives goes through {@link Crc8}, the external CRC, and is counted. {@code rst_n}, asynchronous
 * and active low, resets both domains. {@code preview} is the CRC the sample at the FIFO's head
 * would give: a combinational path through the FIFO and the external module.
 */
public final class ToneChecksum extends Module {
    /** One period of 128 + 127 sin(2 pi i / 16). */
    public static final long[] SINE = {128, 177, 218, 245, 255, 245, 218, 177, 128, 79, 38, 11, 1, 11, 38, 79};
    /** CRC-8/SMBUS: x^8 + x^2 + x + 1. */
    public static final int POLY = 0x07;

    final Bool sclk = input("sclk", Bool());
    final Bool oclk = input("oclk", Bool());
    final Bool rstN = input("rst_n", Bool());
    final UInt count = output("count", UInt(16));
    final UInt crc = output("crc", UInt(8));
    final UInt preview = output("preview", UInt(8));

    public ToneChecksum() {
        AsyncFifo<UInt> fifo = instance("fifo", new AsyncFifo<>(4, UInt(8)));
        fifo.wclk.set(sclk);
        fifo.wrstN.set(rstN);
        fifo.rclk.set(oclk);
        fifo.rrstN.set(rstN);

        ClockDomain sample = domain(sclk, rstN, ResetKind.ASYNC_LOW);
        sample.run(() -> {
            Mem<UInt> sine = rom(UInt(8), SINE).named("sine");
            UInt phase = regInit(UInt(4), 0).named("phase");
            Bool held = regInit(Bool(), 0).named("held");               // the read port holds a sample
            Bool load = held.not().or(fifo.enq.ready).named("load");    // empty, or its sample is taken
            UInt word = sine.readSync(phase, load).named("word");
            when(load, () -> {
                phase.set(phase.add(1));
                held.set(1);
            });
            fifo.enq.valid.set(held);
            fifo.enq.bits.set(word);
        });

        Crc8 check = instance("check", new Crc8(POLY));
        check.clk.set(oclk);
        check.rstN.set(rstN);
        check.en.set(fifo.deq.valid);
        check.d.set(fifo.deq.bits);
        fifo.deq.ready.set(TRUE());

        ClockDomain out = domain(oclk, rstN, ResetKind.ASYNC_LOW);
        out.run(() -> {
            UInt n = regInit(UInt(16), 0).named("n");
            when(fifo.deq.valid, () -> n.set(n.add(1)));
            count.set(n);
        });
        crc.set(check.crc);
        preview.set(check.next);
    }
}
