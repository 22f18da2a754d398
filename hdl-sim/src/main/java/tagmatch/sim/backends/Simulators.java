package tagmatch.sim.backends;

import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.CircuitDesigns;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.compiled.CompiledModel;
import tagmatch.sim.interpreter.InterpretedKernel;
import tagmatch.sim.verilator.VerilatorModel;
import tagmatch.sim.verilator.VerilatorOptions;

/**
 * Entry points: simulators of a DSL {@link Circuit} or of any {@link SimDesign}, on Verilator
 * (built once per design and cached), compiled to JVM bytecode in-process, or on the Java
 * interpreter. {@link #of(String, Circuit)} picks one by name.
 */
public final class Simulators {
    private Simulators() {}

    /** Builds (or finds in the cache) and loads a design; create instances with {@link VerilatorModel#newInstance()}. */
    public static VerilatorModel verilatorModel(SimDesign design, VerilatorOptions options) {
        return VerilatorModel.load(design, options);
    }

    /** One Verilator instance of {@code design} with default options. */
    public static Simulator verilator(SimDesign design) {
        return verilatorModel(design, VerilatorOptions.defaults()).newInstance();
    }

    /** Whether the Verilator model of {@code circuit} (default options) is in the build cache, so that loading it builds nothing. */
    public static boolean verilatorBuilt(Circuit circuit) {
        return VerilatorModel.isBuilt(CircuitDesigns.of(circuit), VerilatorOptions.defaults());
    }

    /** Builds (or finds) and loads an elaborated DSL circuit. */
    public static VerilatorModel verilatorModel(Circuit circuit, VerilatorOptions options) {
        return verilatorModel(CircuitDesigns.of(circuit), options);
    }

    /** One Verilator instance of an elaborated DSL circuit, default options. */
    public static Simulator verilator(Circuit circuit) {
        return verilator(CircuitDesigns.of(circuit));
    }

    /** One Verilator instance of an elaborated DSL circuit. */
    public static Simulator verilator(Circuit circuit, VerilatorOptions options) {
        return verilator(CircuitDesigns.of(circuit), options);
    }

    /** One Java-interpreter instance of an elaborated (lowered) DSL circuit. */
    public static Simulator interpreter(Circuit circuit) {
        return interpreter(circuit, BehaviouralModels.none());
    }

    /**
     * One Java-interpreter instance of a circuit whose external modules ({@code ExternalModule})
     * run as the Java behavioural models given, one model object per instance.
     */
    public static Simulator interpreter(Circuit circuit, BehaviouralModels models) {
        return InterpretedKernel.of(CircuitDesigns.of(circuit), circuit, models);
    }

    /** Compiles an elaborated (lowered) DSL circuit to JVM bytecode; create instances with {@link CompiledModel#newInstance()}. */
    public static CompiledModel compiledModel(Circuit circuit) {
        return CompiledModel.of(circuit);
    }

    /**
     * Compiles a circuit whose external modules run as the Java behavioural models given; each
     * instance makes its own model object per external instance.
     */
    public static CompiledModel compiledModel(Circuit circuit, BehaviouralModels models) {
        return CompiledModel.of(CircuitDesigns.of(circuit), circuit, models);
    }

    /** One instance of an elaborated (lowered) DSL circuit compiled to JVM bytecode. */
    public static Simulator compiled(Circuit circuit) {
        return compiledModel(circuit).newInstance();
    }

    /** One compiled instance of a circuit whose external modules run as the Java behavioural models given. */
    public static Simulator compiled(Circuit circuit, BehaviouralModels models) {
        return compiledModel(circuit, models).newInstance();
    }

    /** The backend names {@link #of(String, Circuit)} accepts. */
    public static final java.util.List<String> BACKENDS = java.util.List.of("verilator", "compiled", "interpreter");

    /** The system property that overrides {@link #defaultBackend()}, e.g. to run every default-backend test on Verilator. */
    public static final String BACKEND_PROPERTY = "tagmatch.sim.backend";

    /**
     * The backend of tests and benches that do not compare backends: the system property
     * {@value #BACKEND_PROPERTY} when set, else {@code compiled}, which has no build to wait for and
     * so is faster all-in than a Verilator build for the runs they make.
     */
    public static String defaultBackend() {
        String b = System.getProperty(BACKEND_PROPERTY, "compiled");
        if (!BACKENDS.contains(b)) {
            throw new IllegalArgumentException(BACKEND_PROPERTY + ": '" + b + "' is not one of " + BACKENDS);
        }
        return b;
    }

    /**
     * Makes {@code circuit} ready to simulate on {@code backend} once (a Verilator build, a compiled
     * class) and returns what creates independent instances of it.
     */
    public static java.util.function.Supplier<Simulator> instances(String backend, Circuit circuit) {
        switch (backend) {
            case "verilator": return verilatorModel(circuit, VerilatorOptions.defaults())::newInstance;
            case "compiled": return compiledModel(circuit)::newInstance;
            case "interpreter": return () -> interpreter(circuit);
            default: throw new IllegalArgumentException("backend: '" + backend + "' is not one of " + BACKENDS);
        }
    }

    /** One instance of {@code circuit} on the backend named {@code backend} (one of {@link #BACKENDS}). */
    public static Simulator of(String backend, Circuit circuit) {
        return of(backend, circuit, BehaviouralModels.none());
    }

    /**
     * One instance of {@code circuit} on the backend named {@code backend}; the interpreter and
     * the compiled backend run its external modules as {@code models}, Verilator compiles their
     * Verilog in.
     */
    public static Simulator of(String backend, Circuit circuit, BehaviouralModels models) {
        switch (backend) {
            case "verilator": return verilator(circuit);
            case "compiled": return compiled(circuit, models);
            case "interpreter": return interpreter(circuit, models);
            default: throw new IllegalArgumentException("backend: '" + backend + "' is not one of " + BACKENDS);
        }
    }

    /** One Verilator instance of {@code design}. */
    public static Simulator verilator(SimDesign design, VerilatorOptions options) {
        return verilatorModel(design, options).newInstance();
    }
}
