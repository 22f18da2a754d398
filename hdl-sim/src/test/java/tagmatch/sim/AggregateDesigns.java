package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.lib.OneHotMux;
import tagmatch.hdl.lib.Pipe;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.Stream;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.hdl.lib.Valid;

/** Designs that use bundles and vectors of bundles as values, for the differential tests. */
final class AggregateDesigns {
    private AggregateDesigns() {}

    /** A small record with a signed and an optional field: {@code tag, wild, delta[, mask]}, tag most significant. */
    static final class Entry extends Bundle {
        final UInt tag = field("tag", UInt(12));
        final Bool wild = field("wild", Bool());
        final SInt delta = field("delta", SInt(3));
        final UInt mask;

        Entry(boolean masked) {
            mask = optional(masked, "mask", () -> UInt(4));
        }
    }

    /** Every aggregate storage and conversion: wire, mux, fromBits, regs, Vec of bundles, memory. */
    static final class Storage extends Module {
        final Valid<Entry> in = input(new Valid<>(new Entry(true)));
        final Bool sel = input(Bool());
        final UInt raw = input(UInt(20));
        final UInt idx = input(UInt(2));
        final UInt addr = input(UInt(3));
        final Bool we = input(Bool());
        final Entry picked = output(new Entry(true));
        final Entry delayed = output(new Entry(true));
        final Entry held = output(new Entry(true));
        final Entry reset = output(new Entry(true));
        final Entry slot = output(new Entry(true));
        final Entry word = output(new Entry(true));
        final Entry wordSync = output(new Entry(true));
        final UInt flat = output(UInt(80));

        Storage() {
            Entry fromRaw = new Entry(true).fromBits(raw);
            Entry choice = wire(new Entry(true)).named("choice");
            choice.set(mux(sel, in.bits, fromRaw));
            picked.set(choice);
            delayed.set(regNext(choice));
            held.set(regEnable(in.bits, in.valid));
            Entry zero = new Entry(true).fromBits(lit(0x5A5A5, 20));
            Entry counted = regInit(new Entry(true), zero).named("counted");
            when(in.valid, () -> counted.set(in.bits));
            reset.set(counted);
            Vec<Entry> slots = reg(Vec(4, () -> new Entry(true))).named("slots");
            when(we, () -> slots.at(idx).set(in.bits));
            slot.set(slots.at(idx));
            Mem<Entry> ram = mem(8, new Entry(true)).named("ram");
            when(we, () -> ram.write(addr, in.bits));
            word.set(ram.read(addr));
            wordSync.set(ram.readSync(addr, in.valid));
            flat.set(slots.asUInt());
        }
    }

    /** A stream of bundles through a generic FIFO, priority tree, one-hot mux and pipe, bulk-connected. */
    static final class Channel extends Module {
        final Stream<Entry> in = input(new Stream<>(new Entry(false)));
        final Stream<Entry> out = output(new Stream<>(new Entry(false)));
        final Vec<Valid<Entry>> cand = input(Vec(4, () -> new Valid<>(new Entry(false))));
        final UInt grant = input(UInt(4));
        final Valid<Entry> first = output(new Valid<>(new Entry(false)));
        final UInt firstIndex = output(UInt(2));
        final Entry granted = output(new Entry(false));
        final Valid<Entry> late = output(new Valid<>(new Entry(false)));
        final SyncFifo<Entry> fifo = instance(new SyncFifo<>(4, new Entry(false)));
        final PriorityTree<Entry> tree = instance(new PriorityTree<>(4, new Entry(false), 2));
        final OneHotMux<Entry> onehot = instance(new OneHotMux<>(4, new Entry(false)));
        final Pipe<Entry> pipe = instance(new Pipe<>(new Entry(false), 2));

        Channel() {
            fifo.enq.connect(in);
            out.connect(fifo.deq);
            tree.in.set(cand);
            first.valid.set(tree.outValid);
            first.bits.set(tree.outBits);
            firstIndex.set(tree.outIndex);
            onehot.sel.set(grant);
            for (int i = 0; i < 4; i++) onehot.in.get(i).set(cand.get(i).bits);
            granted.set(onehot.out);
            pipe.in.set(cand.get(0));
            late.set(pipe.out);
        }
    }
}
