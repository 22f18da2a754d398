package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static tagmatch.hdl.core.Hdl.FALSE;

/**
 * For each position, whether any older position (higher index) is set: the delete fan-out's
 * "an older block holds the oldest hit". Built by recursive halving (each half's suffix ORs, the
 * younger half ORed with the whole older half), so the depth is log2 of the count rather than
 * the count: the between-block logic of a 32-block unit stays within one clock.
 */
final class OlderAny {
    private OlderAny() {}

    /**
     * {@code out[i] = in[i+1] | ... | in[n-1]}; {@code out[n-1]} is false. Every OR built is named
     * {@code NAME_I_J} after the inputs it covers ({@code older_hit_2_7 = in[2] | ... | in[7]}).
     */
    static List<Bool> of(String name, List<Bool> in) {
        List<Bool> out = new ArrayList<>(inclusive(name, in).subList(1, in.size()));
        out.add(FALSE());
        return out;
    }

    /** {@code out[i] = in[i] | ... | in[n-1]}, named as {@link #of} names them. */
    static List<Bool> inclusive(String name, List<Bool> in) {
        Bool[] out = new Bool[in.size()];
        suffix(name, in, 0, in.size(), out);
        return Arrays.asList(out);
    }

    /** Fills {@code out[i]} for lo <= i < hi with the OR of {@code in[i..hi-1]}. */
    private static void suffix(String name, List<Bool> in, int lo, int hi, Bool[] out) {
        if (hi - lo == 1) {
            out[lo] = in.get(lo);
            return;
        }
        int mid = (lo + hi) / 2;
        suffix(name, in, lo, mid, out);
        suffix(name, in, mid, hi, out);
        Bool olderHalf = out[mid];
        for (int i = lo; i < mid; i++) out[i] = out[i].or(olderHalf).named(name + "_" + i + "_" + (hi - 1));
    }
}
