package tagmatch.sim.flat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;
import tagmatch.hdl.ir.Signal;
import tagmatch.sim.BehaviouralModel;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.ExternalInstance;
import tagmatch.sim.ModelIo;
import tagmatch.sim.ModelPorts;
import tagmatch.sim.Words;

/**
 * One external-module instance's {@link BehaviouralModel} bound to the slots of its ports, as
 * the two Java backends share it: the model reads the instance's input slots and sets its output
 * slots, each backend saying what a slot holds. The model is evaluated once per {@link Group} of
 * outputs that share their combinational inputs, each group in its place in the dependency
 * order, so a registered output can feed logic that drives an input the model's combinational
 * outputs read without forming a false loop. Because that order only knows the declared inputs,
 * a group's evaluation may read only those: reading any other input there would see a value not
 * yet computed, so it is refused, not answered.
 */
public abstract class BoundModel implements ModelIo {
    /** {@code bit}: the input's index in the readable masks; -1 for an output. */
    private record Pin(int slot, boolean wide, int width, boolean input, int bit) {}

    /**
     * Outputs evaluated by one call of {@code evaluate}, the first's assignment standing for all:
     * they depend combinationally on {@code inputs} (sorted), the only inputs the call may read.
     */
    public record Group(List<String> outputs, List<String> inputs, Set<String> names, BitSet readable) {}

    private final ExternalInstance at;
    private final BehaviouralModel model;
    private final ModelPorts ports;
    private final Map<String, Pin> pins = new LinkedHashMap<>();
    /** The outputs the running evaluation stores; null during a clock edge, when none may be set. */
    private Set<String> storing;
    /** The inputs the running evaluation may read; null during a clock edge, when all may be. */
    private BitSet readable;

    /**
     * Makes the model of external instance {@code c} with its factory in {@code models} and binds
     * it to the slots {@code slot} gives for each port's slot in the hierarchy.
     */
    protected BoundModel(InstanceTree.Scope c, BehaviouralModels models, IntUnaryOperator slot) {
        at = new ExternalInstance(c.instanceName(), c.def.name(), c.def.external().parameters());
        model = models.factory(c.def.name()).create(at);
        Map<String, List<String>> paths = new LinkedHashMap<>();
        c.def.combinationalPaths().forEach((out, ins) -> paths.put(out.name(), ins.stream().map(Signal::name).toList()));
        ports = model.ports().resolve(c.def.ports(), paths, c.def.external());
        ports.check(at, c.def.ports(), paths);
        int inputs = 0;
        for (ModelPorts.Entry e : ports.entries()) {
            pins.put(e.name(), new Pin(slot.applyAsInt(c.signal(c.port(e.name()))), e.width() > 64, e.width(), e.input(),
                    e.input() ? inputs++ : -1));
        }
    }

    /**
     * The refusal of an external instance whose module has no model: names the module, the models
     * given, and how to give one to {@code backend} through {@code entry}.
     */
    public static IllegalArgumentException unmodelled(String path, String module, BehaviouralModels models, String backend,
                                                      String entry) {
        return new IllegalArgumentException("cannot simulate instance " + path + " of external module " + module + " on the "
                + backend + ": its logic is Verilog outside the design and no behavioural model of " + module
                + " was given (models are given for " + models.modules() + "); pass one with " + entry
                + "(circuit, BehaviouralModels.of(\"" + module + "\", ...)), or simulate the design with "
                + "Simulators.verilator, which compiles the module's sources in");
    }

    /** The model's ports, as it declared them. */
    public final ModelPorts ports() {
        return ports;
    }

