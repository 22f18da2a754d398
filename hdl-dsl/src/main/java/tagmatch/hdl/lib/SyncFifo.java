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
        UInt total = regInit(UInt(cw), 0).named("total");
        Bool outValid = regInit(Bool(), 0).named("out_valid");
        UInt outBits = reg(UInt(width)).named("out_bits");

        // Every value used more than once is named, so the Verilog reads like the description.
        Bool isFull = total.eq(depth);
        Bool doEnq = enq.valid.and(isFull.not()).named("do_enq");
        Bool outFree = outValid.not().or(deq.ready).named("out_free");
        // The memory holds a word: more words than the head register holds (flip-flops only).
        Bool stored = total.ne(outValid.pad(cw)).named("in_memory");
        Bool pop = outFree.and(stored).named("pop");
        Bool bypass = outFree.and(stored.not()).and(doEnq).named("bypass");
        Bool deqFire = outValid.and(deq.ready).named("deq_fire");
        Bool push = doEnq.and(bypass.not()).named("push");

        // A late deq.ready (a consumer's decision) is one LUT from every enable here: the head
        // register loads whenever its word leaves or it is empty (an unused word when nothing
        // arrives; out_valid says so), the memory takes every accepted word at the tail, even one
        // that bypasses it (that slot is free: the memory is empty then and the tail stays), and
        // the count is the words held, head register included.
        when(outFree, () -> {
            outBits.set(mux(stored, ram.read(head), enq.bits.asUInt()));
            outValid.set(pop.or(bypass));
        });
        when(pop, () -> head.set(head.add(1)));
        when(doEnq, () -> ram.write(tail, enq.bits.asUInt()));
        when(push, () -> tail.set(tail.add(1)));
        when(doEnq.and(deqFire.not()), () -> total.set(total.add(1)))
                .elseWhen(deqFire.and(doEnq.not()), () -> total.set(total.sub(1)));

        if (clear != null) {
            when(clear, () -> {
                head.set(0);
                tail.set(0);
                total.set(0);
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
