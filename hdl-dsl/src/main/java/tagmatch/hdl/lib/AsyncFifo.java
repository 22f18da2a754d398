package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A FIFO between two unrelated clocks (Cummings' Gray-pointer design): words enter on
 * {@code wclk}, leave on {@code rclk}. Each side counts in binary and publishes its pointer in
 * Gray code, which changes one bit per step, through a two-flip-flop {@link Synchronizer} into
 * the other side; {@code enq_ready} (not full) and {@code deq_valid} (not empty) are decided from
 * those copies, so each side sees the other late, never wrong. Each side has its own
 * asynchronous active-low reset ({@code wrst_n}, {@code rrst_n}); assert both to empty the FIFO.
 *
 * <pre>{@code
 * AsyncFifo<UInt> cross = instance(new AsyncFifo<>(16, UInt(8)));
 * cross.wclk.set(fastClk);  cross.wrstN.set(fastRstN);  cross.enq.connect(producer);
 * cross.rclk.set(slowClk);  cross.rrstN.set(slowRstN);  consumer.connect(cross.deq);
 * }</pre>
 *
 * {@code deq_bits} is a combinational read of the storage at the read pointer: a word becomes
 * visible only after its pointer has crossed, by which time it has been stable for two read
 * clocks. Depth is a power of two, at least 2.
 *
 * <p>Not a {@link Catalog} block: the catalog's blocks run on one stepped clock with every other
 * input driven as data, and the generic checks that walk it would drive {@code wclk},
 * {@code rclk} and the two resets as random data. The FIFO is checked instead with both clocks
 * and resets poked at random between Verilator and the interpreter, and in order end to end
 * ({@code ClockDomainDifferentialTest} in hdl-sim).
 */
public final class AsyncFifo<T extends Data> extends Module {
    public final Bool wclk;
    public final Bool wrstN;
    public final Stream<T> enq;
    public final Bool rclk;
    public final Bool rrstN;
    public final Stream<T> deq;

    public AsyncFifo(int depth, T gen) {
        int width = gen.width();
        if (depth < 2 || Integer.bitCount(depth) != 1)
            throw new IllegalArgumentException("AsyncFifo depth must be a power of two >= 2, got " + depth);
        if (width < 1 || width > Widths.MAX)
            throw new IllegalArgumentException("AsyncFifo width must be 1.." + Widths.MAX + ", got " + width);
        param("depth", depth);
        param("width", width);
        int aw = Widths.forCount(depth);
        wclk = input("wclk", Bool());
        wrstN = input("wrst_n", Bool());
        enq = input(new Stream<>(typeOf(gen)));
        rclk = input("rclk", Bool());
        rrstN = input("rrst_n", Bool());
        deq = output(new Stream<>(typeOf(gen)));

        ClockDomain write = domain(wclk, wrstN, ResetKind.ASYNC_LOW);
        ClockDomain read = domain(rclk, rrstN, ResetKind.ASYNC_LOW);
        Mem<UInt>[] ram = cast(new Mem<?>[1]);
        UInt wgray = wire("wgray", UInt(aw + 1));
        UInt rgray = wire("rgray", UInt(aw + 1));

        write.run(() -> {
            ram[0] = mem(depth, UInt(width)).named("ram");
            UInt wbin = regInit(UInt(aw + 1), 0).named("wbin");
            UInt wg = regInit(UInt(aw + 1), 0).named("wgray_q");
            UInt rq2 = Synchronizer.sync(rgray, 2, "rgray_sync");
            // Full: the write pointer is one lap ahead of the read pointer. In Gray code that is
            // the two top bits inverted, the rest equal.
            UInt lapAhead = aw == 1 ? rq2.not() : cat(rq2.bits(aw, aw - 1).not(), rq2.bits(aw - 2, 0));
            Bool full = wg.eq(lapAhead).named("full");
            Bool push = enq.valid.and(full.not()).named("push");
            when(push, () -> {
                ram[0].write(wbin.bits(aw - 1, 0), enq.bits.asUInt());
                UInt next = wbin.add(1).named("wbin_next");
                wbin.set(next);
                wg.set(gray(next));
            });
            enq.ready.set(full.not());
            wgray.set(wg);
        });

        read.run(() -> {
            UInt rbin = regInit(UInt(aw + 1), 0).named("rbin");
            UInt rg = regInit(UInt(aw + 1), 0).named("rgray_q");
            UInt wq2 = Synchronizer.sync(wgray, 2, "wgray_sync");
            Bool empty = rg.eq(wq2).named("empty");
            Bool pop = deq.ready.and(empty.not()).named("pop");
            when(pop, () -> {
                UInt next = rbin.add(1).named("rbin_next");
                rbin.set(next);
                rg.set(gray(next));
            });
            deq.valid.set(empty.not());
            deq.bits.set(typeOf(gen).fromBits(ram[0].read(rbin.bits(aw - 1, 0))));
            rgray.set(rg);
        });
    }

    private static UInt gray(UInt b) {
        return b.xor(b.shr(1).pad(b.width()));
    }

    @SuppressWarnings("unchecked")
    private static <X> X cast(Object o) {
        return (X) o;
    }
}
