package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Counts 0, 1, ..., {@code n-1}, 0, ... in cycles where {@code en} is 1; {@code wrap} is 1 in
 * the cycle the count goes from {@code n-1} back to 0. Resets to 0.
 *
 * <pre>{@code
 * Counter.Value c = Counter.count(fire, 10);   // inline: c.value(), c.wrap()
 * }</pre>
 */
public final class Counter extends Module {
    /** The count register and its wrap pulse. */
    public record Value(UInt value, Bool wrap) {}

    public final Bool en;
    public final UInt value;
    public final Bool wrap;

    public Counter(int n) {
        if (n < 2) throw new IllegalArgumentException("Counter n must be >= 2, got " + n);
        param("n", n);
        en = input(Bool());
        value = output(UInt(Widths.forCount(n)));
        wrap = output(Bool());
        Value v = count(en, n);
        value.set(v.value());
        wrap.set(v.wrap());
    }

    /** A counter modulo {@code n} advancing when {@code enable} is 1, inside the current module. */
    public static Value count(Bool enable, int n) {
        UInt r = regInit(UInt(Widths.forCount(n)), 0).named("count");
        Bool last = r.eq(n - 1).named("count_last");
        when(enable, () -> {
            if (Integer.bitCount(n) == 1) r.set(r.add(1));
            else when(last, () -> r.set(0)).otherwise(() -> r.set(r.add(1)));
        });
        return new Value(r, enable.and(last));
    }
}
