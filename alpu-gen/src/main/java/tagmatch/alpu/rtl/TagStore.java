package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.SyncFifo;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Where the tags live when the cells carry slot numbers instead ({@link AlpuTiming#slotTags}): a
 * memory of one tag per slot, and the pool of free slots. Each entry holds a slot of its own for
 * as long as it is valid, so the oldest match's read moves {@code log2(CELLS)} bits instead of
 * {@code TAG_W} (8 instead of 16 at 256 cells: half the logic, 8 fewer flip-flops per cell) and
 * the tag is read once, for the one match that won, from a block RAM.
 *
 * <p>An INSERT takes {@link #slot}: the slot freed in the cycle before ({@code pending}), else
 * the head of the list of slots freed earlier, else the next slot never handed out since the last
 * reset ({@code fresh}); its tag is written there. A match frees its slot ({@code free}): it is
 * held in {@code pending} for a cycle and then goes into the list unless an INSERT took it. A
 * RESET empties both and restarts {@code fresh}: every slot is free again. There is always a slot
 * for a legal INSERT: slots in use are the valid entries, fewer than CELLS, and every other slot
 * is pending, listed or fresh.
 *
 * <p>Why the pending register: the freed slot is the match's answer, an OR over every cell that
 * is ready only late in the decide cycle; written straight into the list, synthesis (ABC on
 * yosys {@code synth_xilinx}) duplicated that OR into the list's bypass logic, about 500 LUTs at
 * 256 cells. Registered first, it costs eight flip-flops and one more input on the slot mux.
 */
public final class TagStore extends Module {
    /** The store's ports (outputs flipped). */
    public static final class Ports extends Bundle {
        /** Inputs: an INSERT takes {@link #slot} for {@code allocTag}. */
        public final Bool alloc;
        public final UInt allocTag;
        /** Inputs: a match frees {@code releaseSlot}. */
        public final Bool release;
        public final UInt releaseSlot;
        /** Input: every slot free again (RESET). */
        public final Bool clear;
        /** Input: the slot whose tag {@link #tag} gives. */
        public final UInt lookup;
        /** Output: the slot the next INSERT takes. */
        public final UInt slot;
        /** Output: the tag of {@link #lookup}'s slot, registered (the cycle after). */
        public final UInt tag;

        Ports(AlpuConfig cfg) {
            int sw = AlpuTiming.slotWidth(cfg);
            alloc = field("alloc", new Bool());
            allocTag = field("alloc_tag", new UInt(cfg.tagWidth()));
            release = field("free", new Bool());
            releaseSlot = field("free_slot", new UInt(sw));
            clear = field("clear", new Bool());
            lookup = field("lookup", new UInt(sw));
            slot = flipped("slot", new UInt(sw));
            tag = flipped("tag", new UInt(cfg.tagWidth()));
        }
    }

    public final Ports io;

    public TagStore(AlpuConfig cfg) {
        int sw = AlpuTiming.slotWidth(cfg);
        int slots = 1 << sw;
        io = ports(new Ports(cfg));

        SyncFifo<UInt> freed = instance("freed", new SyncFifo<>(slots, UInt(sw), true));
        UInt fresh = regInit(UInt(sw + 1), 0).named("fresh");
        Bool pending = regInit(Bool(), 0).named("pending");
        UInt pendingSlot = reg(UInt(sw)).named("pending_slot");
        Bool reuse = freed.deq.valid;
        UInt next = wireOf("next_slot", mux(pending, pendingSlot, mux(reuse, freed.deq.bits, fresh.bits(sw - 1, 0))));
        io.slot.set(next);
        freed.deq.ready.set(io.alloc.and(pending.not()).and(reuse));
        freed.enq.valid.set(pending.and(io.alloc.not()));
        freed.enq.bits.set(pendingSlot);
        freed.clear.set(io.clear);
        when(io.clear, () -> pending.set(0)).otherwise(() -> pending.set(io.release));
        pendingSlot.set(io.releaseSlot);
        when(io.clear, () -> fresh.set(0)).elseWhen(io.alloc.and(pending.not()).and(reuse.not()), () -> fresh.set(fresh.add(1)));

        Mem<UInt> tags = mem(slots, UInt(cfg.tagWidth())).named("tags");
        when(io.alloc, () -> tags.write(next, io.allocTag));
        io.tag.set(tags.readSync(io.lookup, TRUE()).named("tag_r"));
    }
}
