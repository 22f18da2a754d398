package tagmatch.sim.flat;

import java.math.BigInteger;
import java.util.function.IntUnaryOperator;
import tagmatch.sim.BehaviouralModels;

/**
 * One external-module instance's model bound to words of a {@link Schedule}'s state array: a
 * narrow port is one word, a wide one its words from the lowest.
 */
final class StateBinding extends BoundModel {
    private long[] v;

    /** The model of {@code c}, its ports at the words {@code slot} gives for their hierarchy slots. */
    StateBinding(InstanceTree.Scope c, BehaviouralModels models, IntUnaryOperator slot) {
        super(c, models, slot);
    }

    /** Reads and writes {@code state} from now on. */
    void attach(long[] state) {
        v = state;
    }

    @Override
    protected long narrow(int slot) { return v[slot]; }

    @Override
    protected BigInteger wide(int slot, int width) { return WideOps.big(v, slot, width, false, width); }

    @Override
    protected void setNarrow(int slot, long value) { v[slot] = value; }

    @Override
    protected void setWide(int slot, int width, BigInteger value) { WideOps.store(v, slot, width, value); }
}
