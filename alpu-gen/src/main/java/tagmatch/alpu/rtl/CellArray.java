package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Definition;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

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

    public CellArray(AlpuConfig cfg) {
        boolean prq = cfg.variant() == Variant.PRQ;
        boolean fanout = cfg.pipelining().fanoutStage();
        int nb = cfg.blocks();
        load = fanout ? input("load", Bool()) : null;
        key = input(new MatchKey(cfg)).named("key");
        inValid = input("in_valid", Bool());
        inMatch = input("in_match", UInt(cfg.matchWidth()));
        inMask = prq ? input("in_mask", UInt(cfg.matchWidth())) : null;
        inTag = input("in_tag", UInt(cfg.tagWidth()));
        compact = input("compact", Bool());
        clear = input("clear", Bool());
        resultsValid = input("results_valid", Bool());
        hit = output("hit", Bool());
        hitTag = output("hit_tag", UInt(cfg.tagWidth()));
        roomOne = output("room_one", Bool());
        roomTwo = output("room_two", Bool());

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
        hit.set(regNext(anyHit(cfg, hits)).named("match_hit"));
        // Only the deleting block answers with a tag (the others give 0), in the decide cycle.
        hitTag.set(wireOf("match_tag", Balanced.reduce("match_tag", delTags, UInt::or)));

        List<Bool> olderHit = OlderAny.of("older_hit", hits);
        for (int b = 0; b < nb; b++) {
            CellBlock.Ports blk = blocks.get(b);
            if (fanout) blk.load.set(load);
            blk.key.set(key.match);
            if (!prq) blk.keyMask.set(key.mask);
            if (b == 0) {
                blk.inValid.set(inValid);
                blk.inMatch.set(inMatch);
                if (prq) blk.inMask.set(inMask);
                blk.inTag.set(inTag);
            } else {
                CellBlock.Ports y = blocks.get(b - 1);
                blk.inValid.set(y.outValid);
                blk.inMatch.set(y.outMatch);
                if (prq) blk.inMask.set(y.outMask);
                blk.inTag.set(y.outTag);
            }
            blk.olderEmpty.set(b + 1 < nb ? blocks.get(b + 1).anyEmpty : FALSE());
            blk.compact.set(compact);
            blk.clear.set(clear);
            Bool older = olderHit.get(b);
            blk.delAll.set(resultsValid.and(older));
            blk.delHere.set(resultsValid.and(blk.hit).and(older.not()));
        }
        roomOne.set(EntryRoom.atLeast(blocks, 1));
        roomTwo.set(EntryRoom.atLeast(blocks, 2));
    }

    /**
     * Whether any block hits (the unit's result; which entry is the oldest is decided in the
     * blocks); with {@code split}, ORed over groups of about sqrt(blocks) registered first.
     */
    private static Bool anyHit(AlpuConfig cfg, List<Bool> hits) {
        if (!AlpuTiming.splitsGlobal(cfg)) return Balanced.reduce("any_hit", hits, Bool::or);
        int group = AlpuTiming.groupSize(cfg);
        List<Bool> groups = new ArrayList<>();
        for (int start = 0; start < hits.size(); start += group) {
            String gn = "group_hit_" + groups.size();
            Bool g = Balanced.reduce(gn, hits.subList(start, Math.min(start + group, hits.size())), Bool::or);
            groups.add(regNext(g).named(gn));
        }
        return Balanced.reduce("any_group_hit", groups, Bool::or);
    }
}
