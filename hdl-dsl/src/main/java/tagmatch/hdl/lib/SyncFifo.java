package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A synchronous FIFO of {@code depth} words of any type {@code T} (a power of two, at least 2;
 * Chisel's {@code Queue(gen, entries)}) with registered outputs: {@code deq_valid} and {@code deq_bits} come straight from flip-flops, so a consumer
 * sees no combinational path from this FIFO's storage. {@code enq_ready}, {@code count},
 * {@code full} and {@code empty} depend only on state, never on this cycle's inputs.
 *
 * <pre>{@code
 * final class Request extends Bundle {
 *     final UInt tag = field("tag", UInt(16));
 *     final Bool wild = field("wild", Bool());
 * }
 * SyncFifo<Request> q = instance(new SyncFifo<>(16, new Request()));
 * q.enq.connect(in);                     // in: Stream<Request>; valid/bits in, ready back out
 * when(q.deq.bits.wild, () -> ...);      // typed fields at the output, no slicing
 * SyncFifo<UInt> words = instance(new SyncFifo<>(8, UInt(32)));
 * }</pre>
 *
 *
 * The head word lives in the output register; the rest in a memory with read and write
 * pointers. A word enqueued into an empty FIFO bypasses the memory and is visible the next cycle.
 */
public final class SyncFifo<T extends Data> extends Module {
    public final Stream<T> enq;
    public final Stream<T> deq;
    public final UInt count;
    public final Bool full;
    public final Bool empty;
    /** Empties the FIFO at the next clock edge (over any enqueue or dequeue); null unless built {@code clearable}. */
    public final Bool clear;

    /** A FIFO of {@code depth} words of {@code gen}'s type ({@code gen} is a type, e.g. {@code UInt(8)} or a new bundle). */
    public SyncFifo(int depth, T gen) {
        this(depth, gen, false);
    }

    /** As {@link #SyncFifo(int, Data)}, with a {@code clear} input when {@code clearable}. */
    public SyncFifo(int depth, T gen, boolean clearable) {
        int width = gen.width();
        if (depth < 2 || Integer.bitCount(depth) != 1)
            throw new IllegalArgumentException("SyncFifo depth must be a power of two >= 2, got " + depth);
        if (width < 1 || width > Widths.MAX)
            throw new IllegalArgumentException("SyncFifo width must be 1.." + Widths.MAX + ", got " + width);
        param("depth", depth);
        param("width", width);
        if (!(gen instanceof Bits)) param("type", gen.describe());
        int aw = Widths.forCount(depth);
        int cw = Widths.forValue(depth);
        enq = input(new Stream<>(typeOf(gen)));
        deq = output(new Stream<>(typeOf(gen)));
        count = output(UInt(cw));
        full = output(Bool());
        empty = output(Bool());
        clear = clearable ? input("clear", Bool()) : null;

        // Storage and the head register hold the word's bits as one UInt, whatever T is: the head
        // register is then one register fed by the memory's read, which synthesis merges into a
        // block RAM's output register (a register per bundle field defeats that, and the memory
        // lands in LUTs).
        Mem<UInt> ram = mem(depth, UInt(width)).named("ram");
        UInt head = regInit(UInt(aw), 0).named("head");
        UInt tail = regInit(UInt(aw), 0).named("tail");
        UInt stored = regInit(UInt(cw), 0).named("stored");
        Bool outValid = regInit(Bool(), 0).named("out_valid");
        UInt outBits = reg(UInt(width)).named("out_bits");

        // Every value used more than once is named, so the Verilog reads like the description.
        UInt total = stored.add(outValid.pad(cw));
        Bool isFull = total.eq(depth);
        Bool doEnq = enq.valid.and(isFull.not()).named("do_enq");
        Bool outFree = outValid.not().or(deq.ready).named("out_free");
        Bool pop = outFree.and(stored.ne(0)).named("pop");
        Bool bypass = outFree.and(stored.eq(0)).and(doEnq).named("bypass");
        Bool push = doEnq.and(bypass.not()).named("push");

        when(pop, () -> {
            outBits.set(ram.read(head));
            outValid.set(1);
            head.set(head.add(1));
        }).elseWhen(bypass, () -> {
            outBits.set(enq.bits.asUInt());
            outValid.set(1);
        }).elseWhen(outFree, () -> outValid.set(0));
        when(push, () -> {
            ram.write(tail, enq.bits.asUInt());
            tail.set(tail.add(1));
        });
        when(push.and(pop.not()), () -> stored.set(stored.add(1)))
                .elseWhen(pop.and(push.not()), () -> stored.set(stored.sub(1)));

        if (clear != null) {
            when(clear, () -> {
                head.set(0);
                tail.set(0);
                stored.set(0);
                outValid.set(0);
            });
        }

        enq.ready.set(isFull.not());
        deq.valid.set(outValid);
        deq.bits.set(typeOf(gen).fromBits(outBits));
        count.set(total);
        full.set(isFull);
        empty.set(total.eq(0));
    }
}
