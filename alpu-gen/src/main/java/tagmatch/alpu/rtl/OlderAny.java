package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.lib.BalancedTree;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.FALSE;

/**
 * For each position, whether any older position (higher index) is set: the delete fan-out's
 * "an older block holds the oldest hit" and a block's "an older cell hits". The suffix ORs are a
 * {@link BalancedTree}, so the depth is log2 of the count rather than the count: the
 * between-block logic of a 32-block unit stays within one clock.
 */
final class OlderAny {
    private OlderAny() {}

    /**
     * {@code out[i] = in[i+1] | ... | in[n-1]}; {@code out[n-1]} is false. Every OR built is named
     * {@code NAME_I_J} after the inputs it covers ({@code older_hit_2_7 = in[2] | ... | in[7]}).
     */
    static List<Bool> of(String name, List<Bool> in) {
        List<Bool> out = new ArrayList<>(BalancedTree.suffixes(name, in, Bool::or).subList(1, in.size()));
        out.add(FALSE());
        return out;
    }
}
