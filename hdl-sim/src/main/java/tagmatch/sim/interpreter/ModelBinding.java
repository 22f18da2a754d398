package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.util.BitSet;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;
import tagmatch.sim.BehaviouralModel;
import tagmatch.sim.ExternalInstance;
import tagmatch.sim.ModelIo;
import tagmatch.sim.ModelPorts;
import tagmatch.sim.Words;

/**
 * One external-module instance bound to its {@link BehaviouralModel}: the model reads the
 * instance's input slots and sets its output slots. The flattened circuit evaluates the model
 * once per group of outputs that share their combinational inputs ({@link #evaluation}), each
 * group in its place in the dependency order, so a registered output can feed logic that drives
 * an input the model's combinational outputs read without forming a false loop. Because that
 * order only knows the declared inputs, a group's evaluation may read only those: reading any
 * other input there would see a value not yet computed, so it is refused, not answered.
 */
final class ModelBinding implements ModelIo {
    /** {@code bit}: the input's index in the readable masks; -1 for an output. */
    private record Pin(int slot, boolean wide, int width, boolean input, int bit) {}

    private final ExternalInstance at;
    private final BehaviouralModel model;
    private final Map<String, Pin> pins = new LinkedHashMap<>();
    private Eval.State state;
    /** The outputs the running evaluation stores; null during a clock edge, when none may be set. */
    private Set<String> storing;
    /** The inputs the running evaluation may read; null during a clock edge, when all may be. */
    private BitSet readable;

    ModelBinding(ExternalInstance at, BehaviouralModel model, ModelPorts ports, ToIntFunction<String> slotOfPort) {
        this.at = at;
        this.model = model;
        int inputs = 0;
        for (ModelPorts.Entry e : ports.entries()) {
            pins.put(e.name(), new Pin(slotOfPort.applyAsInt(e.name()), e.width() > 64, e.width(), e.input(),
                    e.input() ? inputs++ : -1));
        }
    }

    /**
     * A node that runs the model's {@code evaluate}, lets it read {@code inputs} (the group's
     * combinational inputs), stores the outputs of {@code group}, and yields the value of
     * {@code first}, one of them.
     */
    Eval.Node evaluation(String first, Set<String> group, Collection<String> inputs) {
        Pin p = pins.get(first);
        BitSet mask = new BitSet();
        inputs.forEach(i -> mask.set(pins.get(i).bit()));
        return new Eval.Node(p.width(), false) {
            @Override
            long l(Eval.State s) {
                run(s, group, mask);
                return p.wide() ? s.w[p.slot()].longValue() : s.n[p.slot()];
            }

            @Override
            BigInteger b(Eval.State s) {
                if (!p.wide()) {
                    return Words.unsigned(l(s));
                }
                run(s, group, mask);
                return s.w[p.slot()];
            }
        };
    }

    private void run(Eval.State s, Set<String> group, BitSet mask) {
        state = s;
        storing = group;
        readable = mask;
        try {
            model.evaluate(this);
        } finally {
            storing = null;
            readable = null;
        }
    }

    /** The model's clock edge on {@code port}, with the inputs as they are in {@code s} (before the edge's updates). */
    void edge(String port, Eval.State s) {
        state = s;
        model.clockEdge(port, this);
    }

    @Override
    public boolean evaluates(String output) {
        pin(output, false);
        return storing != null && storing.contains(output);
    }

    @Override
    public long get(String input) {
        Pin p = readable(input);
        if (p.wide()) {
            throw new IllegalArgumentException(where() + ": input " + input + " is " + p.width() + " bits: read it with getWide");
        }
        return state.n[p.slot()];
    }

    @Override
    public BigInteger getWide(String input) {
        Pin p = readable(input);
        return p.wide() ? state.w[p.slot()] : Words.unsigned(state.n[p.slot()]);
    }

    @Override
    public void set(String output, long value) {
        Pin p = pin(output, false);
        if (p.width() < 64 && value >>> p.width() != 0) {
            throw new IllegalArgumentException(where() + ": output " + output + " is " + p.width() + " bits, set to "
                    + Long.toUnsignedString(value));
        }
        if (store(output)) {
            if (p.wide()) {
                state.w[p.slot()] = Words.unsigned(value);
            } else {
                state.n[p.slot()] = value;
            }
        }
    }

    @Override
    public void set(String output, BigInteger value) {
        Pin p = pin(output, false);
        if (value.signum() < 0 || value.bitLength() > p.width()) {
            throw new IllegalArgumentException(where() + ": output " + output + " is " + p.width() + " bits, set to " + value);
        }
        if (store(output)) {
            if (p.wide()) {
                state.w[p.slot()] = value;
            } else {
                state.n[p.slot()] = value.longValue();
            }
        }
    }

    /** Whether the running evaluation stores {@code output}; the other groups' evaluations store theirs. */
    private boolean store(String output) {
        if (storing == null) {
            throw new IllegalStateException(where() + ": output " + output + " set in clockEdge; outputs are set in "
                    + "evaluate, from the state clockEdge leaves");
        }
        return storing.contains(output);
    }

    /** The input's pin, if the running evaluation declared it; the order computed no other input yet. */
    private Pin readable(String input) {
        Pin p = pin(input, true);
        if (readable != null && !readable.get(p.bit())) {
            throw new IllegalStateException(where() + " read input " + input + " in evaluate while computing "
                    + new java.util.TreeSet<>(storing) + ", which are not declared to depend on " + input
                    + ", so the evaluation order does not wait for it and the value may be stale: declare it in "
                    + "output(name, width, combinationalInputs...) of the output it feeds, or read it only when "
                    + "io.evaluates(that output)");
        }
        return p;
    }

    private Pin pin(String name, boolean input) {
        Pin p = pins.get(name);
        if (p == null) {
            throw new IllegalArgumentException(where() + " has no port " + name + "; its ports are " + pins.keySet());
        }
        if (p.input() != input) {
            throw new IllegalArgumentException(where() + ": " + name + " is an " + (input ? "output" : "input")
                    + (input ? ", which the model sets, not reads" : ", which the model reads, not sets"));
        }
        return p;
    }

    private String where() {
        return "behavioural model of " + at.module() + " (instance " + at.path() + ")";
    }
}
