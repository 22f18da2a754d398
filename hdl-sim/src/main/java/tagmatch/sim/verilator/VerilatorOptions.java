package tagmatch.sim.verilator;

import java.util.List;

/**
 * How to build a design with Verilator. {@code trace} compiles waveform support in (needed for
 * {@link tagmatch.sim.Simulator#openVcd}); {@code verilatorFlags} and {@code cxxFlags} are appended to the
 * respective command lines and are part of the cache key; {@code jobs} is the number of parallel
 * C++ compiles; {@code verilator} and {@code cxx} name the tools (looked up on PATH).
 */
public record VerilatorOptions(boolean trace, List<String> verilatorFlags, List<String> cxxFlags, int jobs,
                               String verilator, String cxx) {
    public VerilatorOptions {
        verilatorFlags = List.copyOf(verilatorFlags);
        cxxFlags = List.copyOf(cxxFlags);
        if (jobs < 1 || jobs > 256) {
            throw new IllegalArgumentException("jobs: " + jobs + " is not in 1..256");
        }
        if (verilator == null || verilator.isBlank() || cxx == null || cxx.isBlank()) {
            throw new IllegalArgumentException("verilator/cxx: tool names must not be empty");
        }
    }

    /** No trace, all but one core (at least two) for compiling, tools from PATH. */
    public static VerilatorOptions defaults() {
        return new VerilatorOptions(false, List.of(), List.of(), defaultJobs(),
                System.getProperty("tagmatch.verilator", "verilator"), System.getProperty("tagmatch.cxx", "g++"));
    }

    public static int defaultJobs() {
        String p = System.getProperty("tagmatch.sim.jobs");
        if (p != null) {
            return Integer.parseInt(p.trim());
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(Math.min(2, cores), cores - 1);
    }

    public VerilatorOptions withTrace(boolean on) {
        return new VerilatorOptions(on, verilatorFlags, cxxFlags, jobs, verilator, cxx);
    }

    public VerilatorOptions withTools(String verilatorCommand, String cxxCommand) {
        return new VerilatorOptions(trace, verilatorFlags, cxxFlags, jobs, verilatorCommand, cxxCommand);
    }

    public VerilatorOptions withFlags(List<String> verilatorExtra, List<String> cxxExtra) {
        return new VerilatorOptions(trace, verilatorExtra, cxxExtra, jobs, verilator, cxx);
    }
}
