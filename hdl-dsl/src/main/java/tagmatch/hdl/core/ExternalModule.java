package tagmatch.hdl.core;

import tagmatch.hdl.ir.External;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Signal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Verilog module defined outside the design (a vendor primitive, a PLL, an IP core): declare
 * its ports as for any module (bundles flatten to {@code name_field}, as everywhere), its
 * parameters, and optionally where its Verilog is; instantiate it with {@code instance(...)}.
 * It is emitted as {@code Name #(.P(v)) inst (...)}; its own text is not (unless given inline).
 *
 * <pre>{@code
 * public final class Divider extends ExternalModule {
 *     final Bool clk = input("clk", Bool());
 *     final UInt q = output("q", UInt(8));
 *     public Divider(int by) {
 *         super("vendor_div");                 // the Verilog module name
 *         parameter("BY", by);                 // #(.BY(5))
 *         source(Path.of("rtl/vendor_div.v")); // compiled in by the Verilator backend
 *     }
 * }
 * Divider d = instance(new Divider(5));
 * d.clk.set(clk2);
 * }</pre>
 *
 * An output that the Verilog computes combinationally from inputs is declared with
 * {@link #combinational} ({@code combinational(sum, a, b)}), so that a loop through it is found;
 * the inputs whose edges it acts on with {@link #risingEdge} and {@link #fallingEdge}. With these
 * the declaration is complete: a Java model takes its ports from it rather than naming them again.
 *
 * The interpreter and the compiled backend refuse a design with an external module unless they
 * are given a Java behavioural model of it ({@code tagmatch.sim.BehaviouralModel}, registered by
 * the Verilog name in {@code tagmatch.sim.BehaviouralModels}).
 */
public abstract class ExternalModule extends Module {
    private final String verilogName;
    private final Map<String, String> parameters = new LinkedHashMap<>();
    private final List<String> sources = new ArrayList<>();
    private String inline;
    /** Ports named by their fields only once the constructor has run, so kept as signals. */
    private final List<Signal> risingEdges = new ArrayList<>();
    private final List<Signal> fallingEdges = new ArrayList<>();

    protected ExternalModule(String verilogName) {
        if (verilogName == null || !verilogName.matches("[A-Za-z_][A-Za-z0-9_$]*"))
            throw new HdlException("external module name '" + verilogName + "' is not a Verilog identifier", Locators.here());
        this.verilogName = verilogName;
        update();
    }

    @Override
    protected final String desiredName() {
        return verilogName;
    }

    /** A numeric parameter: {@code #(.NAME(value))}. */
    protected final void parameter(String name, long value) {
        parameterText(name, Long.toString(value));
    }

    /** A string parameter: {@code #(.NAME("value"))}. */
    protected final void parameter(String name, String value) {
        if (value.contains("\"") || value.contains("\\") || value.contains("\n"))
            throw new HdlException("parameter " + name + " = '" + value + "': quotes, backslashes and newlines cannot "
                    + "go in a Verilog string", Locators.here());
        parameterText(name, "\"" + value + "\"");
    }

    /** A parameter given as Verilog text, written as is: {@code parameterText("INIT", "16'hbeef")}. */
    protected final void parameterText(String name, String verilog) {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_$]*"))
            throw new HdlException("parameter name '" + name + "' of " + verilogName + " is not a Verilog identifier",
                    Locators.here());
        if (verilog == null || verilog.isBlank() || verilog.contains(")") && !verilog.startsWith("\""))
            throw new HdlException("parameter " + name + " of " + verilogName + ": '" + verilog
                    + "' is not a constant to write in #(." + name + "(...))", Locators.here());
        parameters.put(name, verilog);
        update();
    }

    /** A Verilog file that defines the module (as given; relative to the working directory). */
    protected final void source(Path file) {
        sources.add(file.toString());
        update();
    }

    /** The module's Verilog text, emitted with the design's own modules (once per module name). */
    protected final void inline(String verilog) {
        if (!verilog.contains("module " + verilogName))
            throw new HdlException("inline Verilog of " + verilogName + " does not define 'module " + verilogName + "'",
                    Locators.here());
        inline = verilog.endsWith("\n") ? verilog : verilog + "\n";
        update();
    }

    /**
     * Declares that {@code output} depends combinationally on {@code inputs}: the module's Verilog
     * has a path from each of them to it through no register. The loop check then sees a loop
     * that closes through this module, and the Java backends hold a behavioural model to the same
     * paths. Without a declaration an external module is taken to have no such path.
     */
    protected final void combinational(Bits output, Bits... inputs) {
        port(output, Signal.Kind.OUTPUT, "combinational(output, ...)");
        Map<Signal, java.util.Set<Signal>> paths = new LinkedHashMap<>(def.combinationalPaths());
        java.util.Set<Signal> from = new java.util.LinkedHashSet<>(paths.getOrDefault(output.signal, java.util.Set.of()));
        for (Bits in : inputs) from.add(port(in, Signal.Kind.INPUT, "combinational(..., inputs)"));
        paths.put(output.signal, from);
        def.combinationalPaths(paths);
    }

    /**
     * Declares that the module acts on the rising edges of {@code input} (a clock). A Java model
     * that takes its ports from the declaration ({@code tagmatch.sim.BehaviouralModel}) has its
     * {@code clockEdge} called at them.
     */
    protected final void risingEdge(Bool input) {
        risingEdges.add(port(input, Signal.Kind.INPUT, "risingEdge(input)"));
        update();
    }

    /** Declares that the module acts on the falling edges of {@code input} (an asynchronous active-low reset). */
    protected final void fallingEdge(Bool input) {
        fallingEdges.add(port(input, Signal.Kind.INPUT, "fallingEdge(input)"));
        update();
    }

    private Signal port(Bits b, Signal.Kind kind, String where) {
        Signal s = b.signal;
        if (s == null || s.owner() != def || s.kind() != kind)
            throw new HdlException(where + " of " + verilogName + " takes " + (kind == Signal.Kind.INPUT ? "input" : "output")
                    + " ports of this module, declared before the call; got " + b, Locators.here());
        return s;
    }

    private void update() {
        def.external(new External(parameters, sources, inline, names(risingEdges), names(fallingEdges)));
    }

    private static List<String> names(List<Signal> ports) {
        List<String> out = new ArrayList<>();
        for (Signal s : ports) if (s.name() != null) out.add(s.name());
        return out;
    }

    /** Called once the constructor has run: an external module describes ports only. */
    final void checkPortsOnly() {
        if (!def.body().isEmpty() || !def.locals().isEmpty() || !def.memories().isEmpty() || !def.instances().isEmpty())
            throw new HdlException("external module " + verilogName + " describes logic; it may only declare ports, "
                    + "parameters and sources (its logic is in its Verilog)", def.locator());
        if (def.portSignals().isEmpty())
            throw new HdlException("external module " + verilogName + " declares no ports", def.locator());
        update();
    }
}
