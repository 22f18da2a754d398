package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.process.UsageError;

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
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            if (m.startsWith(PRODUCT)) throw new UsageError("--cores x --threads-per-core " + m.substring(PRODUCT.length()), e);
            throw OptionCheck.asOption(optionOf(m), e);
        }
    }

    /** The memory latency in cycles, checked. */
    public int latency() {
        return (int) OptionCheck.range("--latency", latency, 0, 255);
    }

    /** How {@link DpaConfig} words its check of the harts, {@code cores x threads must be <= 256 harts, got ...}. */
    private static final String PRODUCT = "cores x threads ";

    /** The option of a {@link DpaConfig} check of one component ({@code --threads must be ...} is the threads per core). */
    private static String optionOf(String message) {
        return message.startsWith("--threads ") ? "--threads-per-core" : message.substring(0, message.indexOf(' '));
    }
}
