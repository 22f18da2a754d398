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
 * running side by side, ANDed by one LUT: the same LUT count, half the delay.
 */
final class CarryAnd {
    private CarryAnd() {}

    /** The longest carry chain {@link #chains} builds. */
    static final int MAX_CHAIN = 22;

    /** 1 when {@code extra} and every bit of {@code x} are 1: chains of at most MAX_CHAIN bits, ANDed. */
    static Bool chains(Bool extra, UInt x) {
        int w = x.width();
        int n = (w + MAX_CHAIN - 1) / MAX_CHAIN;
        Bool out = extra;
        for (int i = 0; i < n; i++) {
            int lo = i * w / n;
            int hi = (i + 1) * w / n - 1;
            out = out.and(all(x.bits(hi, lo)));
        }
        return out;
    }

    /** 1 when every bit of {@code x} is 1. */
    static Bool all(UInt x) {
        int w = x.width();
        UInt sum = x.addExpand(lit(1, 1));
        // A dynamic shift by a literal renders inline (no partly used temporary for Verilator to flag).
        return sum.shr(lit(w, Widths.forValue(w))).orR();
    }
}
