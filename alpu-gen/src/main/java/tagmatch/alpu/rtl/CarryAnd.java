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
 */
final class CarryAnd {
    private CarryAnd() {}

    /** 1 when every bit of {@code x} is 1. */
    static Bool all(UInt x) {
        int w = x.width();
        UInt sum = x.addExpand(lit(1, 1));
        // A dynamic shift by a literal renders inline (no partly used temporary for Verilator to flag).
        return sum.shr(lit(w, Widths.forValue(w))).orR();
    }
}
