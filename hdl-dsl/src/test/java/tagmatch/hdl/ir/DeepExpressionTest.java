package tagmatch.hdl.ir;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/**
 * Deep expression DAGs elaborate in time linear in their size. Each level of the chains below reads
 * the level beneath it twice, through two muxes, so a walk that does not remember what it has
 * computed (a width, a hash, an equality) visits 2^depth paths and never finishes.
 */
class DeepExpressionTest {
    /** Levels of the chains: 2^150 paths; a mux nesting of 300, which the recursive walkers take on a default stack. */
    private static final int DEPTH = 150;
    /** Parallel chains, each level of one reading its neighbour too: 22 x 150 x 3 = 9,900 muxes. */
    private static final int LANES = 22;

    @Test
    void tenThousandMuxesThatShareEveryLevelElaborateAndEmit() {
        int[] width = new int[1];
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(8));
            UInt b = input("b", UInt(8));
            Bool s = input("s", Bool());
            Bool t = input("t", Bool());
            UInt[] x = new UInt[LANES];
            for (int j = 0; j < LANES; j++) x[j] = j % 2 == 0 ? a : b;
            for (int i = 0; i < DEPTH; i++) {
                Bool c1 = i % 2 == 0 ? s : t, c2 = i % 3 == 0 ? t : s;
                UInt[] next = new UInt[LANES];
                for (int j = 0; j < LANES; j++)
                    next[j] = mux(c1, mux(c2, x[j], x[(j + 1) % LANES]), mux(c2, a, x[j]));
                x = next;
            }
            UInt y = x[0];
            for (int j = 1; j < LANES; j++) y = y.xor(x[j]);
            width[0] = y.width();
            output("y", UInt(8)).set(y);
        }});
        assertEquals(8, width[0]);
        String v = VerilogEmitter.emit(c);
        assertTrue(v.contains("module"), v.substring(0, Math.min(200, v.length())));
    }

    @Test
    void aDeepChainHasItsWidthAtOnceAndItsHashFromItsParts() {
        Expr a = Expr.Lit.of(1, 8), b = Expr.Lit.of(2, 9);
        Expr cond = Expr.Lit.of(1, 1);
        Expr x = a, y = a;
        for (int i = 0; i < DEPTH; i++) {
            x = new Expr.Mux(cond, new Expr.Mux(cond, x, b), new Expr.Mux(cond, b, x));
            y = new Expr.Mux(cond, new Expr.Mux(cond, y, b), new Expr.Mux(cond, b, y));
        }
        assertEquals(9, x.width());
        assertEquals(x.hashCode(), y.hashCode());
        assertEquals(x, y);
    }
}
