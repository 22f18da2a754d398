package tagmatch.hdl.lib;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The tree shapes and node names {@link BalancedTree} builds, seen through plain strings. */
class BalancedTreeTest {
    private static String join(String a, String b) {
        return "(" + a + b + ")";
    }

    @Test
    void reduceHalvesAndNamesEveryInnerNodeButTheRoot() {
        List<String> names = new ArrayList<>();
        String root = BalancedTree.reduce(List.of("a", "b", "c", "d", "e"), BalancedTreeTest::join, (v, lo, hi) -> {
            names.add(lo + ".." + hi);
            return v;
        });
        assertEquals("((ab)(c(de)))", root);
        assertEquals(List.of("0..1", "3..4", "2..4"), names);
        assertEquals("x", BalancedTree.reduce(List.of("x"), BalancedTreeTest::join));
    }

    @Test
    void suffixesCoverEveryInputFromItsOwnToTheLast() {
        List<String> names = new ArrayList<>();
        List<String> out = BalancedTree.suffixes(List.of("a", "b", "c", "d", "e"), (x, y) -> x + y, (v, lo, hi) -> {
            names.add(lo + ".." + hi);
            return v;
        });
        assertEquals(List.of("abcde", "bcde", "cde", "de", "e"), out);
        // the younger half of each level combined with the whole older half, named after what it covers
        assertEquals(List.of("0..1", "3..4", "2..4", "0..4", "1..4"), names);
    }

    @Test
    void nothingToReduceIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> BalancedTree.reduce(List.<String>of(), BalancedTreeTest::join));
        assertThrows(IllegalArgumentException.class, () -> BalancedTree.suffixes(List.<String>of(), BalancedTreeTest::join, BalancedTree.unnamed()));
    }
}
