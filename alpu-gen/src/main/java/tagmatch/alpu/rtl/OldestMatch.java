package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.BalancedTree;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The oldest match (seed 001 section III-B) as a one-hot choice and an AND-OR read, instead of
 * the prototype's tree of 2:1 priority muxes. Positions are numbered youngest first (position 0
 * is where entries enter), so the oldest hit is the highest position whose hit is set.
 *
 * <p>Why not the mux tree: the answer is needed only for the one entry a match deletes, and the
 * per-cell "this is the entry" bits ({@link #oneHot}) are needed anyway to shift the cells at and
 * younger than it. Reading the tag through them is an AND-OR (per tag bit one 4-input LUT for
 * every two cells, then an OR), which costs about a third fewer LUTs than a priority mux per
 * block and needs no mux between blocks at all: only the deleting block's bits are set, so the
 * blocks' answers are ORed.
 */
final class OldestMatch {
    private OldestMatch() {}

    /** Bit {@code i}: position {@code i} hits and no older position does ({@code NAME_I_J}: hits i..j ORed). */
    static List<Bool> oneHot(String name, List<Bool> hits) {
        List<Bool> older = OlderAny.of(name, hits);
        List<Bool> out = new ArrayList<>();
        for (int i = 0; i < hits.size(); i++) out.add(hits.get(i).and(older.get(i).not()));
        return out;
    }

    /**
     * The payload of the selected position, 0 when none is: the OR of each payload masked by its
     * select (inner ORs named {@code NAME_I_J}).
     */
    static UInt read(String name, List<Bool> select, List<UInt> payloads) {
        List<UInt> terms = new ArrayList<>();
        for (int i = 0; i < select.size(); i++) {
            UInt p = payloads.get(i);
            terms.add(mux(select.get(i), p, lit(0, p.width())));
        }
        return BalancedTree.reduce(name, terms, UInt::or);
    }
}
