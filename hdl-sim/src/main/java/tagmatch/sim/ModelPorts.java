package tagmatch.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Port;

/**
 * The ports a {@link BehaviouralModel} implements: {@link #declared()}, those of the
 * {@code ExternalModule} (the usual choice: the ports are then named once, in the declaration),
 * or listed here and checked against the declaration: plain inputs, inputs whose
 * edges call {@link BehaviouralModel#clockEdge} (a clock's rising edge, an active-low
 * asynchronous reset's falling edge), and outputs, each with the inputs it depends on
 * combinationally. An output declared with none depends on the model's state only (a registered
 * output); the interpreter orders the design's evaluation by these declarations.
 *
 * <pre>{@code
 * ModelPorts.of().clock("clk").fallingEdge("rst_n").input("d", 8)
 *         .output("q", 8)                  // registered
 *         .output("sum", 9, "d");          // combinational from d
 * }</pre>
 */
public final class ModelPorts {
    /** What a port is to the model. */
    public enum Kind { INPUT, CLOCK, FALLING_EDGE, OUTPUT }

    /** One port; {@code combinationalInputs} only for an output. */
    public record Entry(String name, Kind kind, int width, List<String> combinationalInputs) {
        public boolean input() { return kind != Kind.OUTPUT; }
    }

    private final Map<String, Entry> ports = new LinkedHashMap<>();
    private final boolean fromDeclaration;

    private ModelPorts(boolean fromDeclaration) {
        this.fromDeclaration = fromDeclaration;
    }

    /** An empty declaration to add ports to. */
    public static ModelPorts of() {
        return new ModelPorts(false);
    }

    /**
     * The ports exactly as the {@code ExternalModule} declares them, for a model that names none
     * itself: every port with its direction and width, the inputs declared with
     * {@code risingEdge} as clocks and with {@code fallingEdge} as falling edges, each output's
     * combinational inputs as {@code combinational} declares them.
     */
    public static ModelPorts declared() {
        return new ModelPorts(true);
    }

    /** These ports; for {@link #declared()}, those of the module's declaration. */
    public ModelPorts resolve(List<Port> declared, Map<String, ? extends java.util.Collection<String>> combinational,
                              tagmatch.hdl.ir.External external) {
        if (!fromDeclaration) {
            return this;
        }
        ModelPorts out = of();
        for (Port p : declared) {
            if (p.direction() == Direction.OUT) {
                java.util.Collection<String> from = combinational.get(p.name());
                out.output(p.name(), p.width(), from == null ? new String[0] : from.toArray(new String[0]));
            } else if (external.risingEdges().contains(p.name())) {
                out.clock(p.name());
            } else if (external.fallingEdges().contains(p.name())) {
                out.fallingEdge(p.name());
            } else {
                out.input(p.name(), p.width());
            }
        }
        return out;
    }

    /** An input of {@code width} bits. */
    public ModelPorts input(String name, int width) {
        return add(new Entry(name, Kind.INPUT, width, List.of()));
    }

    /** A 1-bit input whose rising edges call {@link BehaviouralModel#clockEdge}. */
    public ModelPorts clock(String name) {
        return add(new Entry(name, Kind.CLOCK, 1, List.of()));
    }

    /** A 1-bit input whose falling edges call {@link BehaviouralModel#clockEdge} (an asynchronous active-low reset). */
    public ModelPorts fallingEdge(String name) {
        return add(new Entry(name, Kind.FALLING_EDGE, 1, List.of()));
    }

    /** An output of {@code width} bits that depends combinationally on {@code inputs} (none: on the state only). */
    public ModelPorts output(String name, int width, String... inputs) {
        return add(new Entry(name, Kind.OUTPUT, width, List.of(inputs)));
    }

    private ModelPorts add(Entry e) {
        if (e.width() < 1) {
            throw new IllegalArgumentException("model port " + e.name() + ": width must be >= 1, got " + e.width());
        }
        if (ports.putIfAbsent(e.name(), e) != null) {
            throw new IllegalArgumentException("model port " + e.name() + " is declared twice");
        }
        return this;
    }

    /** The ports in declaration order. */
    public List<Entry> entries() {
        return Collections.unmodifiableList(new ArrayList<>(ports.values()));
    }

    /**
     * Checks the declaration against the external module's ports: the same names, directions and
     * widths, every combinational input an input, and every path the module declares
     * ({@code combinational}: output to its inputs) declared here too. The error names the
     * instance, what differs and the declared ports.
     */
    public void check(ExternalInstance at, List<Port> declared, Map<String, ? extends java.util.Collection<String>> combinational) {
        List<String> wrong = new ArrayList<>();
        Map<String, Port> byName = new LinkedHashMap<>();
        for (Port p : declared) {
            byName.put(p.name(), p);
            Entry e = ports.get(p.name());
            boolean in = p.direction() == Direction.IN;
            if (e == null) {
                wrong.add("it lacks " + describe(in, p.width()) + " " + p.name());
            } else if (e.input() != in || e.width() != p.width()) {
                wrong.add(p.name() + " is " + describe(e.input(), e.width()) + " in the model, "
                        + describe(in, p.width()) + " in the declaration");
            }
        }
        for (Entry e : ports.values()) {
            if (!byName.containsKey(e.name())) {
                wrong.add("it has " + describe(e.input(), e.width()) + " " + e.name() + ", which the declaration does not");
            }
            for (String i : e.combinationalInputs()) {
                Entry from = ports.get(i);
                if (from == null || !from.input()) {
                    wrong.add("output " + e.name() + " depends on " + i + ", which is not an input of the model");
                } else if (byName.containsKey(e.name()) && (combinational.get(e.name()) == null || !combinational.get(e.name()).contains(i))) {
                    // A path the module does not declare would hide a loop through it from elaboration.
                    wrong.add("output " + e.name() + " depends combinationally on " + i
                            + " in the model, not in the declaration (declare it with combinational(" + e.name() + ", "
                            + i + ") in the ExternalModule, or make the model's output registered)");
                }
            }
        }
        combinational.forEach((out, ins) -> {
            Entry e = ports.get(out);
            for (String in : ins) {
                if (e != null && !e.combinationalInputs().contains(in)) {
                    wrong.add("output " + out + " depends combinationally on " + in + " in the declaration, not in the model");
                }
            }
        });
        if (!wrong.isEmpty()) {
            List<String> legal = new ArrayList<>();
            for (Port p : declared) {
                legal.add(describe(p.direction() == Direction.IN, p.width()) + " " + p.name());
            }
            throw new IllegalArgumentException("behavioural model of " + at.module() + " (instance " + at.path()
                    + ") does not match the module's ports: " + String.join("; ", wrong) + "; the declaration has "
                    + String.join(", ", legal));
        }
    }

    private static String describe(boolean input, int width) {
        return (input ? "input" : "output") + " [" + width + "]";
    }
}
