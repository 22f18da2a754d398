package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.SyncFifo;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Where the tags live when the cells carry slot numbers instead ({@link AlpuTiming#slotTags}): a
 * memory of one tag per slot, and the pool of free slots. Each entry holds a slot of its own for
 * as long as it is valid, so the priority muxes move {@code log2(CELLS)} bits instead of
 * {@code TAG_W} (8 instead of 16 at 256 cells: half the muxes, 8 fewer flip-flops per cell) and
 * the tag is read once, for the one match that won, from a block RAM.
 *
 * <p>An INSERT takes {@link #slot}: the head of the list of slots freed by matches, or else the
 * next slot never handed out since the last reset ({@code fresh}); its tag is written there. A
 * match frees its slot ({@code release}). A RESET empties the list and restarts {@code fresh}:
 * every slot is free again. There is always a slot for a legal INSERT: slots in use are the
 * valid entries, fewer than CELLS, and a freed slot is at the list's head the cycle after its
 * match (the INSERT waits at least that long: the cells are frozen in the delete cycle).
 */
public final class TagStore extends Module {
    public final Bool alloc;
    public final UInt allocTag;
    public final Bool release;
    public final UInt releaseSlot;
    public final Bool clear;
    public final UInt lookup;
    /** The slot the next INSERT takes. */
    public final UInt slot;
    /** The tag of {@link #lookup}'s slot, registered (the cycle after). */
    public final UInt tag;

    public TagStore(AlpuConfig cfg) {
        int sw = AlpuTiming.slotWidth(cfg);
        int slots = 1 << sw;
        alloc = input("alloc", Bool());
        allocTag = input("alloc_tag", UInt(cfg.tagWidth()));
        release = input("release", Bool());
        releaseSlot = input("release_slot", UInt(sw));
        clear = input("clear", Bool());
        lookup = input("lookup", UInt(sw));
        slot = output("slot", UInt(sw));
        tag = output("tag", UInt(cfg.tagWidth()));

        SyncFifo<UInt> freed = instance("freed", new SyncFifo<>(slots, UInt(sw), true));
        UInt fresh = regInit(UInt(sw + 1), 0).named("fresh");
        Bool reuse = freed.deq.valid;
        UInt next = wireOf("next_slot", mux(reuse, freed.deq.bits, fresh.bits(sw - 1, 0)));
        slot.set(next);
        freed.deq.ready.set(alloc.and(reuse));
        freed.enq.valid.set(release);
        freed.enq.bits.set(releaseSlot);
        freed.clear.set(clear);
        when(clear, () -> fresh.set(0)).elseWhen(alloc.and(reuse.not()), () -> fresh.set(fresh.add(1)));

        Mem<UInt> tags = mem(slots, UInt(cfg.tagWidth())).named("tags");
        when(alloc, () -> tags.write(next, allocTag));
        tag.set(tags.readSync(lookup, TRUE()));
    }
}
