package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Raises {@code detected} in the cycle after the last {@code length} bits seen on {@code in}
 * equal {@code pattern} (first bit received = most significant), overlaps included. A worked
 * example of {@link NamedStateMachine} (its number of states depends on the pattern): state {@code S_i} means "the last i bits are the pattern's
 * first i", and the transitions are the Knuth–Morris–Pratt automaton.
 *
 * <pre>{@code
 * SequenceDetector d = instance(new SequenceDetector(0b1011, 4));   // states S0..S4
 * d.in.set(serial);
 * when(d.detected, () -> frames.set(frames.add(1)));
 * }</pre>
 */
public final class SequenceDetector extends Module {
    public final Bool in = input(Bool());
    public final Bool detected = output(Bool());

    public SequenceDetector(int pattern, int length) {
        if (length < 1 || length > 16) throw new IllegalArgumentException("SequenceDetector length must be 1..16, got " + length);
        if (pattern < 0 || pattern >= 1 << length)
            throw new IllegalArgumentException("SequenceDetector pattern must be 0.." + ((1 << length) - 1) + " for length " + length + ", got " + pattern);
        param("pattern", Integer.toBinaryString(pattern | 1 << length).substring(1));
        param("length", length);
        List<String> names = new ArrayList<>();
        for (int i = 0; i <= length; i++) names.add("S" + i);
        NamedStateMachine fsm = new NamedStateMachine("state", names);
        for (int i = 0; i <= length; i++) {
            String on1 = "S" + next(pattern, length, i, 1), on0 = "S" + next(pattern, length, i, 0);
            fsm.on("S" + i, () -> when(in, () -> fsm.goTo(on1)).otherwise(() -> fsm.goTo(on0)));
        }
        detected.set(fsm.is("S" + length));
    }

    /** Longest prefix of the pattern that is a suffix of (first {@code matched} bits + {@code bit}). */
    static int next(int pattern, int length, int matched, int bit) {
        StringBuilder seen = new StringBuilder(bits(pattern, length).substring(0, Math.min(matched, length))).append(bit);
        if (matched == length) seen = new StringBuilder(bits(pattern, length)).append(bit);
        String p = bits(pattern, length);
        for (int k = Math.min(length, seen.length()); k > 0; k--)
            if (seen.substring(seen.length() - k).equals(p.substring(0, k))) return k;
        return 0;
    }

    private static String bits(int pattern, int length) {
        return Integer.toBinaryString(pattern | 1 << length).substring(1);
    }
}
