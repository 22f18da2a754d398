package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.SimulatorChoice;

/**
 * {@code --sim compiled|verilator}: the simulator of the DPA cluster on every command that runs
 * it (a picocli mixin); left out, the faster for the command's work ({@link ClusterSimulator}).
 */
public final class SimOption {
    @Option(names = "--sim", paramLabel = "SIMULATOR", description = "the DPA cluster's simulator: compiled (JVM bytecode, nothing to build) or "
            + "verilator (C++, built once per cluster and cached); the same cycles and results on both (default: the faster for the work, "
            + "docs/simulation.md)")
    String sim;

    /** The simulator named, checked, or the faster for {@code work}. */
    public SimulatorChoice choice(ClusterSimulator.Work work) {
        if (sim == null) return SimulatorChoice.fastest(work);
        return SimulatorChoice.of(ClusterSimulator.named(OptionCheck.oneOf("--sim", sim, "compiled", "verilator")));
    }
}
