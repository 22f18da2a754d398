package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Definition;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.BalancedTree;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The cells of the unit as one virtual array (seed 001 figure 2d): {@link CellBlock}s chained
 * oldest-ward (a block's oldest cell shifts into the next block's youngest), the priority between
 * the blocks (stage 4, one register or two with {@code split}) and with it the delete fan-out
 * (stage 5): each block learns from the blocks' own results whether it holds the oldest hit or an
 * older block does ({@link OlderAny}), so no encoded location has to travel back. Between blocks
 * only "any hit" is needed: the deleting block marks its oldest hit cell itself, and in the decide
 * cycle the blocks' answers (the marked cell's tag, 0 in every other block) are ORed into the
 * match's tag, so there is no tag mux between blocks. {@code room_one}/{@code room_two} say
 * whether an INSERT finds an empty cell where it enters ({@link EntryRoom}).
 */
public final class CellArray extends Module {
    /** The array's ports (outputs flipped). */
    public static final class Ports extends Bundle {
        /** Input: load {@link #key} into every block's request register (the fan-out stage). */
        public final Bool load;
        /** Input: the request's key. */
        public final MatchKey key;
        /** Inputs: a new youngest entry (an INSERT) and its fields. */
        public final Bool inValid;
        public final UInt inMatch;
        public final UInt inMask;
        public final UInt inTag;
        /** Inputs: compaction allowed; empty every cell; the blocks' results may delete. */
        public final Bool compact;
        public final Bool clear;
        public final Bool resultsValid;
        /**
         * Outputs: whether any block hits (registered, valid in the decide cycle) and, in the decide
         * cycle, the tag of the entry the match deletes (0 when none).
         */
        public final Bool hit;
        public final UInt hitTag;
        /** Outputs: at least one / two empty cells where an INSERT enters. */
        public final Bool roomOne;
        public final Bool roomTwo;

        Ports(AlpuConfig cfg) {
            boolean prq = cfg.variant() == Variant.PRQ;
            load = optional(cfg.pipelining().fanoutStage(), "load", Bool::new);
            key = field("key", new MatchKey(cfg));
            inValid = field("in_valid", new Bool());
            inMatch = field("in_match", new UInt(cfg.matchWidth()));
            inMask = optional(prq, "in_mask", () -> new UInt(cfg.matchWidth()));
            inTag = field("in_tag", new UInt(cfg.tagWidth()));
            compact = field("compact", new Bool());
            clear = field("clear", new Bool());
            resultsValid = field("results_valid", new Bool());
            hit = flipped("hit", new Bool());
            hitTag = flipped("hit_tag", new UInt(cfg.tagWidth()));
            roomOne = flipped("room_one", new Bool());
            roomTwo = flipped("room_two", new Bool());
        }
    }

    public final Ports io;

    public CellArray(AlpuConfig cfg) {
        boolean prq = cfg.variant() == Variant.PRQ;
        boolean fanout = cfg.pipelining().fanoutStage();
        int nb = cfg.blocks();
        io = ports(new Ports(cfg));

        List<CellBlock.Ports> blocks = new ArrayList<>(); // one block definition, placed nb times
        for (int b = 0; b < nb; b++) {
            blocks.add(instance("block_" + b, Definition.of(CellBlock.class, cfg, CellBlock::new)).io(x -> x.io));
        }
        List<Bool> hits = new ArrayList<>();
        List<UInt> delTags = new ArrayList<>();
        for (CellBlock.Ports blk : blocks) {
            hits.add(blk.hit);
            delTags.add(blk.delTag);
        }
        io.hit.set(regNext(anyHit(cfg, hits)).named("match_hit"));
        // Only the deleting block answers with a tag (the others give 0), in the decide cycle.
        io.hitTag.set(wireOf("match_tag", BalancedTree.reduce("match_tag", delTags, UInt::or)));

        List<Bool> olderHit = OlderAny.of("older_hit", hits);
        for (int b = 0; b < nb; b++) {
            CellBlock.Ports blk = blocks.get(b);
            if (fanout) blk.load.set(io.load);
            blk.key.set(io.key.match);
            if (!prq) blk.keyMask.set(io.key.mask);
            if (b == 0) {
                blk.inValid.set(io.inValid);
                blk.inMatch.set(io.inMatch);
                if (prq) blk.inMask.set(io.inMask);
                blk.inTag.set(io.inTag);
            } else {
                CellBlock.Ports y = blocks.get(b - 1);
                blk.inValid.set(y.outValid);
                blk.inMatch.set(y.outMatch);
                if (prq) blk.inMask.set(y.outMask);
                blk.inTag.set(y.outTag);
            }
            blk.olderEmpty.set(b + 1 < nb ? blocks.get(b + 1).anyEmpty : FALSE());
            blk.compact.set(io.compact);
            blk.clear.set(io.clear);
            Bool older = olderHit.get(b);
            blk.delAll.set(io.resultsValid.and(older));
            blk.delHere.set(io.resultsValid.and(blk.hit).and(older.not()));
        }
        io.roomOne.set(EntryRoom.atLeast(blocks, 1));
        io.roomTwo.set(EntryRoom.atLeast(blocks, 2));
    }

    /**
     * Whether any block hits (the unit's result; which entry is the oldest is decided in the
     * blocks); with {@code split}, ORed over groups of about sqrt(blocks) registered first.
     */
    private static Bool anyHit(AlpuConfig cfg, List<Bool> hits) {
        if (!AlpuTiming.splitsGlobal(cfg)) return BalancedTree.reduce("any_hit", hits, Bool::or);
        int group = AlpuTiming.groupSize(cfg);
        List<Bool> groups = new ArrayList<>();
        for (int start = 0; start < hits.size(); start += group) {
            String gn = "group_hit_" + groups.size();
            Bool g = BalancedTree.reduce(gn, hits.subList(start, Math.min(start + group, hits.size())), Bool::or);
            groups.add(regNext(g).named(gn));
        }
        return BalancedTree.reduce("any_group_hit", groups, Bool::or);
    }
}
