package tagmatch.hdl.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One module definition: its signals, memories, child instances and body. The builder fills it
 * during elaboration; passes rewrite the body in place.
 */
public final class ModuleDef {
    private String name;
    private final String generator;
    private final Map<String, String> params;
    private final Locator locator;
    private final List<Signal> ports = new ArrayList<>();
    private final List<Signal> locals = new ArrayList<>();
    private final List<Memory> memories = new ArrayList<>();
    private final List<Instance> instances = new ArrayList<>();
    private List<Stmt> body = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    /** Signals that exist only for properties: emitted under {@code ifdef FORMAL}. */
    private final Set<Signal> formal = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private Signal clock;
    private Signal reset;
    /** How the implicit reset acts: at once or at the clock edge, asserted at 1 or at 0. */
    private boolean resetAsync;
    private boolean resetActiveLow;
    /** Synthesis attributes, written {@code (* key = "value" *)} before {@code module}. */
    private final Map<String, String> attributes = new LinkedHashMap<>();
    private External external;
    /** After the loop check: for each output, the inputs it depends on combinationally. */
    private Map<Signal, Set<Signal>> combinationalPaths = Map.of();
    /** Names of signals removed because nothing observable read them. */
    private final Set<String> removed = new java.util.TreeSet<>();
    /** The clock and reset ports the module made on first use rather than the user declared. */
    private final Set<Signal> implicitPorts = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    public ModuleDef(String name, String generator, Map<String, String> params, Locator locator) {
        this.name = name;
        this.generator = generator;
        this.params = new LinkedHashMap<>(params);
        this.locator = locator;
    }

    public String name() { return name; }
    public void name(String n) { name = n; }
    /** Fully qualified name of the Java class that generated this module. */
    public String generator() { return generator; }
    public Map<String, String> params() { return Collections.unmodifiableMap(params); }
    public void param(String key, String value) { params.put(key, value); }
    public Locator locator() { return locator; }
    public List<Signal> portSignals() { return Collections.unmodifiableList(ports); }
    public List<Signal> locals() { return Collections.unmodifiableList(locals); }
    public List<Memory> memories() { return Collections.unmodifiableList(memories); }
    public List<Instance> instances() { return Collections.unmodifiableList(instances); }
    public List<Stmt> body() { return body; }
    public void body(List<Stmt> b) { body = b; }
    /** What the module is if it is defined outside the design (its name is then the Verilog name), or null. */
    public External external() { return external; }
    public boolean isExternal() { return external != null; }
    public void external(External e) { external = e; }

    public Map<String, String> attributes() { return Collections.unmodifiableMap(attributes); }
    public void attribute(String key, String value) { attributes.put(key, value); }
    public Signal clock() { return clock; }
    public Signal reset() { return reset; }
    public Map<Signal, Set<Signal>> combinationalPaths() { return combinationalPaths; }
    public void combinationalPaths(Map<Signal, Set<Signal>> paths) { combinationalPaths = paths; }

    /** The flattened ports as tools see them, in declaration order (clock and reset first). */
    public List<Port> ports() {
        List<Port> out = new ArrayList<>();
        for (Signal s : ports)
            out.add(new Port(s.name(), s.kind() == Signal.Kind.INPUT ? Direction.IN : Direction.OUT, s.width(), s.signed()));
        return out;
    }

    public Signal addPort(String portName, Direction dir, int width, boolean signed, Locator loc) {
        Signal s = new Signal(this, dir == Direction.IN ? Signal.Kind.INPUT : Signal.Kind.OUTPUT, portName, width, signed, loc);
        ports.add(s);
        return s;
    }

    public Signal addLocal(Signal.Kind kind, String localName, int width, boolean signed, Locator loc) {
        if (kind == Signal.Kind.INPUT || kind == Signal.Kind.OUTPUT) throw new IllegalArgumentException("ports go through addPort");
        Signal s = new Signal(this, kind, localName, width, signed, loc);
        locals.add(s);
        return s;
    }

    /** Whether the module's registers may sample other clock domains without a synchronizer. */
    private boolean crossingsAllowed;

    public boolean crossingsAllowed() { return crossingsAllowed; }

