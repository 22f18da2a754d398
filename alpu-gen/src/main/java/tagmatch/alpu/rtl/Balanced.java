package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Data;

import java.util.List;
import java.util.function.BinaryOperator;

/**
 * A reduction written as a balanced tree (halves reduced, then combined), so its depth is
 * log2 of the count: the ORs over a block's cells and over the blocks stay shallow for any size.
 * Each inner node is named {@code NAME_LO_HI} after the inputs it covers ({@code any_hit_0_3}),
 * so the generated Verilog reads as the tree it is; the root is left for the caller to name.
 */
final class Balanced {
    private Balanced() {}

    static <T extends Data> T reduce(String name, List<T> xs, BinaryOperator<T> op) {
        return reduce(name, xs, 0, xs.size(), op, true);
    }

    private static <T extends Data> T reduce(String name, List<T> xs, int lo, int hi, BinaryOperator<T> op, boolean root) {
        if (hi <= lo) throw new IllegalArgumentException("nothing to reduce");
        if (hi - lo == 1) return xs.get(lo);
        int mid = (lo + hi) / 2;
        T v = op.apply(reduce(name, xs, lo, mid, op, false), reduce(name, xs, mid, hi, op, false));
        return root ? v : v.named(name + "_" + lo + "_" + (hi - 1));
    }
}
