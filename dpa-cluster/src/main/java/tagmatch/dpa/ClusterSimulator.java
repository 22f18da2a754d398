package tagmatch.dpa;

import java.util.Locale;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/**
 * Which simulator runs the cluster: the circuit compiled to JVM bytecode in this process, or
 * Verilator's C++ model. Both give the same cycles, retirements and results (the differential
 * tests of dpa-cluster and dpa-system); they differ in speed and in what the first run waits for.
 * Measured on this project's 2-core machine (docs/simulation.md, "The DPA cluster's simulator"):
 * with its model built, Verilator runs the handler 1.15x as fast as the compiled backend on the
 * 4 x 8 cluster and 1.3x on the 16 x 16; its first build of a cluster costs about 27 s (4 x 8)
 * to 2.5 min (16 x 16), the compiled backend's 2 to 5 s.
 */
public enum ClusterSimulator {
    COMPILED, VERILATOR;

    /** How much simulation one built cluster serves, which decides whether a Verilator build pays for itself. */
    public enum Work {
        /** One program ({@code tagmatch dpa run}): seconds of simulation, less than a Verilator build saves. */
        ONE_PROGRAM,
        /** A figure or a bench: many runs, minutes to hours, in which Verilator's speed repays its build. */
        MANY_RUNS
    }

    /** The name of {@link Simulators#of(String, Circuit)}'s backend. */
    public String backend() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The simulator named {@code name} ({@code compiled} or {@code verilator}); anything else is an {@link IllegalArgumentException} saying what is legal. */
    public static ClusterSimulator named(String name) {
        for (ClusterSimulator s : values()) if (s.backend().equals(name)) return s;
        throw new IllegalArgumentException("must be compiled or verilator, got '" + name + "'");
    }

    /**
     * The faster of the two for {@code work} on {@code circuit}: Verilator when its model is built
     * already (nothing to wait for, and faster per cycle) or when the work is long enough to repay
     * the build; the compiled backend for one program whose model is not built.
     */
    public static ClusterSimulator fastest(Circuit circuit, Work work) {
        return work == Work.MANY_RUNS || Simulators.verilatorBuilt(circuit) ? VERILATOR : COMPILED;
    }

    @Override
    public String toString() {
        return backend();
    }
}
