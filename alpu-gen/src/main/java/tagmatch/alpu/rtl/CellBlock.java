package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Definition;
import tagmatch.hdl.core.Hdl;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.BalancedTree;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A block of {@code BLOCK} cells (seed 001 figure 2c): a registered copy of the request, one
 * enable per cell, whether any cell hits, the oldest hit as one delete bit per cell with the
 * deleted entry's tag ({@link OldestMatch}), and the flow control that moves entries towards the
 * old end.
 *
 * <p>A cell is enabled (takes its younger neighbour's contents) in two cases. Delete: the top
 * tells each block whether it holds the oldest hit ({@code del_here}) or an older block does
 * ({@code del_all}); the block registers its own copy, {@code del_here} as one bit per cell set
 * only at its oldest hit ({@code deletes_I}), and the cells at and younger than that one shift,
 * overwriting the matched entry. Compaction ("space
 * available", the seed's narrow rule): while no match is in flight, a cell shifts when a cell at
 * or older than itself in this block is empty, or any cell of the next older block is
 * ({@code older_empty}); an INSERT is that same shift with the new entry entering block 0's
 * youngest cell. Only neighbouring blocks talk, so the enable logic does not grow with the
 * number of blocks. An entry leaves the block only when its oldest cell shifts
 * ({@code out_valid} is 0 otherwise), so the next block never copies an entry that stays: a
 * hole travels one block towards the young end per free cycle, and younger entries keep their
 * order. The block has no per-block constants, so every block is the same module.
 */
public final class CellBlock extends Module {
    /**
     * The block's ports (outputs flipped): the top reaches all of them through one view per
     * instance of the shared block definition.
     */
    public static final class Ports extends Bundle {
        public final Bool load;
        public final UInt key;
        public final UInt keyMask;
        public final Bool inValid;
        public final UInt inMatch;
        public final UInt inMask;
        public final UInt inTag;
        public final Bool compact;
        public final Bool olderEmpty;
        public final Bool delAll;
        public final Bool delHere;
        public final Bool clear;
        public final Bool outValid;
        public final UInt outMatch;
        public final UInt outMask;
        public final UInt outTag;
        public final Bool anyEmpty;
        public final Bool twoEmpty;
        public final Bool hit;
        public final UInt delTag;

        Ports(AlpuConfig cfg) {
            int w = cfg.matchWidth();
            int t = cfg.tagWidth();
            boolean prq = cfg.variant() == Variant.PRQ;
            load = optional(cfg.pipelining().fanoutStage(), "load", Hdl::Bool);
            key = field("key", UInt(w));
            keyMask = optional(!prq, "key_mask", () -> UInt(w));
            inValid = field("in_valid", Bool());
            inMatch = field("in_match", UInt(w));
            inMask = optional(prq, "in_mask", () -> UInt(w));
            inTag = field("in_tag", UInt(t));
            compact = field("compact", Bool());
            olderEmpty = field("older_empty", Bool());
            delAll = field("del_all", Bool());
            delHere = field("del_here", Bool());
            clear = field("clear", Bool());
            outValid = flipped("out_valid", Bool());
            outMatch = flipped("out_match", UInt(w));
            outMask = prq ? flipped("out_mask", UInt(w)) : null;
            outTag = flipped("out_tag", UInt(t));
            anyEmpty = flipped("any_empty", Bool());
            twoEmpty = flipped("two_empty", Bool());
            hit = flipped("hit", Bool());
            delTag = flipped("del_tag", UInt(t));
        }
    }

    public final Ports io;

    public CellBlock(AlpuConfig cfg) {
        int b = cfg.block();
        int w = cfg.matchWidth();
        int t = cfg.tagWidth();
        boolean prq = cfg.variant() == Variant.PRQ;
        boolean fanout = cfg.pipelining().fanoutStage();
        param("block", b);
        param("variant", cfg.variant());
        io = ports(new Ports(cfg));

        // Stage 1 of the seed: each block registers its own copy of the request.
        UInt k = fanout ? regEnable(io.key, io.load).named("key_r") : io.key;
        UInt km = prq ? null : fanout ? regEnable(io.keyMask, io.load).named("key_mask_r") : io.keyMask;

        List<CellPorts> cells = new ArrayList<>();
        for (int i = 0; i < b; i++) { // the cell is elaborated once (per width and tag width), then placed b times
            cells.add(prq ? instance("cell_" + i, Definition.of(PrqCell.class, List.of(w, t), p -> new PrqCell(w, t))).io(c -> c.io)
                          : instance("cell_" + i, Definition.of(UmqCell.class, List.of(w, t), p -> new UmqCell(w, t))).io(c -> c.io));
        }
        List<Bool> empties = new ArrayList<>();
        for (int i = 0; i < b; i++) empties.add(wireOf("empty_" + i, cells.get(i).valid.not()));
        // empty at or older than cell i within this block: suffix ORs from the old end, log depth.
        List<Bool> suffixEmpty = BalancedTree.suffixes("space", empties, Bool::or);
        // Named: hdl-dsl misplaces the temporary of an unnamed subexpression shared by several cells.
        Bool space = wireOf("space_older", io.compact.and(io.olderEmpty));
        // Stage 2: each cell's compare result, registered apart from the priority logic.
        List<Bool> hits = new ArrayList<>();
        for (int i = 0; i < b; i++) {
            Bool h = cells.get(i).hit;
            hits.add(cfg.pipelining().compareStage() ? regNext(h).named("cmp_" + i) : h);
        }
        // Stage 3: whether any cell of the block hits (the priority between blocks needs no more).
        Bool anyHit = BalancedTree.reduce("any_hit", hits, Bool::or);
        io.hit.set(AlpuTiming.registersBlockPriority(cfg) ? regNext(anyHit).named("hit_r") : anyHit);
        // Stage 5: the delete signals, delayed as long as the between-block priority takes; the
        // last register is the block's own copy. Instead of an encoded location, the block keeps
        // one bit per cell: "this cell holds the entry the match deletes" (the oldest hit of the
        // block, in the block that holds the unit's oldest hit). The hits are stable until the
        // delete (the cells are frozen and the key held), so they are read again here.
        Bool dAll = io.delAll;
        Bool dHere = io.delHere;
        int n = AlpuTiming.globalStages(cfg);
        for (int r = 0; r < n - 1; r++) {
            dAll = regNext(dAll, 0).named("del_all_d" + r);
            dHere = regNext(dHere, 0).named("del_here_d" + r);
        }
        dAll = regNext(dAll, 0).named("del_all_r");
        List<Bool> oldestHit = OldestMatch.oneHot("older_hit", hits);
        List<Bool> deletes = new ArrayList<>();
        for (int i = 0; i < b; i++) deletes.add(regNext(dHere.and(oldestHit.get(i)), 0).named("deletes_" + i));
        // The deleted entry's tag, 0 unless this block deletes: the top ORs the blocks' answers.
        List<UInt> tags = new ArrayList<>();
        for (CellPorts c : cells) tags.add(c.tag);
        io.delTag.set(OldestMatch.read("del_tag", deletes, tags));
        // A cell shifts on delete when it is at or younger than the deleted one.
        List<Bool> delFrom = BalancedTree.suffixes("del_from", deletes, Bool::or);
        Bool[] enables = new Bool[b];
        for (int i = 0; i < b; i++) {
            CellPorts c = cells.get(i);
            Bool en = io.compact.and(suffixEmpty.get(i)).or(space).or(dAll).or(delFrom.get(i));
            if (i == b - 1) en = wireOf("shift_out", en);
            enables[i] = en;
            c.en.set(en);
            c.clear.set(io.clear);
            c.key.set(k);
            if (!prq) c.keyMask.set(km);
            if (i == 0) {
                c.inValid.set(io.inValid);
                c.inMatch.set(io.inMatch);
                if (prq) c.inMask.set(io.inMask);
                c.inTag.set(io.inTag);
            } else {
                CellPorts y = cells.get(i - 1);
                c.inValid.set(y.valid);
                c.inMatch.set(y.match);
                if (prq) c.inMask.set(y.mask);
                c.inTag.set(y.tag);
            }
        }
        CellPorts oldest = cells.get(b - 1);
        io.outValid.set(oldest.valid.and(enables[b - 1]));
        io.outMatch.set(oldest.match);
        if (prq) io.outMask.set(oldest.mask);
        io.outTag.set(oldest.tag);
        // The whole block's emptiness as one balanced OR (not the end of the suffix chain): it feeds
        // the younger block's enables and the INSERT decision.
        List<Room> rooms = new ArrayList<>();
        for (Bool e : empties) rooms.add(new Room(e, FALSE()));
        Room room = BalancedTree.reduce(rooms, Room::plus,
                (r, lo, hi) -> new Room(r.one.named("any_empty_" + lo + "_" + hi), r.two.named("two_empty_" + lo + "_" + hi)));
        io.anyEmpty.set(room.one);
        io.twoEmpty.set(room.two);
    }

    /** Whether a group of cells has at least one and at least two empty cells. */
    private record Room(Bool one, Bool two) {
        Room plus(Room b) {
            return new Room(one.or(b.one), two.or(b.two).or(one.and(b.one)));
        }
    }
}
