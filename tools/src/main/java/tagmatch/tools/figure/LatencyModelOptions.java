package tagmatch.tools.figure;

import picocli.CommandLine.Option;
import tagmatch.alpu.nic.NicLatency;
import tagmatch.process.ParameterError;
import tagmatch.tools.OptionCheck;

/**
 * The latency model's options of {@code tagmatch figure 5|6} (a picocli mixin), defaulting to the
 * seed's values; figure 6 adds the transfer's overlap ({@link Overlap}), which only the
 * unexpected queue's search has.
 */
final class LatencyModelOptions {
    @Option(names = "--in-cache-ns", paramLabel = "NS", description = "software ns per entry traversed in cache (default ${DEFAULT-VALUE}, seed)")
    double inCacheNs = NicLatency.seed().inCacheNs();

    @Option(names = "--beyond-cache-ns", paramLabel = "NS", description = "software ns per entry beyond the cache (default ${DEFAULT-VALUE}, seed)")
    double beyondCacheNs = NicLatency.seed().beyondCacheNs();

    @Option(names = "--cache-entries", paramLabel = "N", description = "entries of one search that fit in cache (default ${DEFAULT-VALUE})")
    int cacheEntries = NicLatency.seed().cacheEntries();

    @Option(names = "--interaction-ns", paramLabel = "NS", description = "processor cost of one ALPU exchange (default ${DEFAULT-VALUE}, seed)")
    double interactionNs = NicLatency.seed().interactionNs();

    @Option(names = "--clock-mhz", paramLabel = "F", description = "ALPU clock, turning its cycles into ns (default ${DEFAULT-VALUE}, the seed's ASIC estimate)")
    double clockMhz = NicLatency.seed().clockMhz();

    /** Figure 6's options of the transfer a receive's search overlaps (a picocli mixin). */
    static final class Overlap {
        @Option(names = "--overlap-ns", paramLabel = "NS", description = "transfer time a receive's search overlaps (default ${DEFAULT-VALUE})")
        double overlapNs = NicLatency.seed().overlapNs();

        @Option(names = "--exposed-ns", paramLabel = "NS", description = "ALPU exchange time the transfer does not hide (default ${DEFAULT-VALUE})")
        double exposedNs = NicLatency.seed().exposedNs();
    }

    /** The model of these options with the seed's overlap, which the posted queue's search does not use. */
    NicLatency model() {
        return model(new Overlap());
    }

    /** The model these options and {@code overlap} describe; a bad value fails naming its option. */
    NicLatency model(Overlap overlap) {
        try {
            return new NicLatency(inCacheNs, beyondCacheNs, cacheEntries, interactionNs, clockMhz, overlap.overlapNs, overlap.exposedNs);
        } catch (ParameterError e) {
            throw OptionCheck.asOption(option((NicLatency.Parameter) e.parameter()), e);
        }
    }

    private static String option(NicLatency.Parameter p) {
        return switch (p) {
            case IN_CACHE_NS -> "--in-cache-ns";
            case BEYOND_CACHE_NS -> "--beyond-cache-ns";
            case CACHE_ENTRIES -> "--cache-entries";
            case INTERACTION_NS -> "--interaction-ns";
            case CLOCK_MHZ -> "--clock-mhz";
            case OVERLAP_NS -> "--overlap-ns";
            case EXPOSED_NS -> "--exposed-ns";
        };
    }
}