    /** The groups of outputs, in the order the model declares their first outputs. */
    public final List<Group> groups() {
        Map<List<String>, List<String>> byInputs = new LinkedHashMap<>();
        for (ModelPorts.Entry e : ports.entries()) {
            if (e.kind() == ModelPorts.Kind.OUTPUT) {
                byInputs.computeIfAbsent(List.copyOf(new TreeSet<>(e.combinationalInputs())), k -> new ArrayList<>()).add(e.name());
            }
        }
        List<Group> groups = new ArrayList<>();
        byInputs.forEach((inputs, outputs) -> {
            BitSet mask = new BitSet();
            inputs.forEach(i -> mask.set(pins.get(i).bit()));
            groups.add(new Group(List.copyOf(outputs), inputs, Set.copyOf(outputs), mask));
        });
        return groups;
    }

    /** A clock or falling-edge port of the model and the clock domain of {@code instances} it fires in. */
    public record Edge(String port, int domain) {}

    /** The model's clock and falling-edge ports, each with its domain in {@code instances}. */
    public final List<Edge> edges(InstanceTree instances) {
        List<Edge> edges = new ArrayList<>();
        for (ModelPorts.Entry e : ports().entries()) {
            boolean falling = e.kind() == ModelPorts.Kind.FALLING_EDGE;
            if (falling || e.kind() == ModelPorts.Kind.CLOCK) {
                edges.add(new Edge(e.name(), instances.domain(slot(e.name()), falling)));
            }
        }
        return edges;
    }

    /** The slot of {@code port}, as the backend gave it. */
    public final int slot(String port) {
        return pins.get(port).slot();
    }

    /** The width of {@code port}. */
    public final int width(String port) {
        return pins.get(port).width();
    }

    /** Runs the model's {@code evaluate} for {@code group}: it reads the group's inputs and stores its outputs. */
    public final void evaluate(Group group) {
        storing = group.names();
        readable = group.readable();
        try {
            model.evaluate(this);
        } finally {
            storing = null;
            readable = null;
        }
    }

    /** The model's clock edge on {@code port}, with the inputs as they are before the edge's updates. */
    public final void edge(String port) {
        model.clockEdge(port, this);
    }

    /** The narrow value at {@code slot}. */
    protected abstract long narrow(int slot);

    /** The value of {@code width} bits, over 64, at {@code slot}. */
    protected abstract BigInteger wide(int slot, int width);

    protected abstract void setNarrow(int slot, long value);

    protected abstract void setWide(int slot, int width, BigInteger value);

    @Override
    public final boolean evaluates(String output) {
        pin(output, false);
        return storing != null && storing.contains(output);
    }

    @Override
    public final long get(String input) {
        Pin p = readable(input);
        if (p.wide()) {
            throw new IllegalArgumentException(where() + ": input " + input + " is " + p.width() + " bits: read it with getWide");
        }
        return narrow(p.slot());
    }

    @Override
    public final BigInteger getWide(String input) {
        Pin p = readable(input);
        return p.wide() ? wide(p.slot(), p.width()) : Words.unsigned(narrow(p.slot()));
    }

    @Override
    public final void set(String output, long value) {
        Pin p = pin(output, false);
        if (p.width() < 64 && value >>> p.width() != 0) {
            throw new IllegalArgumentException(where() + ": output " + output + " is " + p.width() + " bits, set to "
                    + Long.toUnsignedString(value));
        }
        if (store(output)) {
            if (p.wide()) {
                setWide(p.slot(), p.width(), Words.unsigned(value));
            } else {
                setNarrow(p.slot(), value);
            }
        }
    }

    @Override
    public final void set(String output, BigInteger value) {
        Pin p = pin(output, false);
        if (value.signum() < 0 || value.bitLength() > p.width()) {
            throw new IllegalArgumentException(where() + ": output " + output + " is " + p.width() + " bits, set to " + value);
        }
        if (store(output)) {
            if (p.wide()) {
                setWide(p.slot(), p.width(), value);
            } else {
                setNarrow(p.slot(), value.longValue());
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
                    + new TreeSet<>(storing) + ", which are not declared to depend on " + input
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

    /** The model's name in messages. */
    public final String where() {
        return "behavioural model of " + at.module() + " (instance " + at.path() + ")";
    }
}
