package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;
import tagmatch.hdl.lib.PriorityTree;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A block of {@code BLOCK} cells (seed 001 figure 2c): a registered copy of the request, one
 * enable per cell, the priority mux that picks the block's oldest match with its encoded
 * location, and the flow control that moves entries towards the old end.
 *
 * <p>A cell is enabled (takes its younger neighbour's contents) in two cases. Delete: the top
 * broadcasts the match location one cycle ahead, each block registers its own copy, and the
 * cells at and younger than the location shift, overwriting the matched entry. Compaction
 * ("space available"): while no match is in flight, every cell with an empty cell at or older
 * than itself, in this block or any older block ({@code older_empty}), shifts; an INSERT is that
 * same shift with the new entry entering block 0's youngest cell. Any hole therefore closes
 * while younger entries keep their order, and an insert is possible whenever a cell is free.
 * The block has no per-block constants, so every block is the same module.
 */
public final class CellBlock extends Module {
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
    public final UInt delIdx;
    public final Bool clear;
    public final Bool outValid;
    public final UInt outMatch;
    public final UInt outMask;
    public final UInt outTag;
    public final Bool anyEmpty;
    public final Bool hit;
    public final UInt hitIdx;
    public final UInt hitTag;

    public CellBlock(AlpuConfig cfg) {
        int b = cfg.block();
        int w = cfg.matchWidth();
        int t = cfg.tagWidth();
        int lb = Widths.forCount(b);
        boolean prq = cfg.variant() == Variant.PRQ;
        boolean fanout = cfg.pipelining().fanoutStage();
        param("block", b);
        param("variant", cfg.variant());
        load = fanout ? input("load", Bool()) : null;
        key = input("key", UInt(w));
        keyMask = prq ? null : input("key_mask", UInt(w));
        inValid = input("in_valid", Bool());
        inMatch = input("in_match", UInt(w));
        inMask = prq ? input("in_mask", UInt(w)) : null;
        inTag = input("in_tag", UInt(t));
        compact = input("compact", Bool());
        olderEmpty = input("older_empty", Bool());
        delAll = input("del_all", Bool());
        delHere = input("del_here", Bool());
        delIdx = input("del_idx", UInt(lb));
        clear = input("clear", Bool());
        outValid = output("out_valid", Bool());
        outMatch = output("out_match", UInt(w));
        outMask = prq ? output("out_mask", UInt(w)) : null;
        outTag = output("out_tag", UInt(t));
        anyEmpty = output("any_empty", Bool());
        hit = output("hit", Bool());
        hitIdx = output("hit_idx", UInt(lb));
        hitTag = output("hit_tag", UInt(t));

        // Stage 1 of the seed: each block registers its own copy of the request.
        UInt k = fanout ? regEnable(key, load).named("key_r") : key;
        UInt km = prq ? null : fanout ? regEnable(keyMask, load).named("key_mask_r") : keyMask;
        // Stage 5: each block registers its own copy of the delete signals (pulses, so reset).
        Bool dAll = regNext(delAll, 0).named("del_all_r");
        Bool dHere = regNext(delHere, 0).named("del_here_r");
        UInt dIdx = regNext(delIdx).named("del_idx_r");

        List<CellPorts> cells = new ArrayList<>();
        for (int i = 0; i < b; i++) {
            cells.add(prq ? instance("cell_" + i, new PrqCell(w, t)).ports()
                          : instance("cell_" + i, new UmqCell(w, t)).ports());
        }
        // empty at or older than cell i within this block: a suffix OR from the old end.
        Bool[] suffixEmpty = new Bool[b];
        Bool acc = null;
        for (int i = b - 1; i >= 0; i--) {
            Bool e = cells.get(i).valid().not();
            acc = acc == null ? e : acc.or(e);
            suffixEmpty[i] = wireOf("space_" + i, acc);
        }
        // Named: hdl-dsl misplaces the temporary of an unnamed subexpression shared by several cells.
        Bool space = wireOf("space_older", compact.and(olderEmpty));
        for (int i = 0; i < b; i++) {
            CellPorts c = cells.get(i);
            Bool atOrBelow = i == 0 ? dHere : dHere.and(dIdx.ge(lit(i, lb)));
            Bool en = compact.and(suffixEmpty[i]).or(space).or(dAll).or(atOrBelow);
            c.en().set(en);
            c.clear().set(clear);
            c.key().set(k);
            if (!prq) c.keyMask().set(km);
            if (i == 0) {
                c.inValid().set(inValid);
                c.inMatch().set(inMatch);
                if (prq) c.inMask().set(inMask);
                c.inTag().set(inTag);
            } else {
                CellPorts y = cells.get(i - 1);
                c.inValid().set(y.valid());
                c.inMatch().set(y.match());
                if (prq) c.inMask().set(y.mask());
                c.inTag().set(y.tag());
            }
        }
        CellPorts oldest = cells.get(b - 1);
        outValid.set(oldest.valid());
        outMatch.set(oldest.match());
        if (prq) outMask.set(oldest.mask());
        outTag.set(oldest.tag());
        anyEmpty.set(suffixEmpty[0]);

        // Stage 3: priority muxing within the block.
        List<Bool> hits = new ArrayList<>();
        List<UInt> tags = new ArrayList<>();
        for (CellPorts c : cells) {
            hits.add(c.hit());
            tags.add(c.tag());
        }
        PriorityTree.Selection<UInt> s = OldestMatch.select(hits, tags);
        if (cfg.pipelining().blockPriorityStage()) {
            hit.set(regNext(s.valid()).named("hit_r"));
            hitIdx.set(regNext(s.index()).named("hit_idx_r"));
            hitTag.set(regNext(s.payload()).named("hit_tag_r"));
        } else {
            hit.set(s.valid());
            hitIdx.set(s.index());
            hitTag.set(s.payload());
        }
    }
}
