package tagmatch.hdl.lib;

import tagmatch.hdl.core.Data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BinaryOperator;

/**
 * Reductions written as balanced trees (halves reduced, then combined), so the depth is log2 of
 * the count whatever the count: an OR over 256 cells is 8 levels, not 255. The operator may be
 * anything associative over any value ({@code Bool::or}, {@code UInt::or}, a record of several
 * signals reduced together). Inner nodes can be named after the inputs they cover
 * ({@code any_hit_0_3} is inputs 0..3), so the Verilog reads as the tree it is; the root is left
 * for the caller to name (a register, a port).
 *
 * <pre>{@code
 * Bool any = BalancedTree.reduce("any_hit", hits, Bool::or);            // any_hit_0_1, any_hit_2_3, ...
 * UInt word = BalancedTree.reduce(terms, UInt::or);                     // unnamed nodes
 * List<Bool> older = BalancedTree.suffixes("older", hits, Bool::or);    // older[i] = hits[i] | ... | hits[n-1]
 * }</pre>
 */
public final class BalancedTree {
    private BalancedTree() {}

    /** Names an inner node covering inputs {@code lo..hi} (inclusive); returns the named value. */
    @FunctionalInterface
    public interface Namer<T> {
        T name(T node, int lo, int hi);
    }

    /** Leaves inner nodes unnamed. */
    public static <T> Namer<T> unnamed() {
        return (node, lo, hi) -> node;
    }

    /** Names each inner node of hardware {@code NAME_LO_HI}. */
    public static <T extends Data> Namer<T> named(String name) {
        return (node, lo, hi) -> node.named(name + "_" + lo + "_" + hi);
    }

    /** {@code xs[0] op xs[1] op ... op xs[n-1]} as a balanced tree with unnamed nodes. */
    public static <T> T reduce(List<T> xs, BinaryOperator<T> op) {
        return reduce(xs, op, unnamed());
    }

    /** As {@link #reduce(List, BinaryOperator)}, inner nodes named {@code NAME_LO_HI}. */
    public static <T extends Data> T reduce(String name, List<T> xs, BinaryOperator<T> op) {
        return reduce(xs, op, named(name));
    }

    /** As {@link #reduce(List, BinaryOperator)}, each inner node (not the root) passed through {@code namer}. */
    public static <T> T reduce(List<T> xs, BinaryOperator<T> op, Namer<T> namer) {
        if (xs.isEmpty()) throw new IllegalArgumentException("BalancedTree.reduce needs at least one input");
        return reduce(xs, 0, xs.size(), op, namer, true);
    }

    private static <T> T reduce(List<T> xs, int lo, int hi, BinaryOperator<T> op, Namer<T> namer, boolean root) {
        if (hi - lo == 1) return xs.get(lo);
        int mid = (lo + hi) >>> 1;
        T v = op.apply(reduce(xs, lo, mid, op, namer, false), reduce(xs, mid, hi, op, namer, false));
        return root ? v : namer.name(v, lo, hi - 1);
    }

    /**
     * {@code out[i] = xs[i] op ... op xs[n-1]} for every i, by recursive halving (each half's
     * suffixes, the younger half's combined with the whole older half), so every output is
     * log2(n) levels deep; each combined output is named {@code NAME_I_J} after the inputs it covers.
     */
    public static <T extends Data> List<T> suffixes(String name, List<T> xs, BinaryOperator<T> op) {
        return suffixes(xs, op, named(name));
    }

    /** As {@link #suffixes(String, List, BinaryOperator)}, each combined output passed through {@code namer}. */
    public static <T> List<T> suffixes(List<T> xs, BinaryOperator<T> op, Namer<T> namer) {
        if (xs.isEmpty()) throw new IllegalArgumentException("BalancedTree.suffixes needs at least one input");
        List<T> out = new ArrayList<>(xs);
        suffixes(out, 0, xs.size(), op, namer);
        return Collections.unmodifiableList(out);
    }

    /** Replaces {@code out[i]}, lo <= i < hi, with the reduction of {@code out[i..hi-1]}. */
    private static <T> void suffixes(List<T> out, int lo, int hi, BinaryOperator<T> op, Namer<T> namer) {
        if (hi - lo == 1) return;
        int mid = (lo + hi) / 2;
        suffixes(out, lo, mid, op, namer);
        suffixes(out, mid, hi, op, namer);
        T olderHalf = out.get(mid);
        for (int i = lo; i < mid; i++) out.set(i, namer.name(op.apply(out.get(i), olderHalf), i, hi - 1));
    }
}
