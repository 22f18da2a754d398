package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.process.ParameterError;

/**
 * The simulated DPA cluster's shape and memory latency (a picocli mixin of every command that
 * builds one), so that each concept has one name everywhere: {@code --cores}, and
 * {@code --threads-per-core} for the hardware threads of a core ({@code --threads} is N, the
 * messages matched at once, see {@link ThreadsOption}).
 */
public final class ClusterOptions {
    @Option(names = "--cores", paramLabel = "C", description = "cores of the cluster (1..16, default ${DEFAULT-VALUE})")
    int cores = DpaConfig.defaults().cores();

    @Option(names = "--threads-per-core", paramLabel = "H",
            description = "hardware threads per core (power of two 1..64, cores x threads per core <= 256; default ${DEFAULT-VALUE})")
    int threadsPerCore = DpaConfig.defaults().threads();

    @Option(names = "--banks", paramLabel = "B", description = "memory banks, one atomic unit each (power of two 1..16, default ${DEFAULT-VALUE})")
    int banks = DpaConfig.defaults().banks();

    @Option(names = "--ram-mib", paramLabel = "M", description = "RAM in MiB (power of two 1..256, default ${DEFAULT-VALUE})")
    int ramMib = DpaConfig.defaults().ramMib();

    @Option(names = "--latency", paramLabel = "L", description = "cycles a thread waits after each load, store or atomic (0..255, default ${DEFAULT-VALUE})")
    int latency = DpaRun.Options.DEFAULT_LATENCY;

    /** The cluster these options build; a bad value fails naming its option. */
    public DpaConfig config() {
        try {
            return new DpaConfig(cores, threadsPerCore, banks, ramMib);
        } catch (ParameterError e) {
            throw OptionCheck.asOption(option((DpaConfig.Parameter) e.parameter()), e);
        }
    }

    /** The memory latency in cycles, checked. */
    public int latency() {
        return (int) OptionCheck.range("--latency", latency, 0, 255);
    }

    /** The option that sets {@code p}; {@code threads} is the threads per core ({@code --threads} is N). */
    static String option(DpaConfig.Parameter p) {
        return switch (p) {
            case CORES -> "--cores";
            case THREADS -> "--threads-per-core";
            case BANKS -> "--banks";
            case RAM_MIB -> "--ram-mib";
            case HARTS -> "--cores x --threads-per-core";
        };
    }
}