    public void allowCrossings() { crossingsAllowed = true; }

    /** Names of the signals removed as dead logic, sorted. */
    public Set<String> removed() { return Collections.unmodifiableSet(removed); }

    public void recordRemoved(String signalName) { removed.add(signalName); }

    /** Whether {@code port} is the implicit clock or reset, made on first use and not declared by the user. */
    public boolean isImplicit(Signal port) { return implicitPorts.contains(port); }

    /** Marks the implicit clock or reset as declared by the user: it is part of the module's interface. */
    public void declared(Signal port) { implicitPorts.remove(port); }

    /** Drops the implicit clock or reset when nothing reads it; the parents drop their connects to it. */
    public void removeImplicitPort(Signal port) {
        if (!implicitPorts.remove(port)) throw new IllegalStateException(port + " is not an implicit port of " + name);
        ports.remove(port);
        if (port == clock) clock = null;
        if (port == reset) reset = null;
    }

    /** Drops wires a pass made redundant; the caller has removed every connect to and read of them. */
    public void removeLocals(Set<Signal> gone) {
        locals.removeIf(gone::contains);
    }

    /** The names of a module's implicit clock and reset ports (the reset {@code rst_n} when active low). */
    public static final String CLOCK = "clk";
    public static final String RESET = "rst";
    public static final String RESET_LOW = "rst_n";

    /** Chooses how the implicit reset acts; fixed once the reset port exists. */
    public void implicitResetKind(boolean async, boolean activeLow) {
        if (reset != null && (async != resetAsync || activeLow != resetActiveLow))
            throw new IllegalStateException("the implicit reset of " + name + " already exists");
        resetAsync = async;
        resetActiveLow = activeLow;
    }

    /** Whether the implicit reset is asynchronous. */
    public boolean resetAsync() { return resetAsync; }

    /** Whether the implicit reset is asserted at 0 (its port is then {@code rst_n}). */
    public boolean resetActiveLow() { return resetActiveLow; }

    /** The implicit reset port's name for the chosen kind. */
    public String resetName() { return resetActiveLow ? RESET_LOW : RESET; }

    /**
     * Makes {@code port}, a 1-bit input the user declared and named {@code clk}, the module's
     * clock, when no implicit clock exists yet.
     */
    public void adoptClock(Signal port) {
        if (clock != null || !ports.contains(port)) throw new IllegalStateException("cannot adopt " + port + " as the clock");
        clock = port;
        ports.remove(port);
        ports.add(0, port);
    }

    /** {@link #adoptClock} for the reset port (named for the implicit reset's kind). */
    public void adoptReset(Signal port) {
        if (reset != null || !ports.contains(port)) throw new IllegalStateException("cannot adopt " + port + " as the reset");
        reset = port;
        ports.remove(port);
        ports.add(clock == null ? 0 : 1, port);
    }

    /** Creates the clock and reset inputs on first use, ahead of the other ports. */
    public Signal clockPort() {
        if (clock == null) {
            clock = new Signal(this, Signal.Kind.INPUT, CLOCK, 1, false, locator);
            clock.name(CLOCK, true);
            ports.add(0, clock);
            implicitPorts.add(clock);
        }
        return clock;
    }

    public Signal resetPort() {
        if (reset == null) {
            clockPort();
            reset = new Signal(this, Signal.Kind.INPUT, resetName(), 1, false, locator);
            reset.name(resetName(), true);
            ports.add(1, reset);
            implicitPorts.add(reset);
        }
        return reset;
    }

    public void addMemory(Memory m) { memories.add(m); }

    public List<Check> checks() { return Collections.unmodifiableList(checks); }
    public void addCheck(Check c) { checks.add(c); }
    public boolean isFormal(Signal s) { return formal.contains(s); }
    public void markFormal(Signal s) { formal.add(s); }

    public void addInstance(Instance i) { instances.add(i); }

    /** Every signal: ports then locals. */
    public List<Signal> signals() {
        List<Signal> all = new ArrayList<>(ports);
        all.addAll(locals);
        return all;
    }

    @Override
    public String toString() { return name; }
}
