package example.crossing;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.AsyncFifo;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A count that crosses clock domains: the write side, on {@code wclk}, offers 0, 1, 2, ... into
 * an {@link AsyncFifo}; the read side, on {@code rclk}, takes every word, counts them in
 * {@code received} and raises {@code error} (and keeps it) if a word is not the one after the
 * last. Each side has its own asynchronous active-low reset.
 */
public final class ClockCrossing extends Module {
    final Bool wclk = input("wclk", Bool());
    final Bool wrstN = input("wrst_n", Bool());
    final Bool rclk = input("rclk", Bool());
    final Bool rrstN = input("rrst_n", Bool());
    final UInt received = output("received", UInt(16));
    final Bool error = output("error", Bool());

    public ClockCrossing(int depth) {
        AsyncFifo<UInt> fifo = instance("fifo", new AsyncFifo<>(depth, UInt(8)));
        fifo.wclk.set(wclk);
        fifo.wrstN.set(wrstN);
        fifo.rclk.set(rclk);
        fifo.rrstN.set(rrstN);

        ClockDomain write = domain(wclk, wrstN, ResetKind.ASYNC_LOW);
        ClockDomain read = domain(rclk, rrstN, ResetKind.ASYNC_LOW);
        write.run(() -> {
            UInt next = regInit(UInt(8), 0).named("next");
            fifo.enq.valid.set(TRUE());
            fifo.enq.bits.set(next);
            when(fifo.enq.ready, () -> next.set(next.add(1)));
        });
        read.run(() -> {
            UInt count = regInit(UInt(16), 0).named("count");
            Bool wrong = regInit(Bool(), 0).named("wrong");
            fifo.deq.ready.set(TRUE());
            when(fifo.deq.valid, () -> {
                count.set(count.add(1));
                when(fifo.deq.bits.ne(count.bits(7, 0)), () -> wrong.set(1));
            });
            received.set(count);
            error.set(wrong);
        });
    }
}
