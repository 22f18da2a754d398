package tagmatch.sim.interpreter;

import java.math.BigInteger;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.BoundModel;
import tagmatch.sim.Words;
import tagmatch.sim.flat.Hierarchy;

/**
 * One external-module instance's model bound to the interpreter's slots: each group's evaluation
 * is the value node of the group's first output, so the ordered assignments run it in its place.
 */
final class ModelBinding extends BoundModel {
    private Eval.State state;

    ModelBinding(Hierarchy.Scope c, BehaviouralModels models) {
        super(c, models, k -> k);
    }

    /** A node that runs the model's {@code evaluate} for {@code group} and yields the value of its first output. */
    Eval.Node evaluation(Group group) {
        String first = group.outputs().get(0);
        int slot = slot(first);
        int width = width(first);
        boolean wide = width > 64;
        return new Eval.Node(width, false) {
            @Override
            long l(Eval.State s) {
                run(s, group);
                return wide ? s.w[slot].longValue() : s.n[slot];
            }

            @Override
            BigInteger b(Eval.State s) {
                if (!wide) {
                    return Words.unsigned(l(s));
                }
                run(s, group);
                return s.w[slot];
            }
        };
    }

    private void run(Eval.State s, Group group) {
        state = s;
        evaluate(group);
    }

    /** The model's clock edge on {@code port}, with the inputs as they are in {@code s} (before the edge's updates). */
    void edge(String port, Eval.State s) {
        state = s;
        edge(port);
    }

    @Override
    protected long narrow(int slot) { return state.n[slot]; }

    @Override
    protected BigInteger wide(int slot, int width) { return state.w[slot]; }

    @Override
    protected void setNarrow(int slot, long value) { state.n[slot] = value; }

    @Override
    protected void setWide(int slot, int width, BigInteger value) { state.w[slot] = value; }
}
