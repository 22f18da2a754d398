package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The AND of many bits written as the carry out of an increment: {@code all(x) = (x + 1) >> w(x)}.
 * FPGA synthesis maps the increment onto the dedicated carry chain, so each input bit costs one
 * LUT (the per-bit compare) and the wide AND itself costs no LUTs at all, which is how the seed's
 * prototype reaches about 68 LUTs per 42-bit cell. Simulators and lint see an ordinary adder.
 *
 * <p>A carry chain is fast per bit but long in total (about 0.15 ns a bit on an iCE40, 6 ns for
 * 42 bits), so {@link #chains} cuts a wide AND into chains of at most {@link #MAX_CHAIN} bits
 * running side by side: the same LUT count, half the delay.
 *
 * <p>The chains are combined without a LUT of their own: the first one is written the other way
 * round, as "some bit is 0" (the carry out of {@code 11..1 + ~x}), and the result is
 * {@code first ? 0 : rest}. When the result is registered (the cell's compare register),
 * synthesis turns that into the flip-flop's synchronous reset, so the AND of the chains costs
 * nothing: one LUT per cell fewer than an AND gate (256 LUTs at 256 cells on
 * {@code synth_xilinx -family xc2vp}).
 *
 * <p>{@code extra} (a cell's valid) gates the first chain's bits before the addition, not after
 * it: in a four-state simulator an adder with one X input bit gives X in every sum bit, so a
 * cell never written since reset (valid 0, data X) would otherwise answer X instead of 0. Gated
 * first, the first chain sees 0 and says "some bit is 0", which selects the constant 0 whatever
 * the other chains say. The gate is one more input of the per-bit compare LUT, not a LUT.
 */
final class CarryAnd {
    private CarryAnd() {}

    /** The longest carry chain {@link #chains} builds. */
    static final int MAX_CHAIN = 22;

    /** 1 when {@code extra} and every bit of {@code x} are 1: chains of at most MAX_CHAIN bits, ANDed. */
    static Bool chains(Bool extra, UInt x) {
        int w = x.width();
        int n = (w + MAX_CHAIN - 1) / MAX_CHAIN;
        if (n == 1) return extra.and(all(x));
        Bool rest = null;
        for (int i = 1; i < n; i++) {
            Bool c = all(x.bits((i + 1) * w / n - 1, i * w / n));
            rest = rest == null ? c : rest.and(c);
        }
        UInt first = x.bits(w / n - 1, 0);
        return mux(notAll(first.and(fill(first.width(), extra))), FALSE(), rest);
    }

    /** 1 when every bit of {@code x} is 1. */
    static Bool all(UInt x) {
        int w = x.width();
        UInt sum = x.addExpand(lit(1, 1));
        // A dynamic shift by a literal renders inline (no partly used temporary for Verilator to flag).
        return sum.shr(lit(w, Widths.forValue(w))).orR();
    }

    /** 1 when some bit of {@code x} is 0: the carry out of {@code 11..1 + ~x}. */
    static Bool notAll(UInt x) {
        int w = x.width();
        UInt sum = lit((1L << w) - 1, w).addExpand(x.not());
        return sum.shr(lit(w, Widths.forValue(w))).orR();
    }
}
