package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;

import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Whether the cells an INSERT can reach (blocks 0 and 1: the narrow compaction rule lets block
 * 0's youngest cell shift when either block has an empty cell) hold at least one or two empty
 * cells. Counted with saturating adders over the cells' valid bits; the result is registered by
 * the caller, so its depth is off the command path.
 */
final class EntryRoom {
    private EntryRoom() {}

    /** At least {@code n} (1 or 2) empty cells in blocks 0 and 1. */
    static Bool atLeast(List<CellBlock.Ports> blocks, int n) {
        List<CellBlock.Ports> reach = blocks.subList(0, Math.min(2, blocks.size()));
        if (n == 1) {
            Bool any = FALSE();
            for (CellBlock.Ports b : reach) any = any.or(b.anyEmpty);
            return any;
        }
        if (n != 2) throw new IllegalArgumentException("n must be 1 or 2, got " + n);
        // Per block: one empty (any) and two empty (at least two); combined across the two blocks.
        Bool one = FALSE();
        Bool two = FALSE();
        for (CellBlock.Ports b : reach) {
            two = two.or(b.twoEmpty).or(one.and(b.anyEmpty));
            one = one.or(b.anyEmpty);
        }
        return two;
    }
}
