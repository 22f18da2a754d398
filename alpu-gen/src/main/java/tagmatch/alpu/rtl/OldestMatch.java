package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;
import tagmatch.hdl.lib.PriorityTree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Priority selection of the oldest match (seed 001 section III-B): a radix-2 {@link PriorityTree}
 * of 2:1 muxes, as in the prototype. Positions are numbered youngest first (position 0 is where
 * entries enter), so the list is handed to the tree oldest first and the tree's index is turned
 * back into a position: the result is the encoded match location the delete needs.
 */
final class OldestMatch {
    /** Radix of the tree: the seed uses 2:1 muxes throughout for placement regularity. */
    static final int RADIX = 2;

    private OldestMatch() {}

    /** Selects among {@code hits} (position 0 youngest); the index is the winning position. */
    static PriorityTree.Selection<UInt> select(List<Bool> hits, List<UInt> payloads) {
        int n = hits.size();
        PriorityTree.Selection<UInt> s = PriorityTree.select("oldest", reversed(hits), reversed(payloads), RADIX);
        return new PriorityTree.Selection<>(s.valid(), position(n, s.index()), s.payload());
    }

    /**
     * The first level of a selection split into two clock cycles: one selection per group of
     * {@code group} positions, groups listed oldest first. Each group's index is its oldest-first
     * rank within the group, {@code log2(group)} bits wide.
     */
    static List<PriorityTree.Selection<UInt>> selectGroups(List<Bool> hits, List<UInt> payloads, int group) {
        List<Bool> h = reversed(hits);
        List<UInt> p = reversed(payloads);
        int lg = Widths.forCount(group);
        List<PriorityTree.Selection<UInt>> out = new ArrayList<>();
        for (int start = 0; start < h.size(); start += group) {
            int end = Math.min(start + group, h.size());
            PriorityTree.Selection<UInt> s = PriorityTree.select("oldest_g" + out.size(), h.subList(start, end), p.subList(start, end), RADIX);
            out.add(new PriorityTree.Selection<>(s.valid(), s.index().pad(lg), s.payload()));
        }
        return out;
    }

    /** n-1-rank: the youngest-first position of the entry ranked {@code rank} oldest first. */
    private static UInt position(int n, UInt rank) {
        int w = Widths.forCount(n);
        if (n == 1) return lit(0, 1);
        if (Integer.bitCount(n) == 1) return rank.pad(w).truncate(w).not();
        return lit(n - 1, w).sub(rank.pad(w).truncate(w));
    }

    private static <T> List<T> reversed(List<T> in) {
        List<T> r = new ArrayList<>(in);
        Collections.reverse(r);
        return r;
    }
}
