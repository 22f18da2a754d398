package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A maximal-length linear-feedback shift register (Fibonacci form, XOR feedback): in every cycle
 * where {@code en} is 1 the state shifts up by one bit and the XOR of its tap bits enters at bit
 * 0, so a nonzero state runs through all {@code 2^width - 1} nonzero values before repeating
 * (the all-zero state would stay put, and reset never loads it). Pseudo-random stimulus, test
 * patterns, scramblers; not for cryptography.
 *
 * <pre>{@code
 * UInt noise = Lfsr.random(en, 16);                 // inline: a 16-bit register, seed 1
 * Lfsr l = instance(new Lfsr(32, 0xACE1));          // or as a module: en in, value out
 * }</pre>
 *
 * The taps, for widths 2..64, are those of Xilinx application note XAPP052, "Efficient Shift
 * Registers, LFSR Counters, and Long Pseudo-Random Sequence Generators" (P. Alfke, 1996),
 * Table 3, numbered from 1 as there (tap {@code t} is state bit {@code t-1}). Its table is for
 * XNOR feedback; XOR feedback on the same taps has the same period, with all-zeros instead of
 * all-ones as the state it cannot leave. A test checks that every tap set is a primitive
 * polynomial over GF(2), which is what makes the period maximal.
 */
public final class Lfsr extends Module {
    private static final int[][] TAPS = {
            null, null,
            {2, 1}, {3, 2}, {4, 3}, {5, 3}, {6, 5}, {7, 6}, {8, 6, 5, 4}, {9, 5}, {10, 7},
            {11, 9}, {12, 6, 4, 1}, {13, 4, 3, 1}, {14, 5, 3, 1}, {15, 14}, {16, 15, 13, 4}, {17, 14}, {18, 11},
            {19, 6, 2, 1}, {20, 17}, {21, 19}, {22, 21}, {23, 18}, {24, 23, 22, 17}, {25, 22}, {26, 6, 2, 1},
            {27, 5, 2, 1}, {28, 25}, {29, 27}, {30, 6, 4, 1}, {31, 28}, {32, 22, 2, 1}, {33, 20}, {34, 27, 2, 1},
            {35, 33}, {36, 25}, {37, 5, 4, 3, 2, 1}, {38, 6, 5, 1}, {39, 35}, {40, 38, 21, 19}, {41, 38},
            {42, 41, 20, 19}, {43, 42, 38, 37}, {44, 43, 18, 17}, {45, 44, 42, 41}, {46, 45, 26, 25}, {47, 42},
            {48, 47, 21, 20}, {49, 40}, {50, 49, 24, 23}, {51, 50, 36, 35}, {52, 49}, {53, 52, 38, 37},
            {54, 53, 18, 17}, {55, 31}, {56, 55, 35, 34}, {57, 50}, {58, 39}, {59, 58, 38, 37}, {60, 59},
            {61, 60, 46, 45}, {62, 61, 6, 5}, {63, 62}, {64, 63, 61, 60}};

    /** Widest register with a tap set. */
    public static final int MAX_WIDTH = 64;

    public final Bool en;
    public final UInt value;

    /** A {@code width}-bit LFSR starting at 1. */
    public Lfsr(int width) {
        this(width, 1);
    }

    /** A {@code width}-bit LFSR starting at {@code seed} after reset (positive, fits the width). */
    public Lfsr(int width, long seed) {
        checkWidth(width);
        checkSeed(width, seed);
        param("width", width);
        param("seed", "0x" + Long.toHexString(seed));
        en = input(Bool());
        value = output(UInt(width));
        value.set(random(en, width, seed));
    }

    /** The taps for {@code width} (2..64), highest first, numbered from 1. */
    public static int[] taps(int width) {
        checkWidth(width);
        return TAPS[width].clone();
    }

    /** A {@code width}-bit LFSR register advancing when {@code enable} is 1, seed 1, inside the current module. */
    public static UInt random(Bool enable, int width) {
        return random(enable, width, 1);
    }

    /** As {@link #random(Bool, int)}, starting at {@code seed} after reset. */
    public static UInt random(Bool enable, int width, long seed) {
        checkWidth(width);
        checkSeed(width, seed);
        UInt state = regInit(UInt(width), seed).named("lfsr");
        when(enable, () -> state.set(next(state)));
        return state;
    }

    /** The state after {@code state}: shifted up one bit, the XOR of the taps entering at bit 0. */
    public static UInt next(UInt state) {
        int width = state.width();
        checkWidth(width);
        List<Bool> taps = new ArrayList<>();
        for (int t : TAPS[width]) taps.add(state.bit(t - 1));
        Bool feedback = taps.get(0);
        for (int i = 1; i < taps.size(); i++) feedback = feedback.xor(taps.get(i));
        return cat(new Bits[] {state.bits(width - 2, 0), feedback});
    }

    private static void checkWidth(int width) {
        if (width < 2 || width > MAX_WIDTH) throw new IllegalArgumentException("Lfsr width must be 2.." + MAX_WIDTH + ", got " + width);
    }

    private static void checkSeed(int width, long seed) {
        if (seed <= 0 || width < 63 && (seed >>> width) != 0)
            throw new IllegalArgumentException("Lfsr seed must be positive and fit " + width + " bits, got 0x" + Long.toHexString(seed));
    }
}
