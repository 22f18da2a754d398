package tagmatch.model.strategy;

import tagmatch.model.Capacities;
import tagmatch.model.Hints;
import tagmatch.model.InputRules;

/**
 * Everything a strategy may be configured with; each strategy reads the fields it needs.
 *
 * @param capacities    posted and unexpected queue capacities (every strategy)
 * @param hints         wildcards the caller promises not to use; a forbidden wildcard is rejected (every strategy)
 * @param communicators communicators 0..communicators-1 are known (every strategy)
 * @param bins          bins of each hash index (four-index, optimistic), 1..1048576
 * @param threads       N: arrivals per block matched as if in parallel (optimistic), 1..64
 * @param partners      partner/non-partner settings (partner-static, partner-dynamic)
 */
public record StrategyOptions(Capacities capacities, Hints hints, int communicators, int bins, int threads,
                              PartnerSettings partners) {
    public StrategyOptions {
        if (capacities == null) throw new IllegalArgumentException("capacities must not be null");
        if (hints == null) throw new IllegalArgumentException("hints must not be null");
        if (communicators < 1) {
            throw new IllegalArgumentException("communicators = " + communicators + " is illegal: must be >= 1");
        }
        if (bins < 1 || bins > 1 << 20) throw new IllegalArgumentException("bins = " + bins + " is illegal: must be 1..1048576");
        if (threads < 1 || threads > 64) throw new IllegalArgumentException("threads = " + threads + " is illegal: must be 1..64");
        if (partners == null) throw new IllegalArgumentException("partners must not be null");
    }

    /** Unbounded queues, no hints, any communicator, 128 bins (seed 000's choice), N = 4, default partner settings. */
    public static StrategyOptions defaults() {
        return new StrategyOptions(Capacities.UNBOUNDED, Hints.NONE, Integer.MAX_VALUE, 128, 4, PartnerSettings.defaults());
    }

    /** The input rules these options imply. */
    public InputRules rules() {
        return new InputRules(hints, communicators);
    }

    public StrategyOptions withCapacities(Capacities v) { return new StrategyOptions(v, hints, communicators, bins, threads, partners); }
    public StrategyOptions withHints(Hints v) { return new StrategyOptions(capacities, v, communicators, bins, threads, partners); }
    public StrategyOptions withCommunicators(int v) { return new StrategyOptions(capacities, hints, v, bins, threads, partners); }
    public StrategyOptions withBins(int v) { return new StrategyOptions(capacities, hints, communicators, v, threads, partners); }
    public StrategyOptions withThreads(int v) { return new StrategyOptions(capacities, hints, communicators, bins, v, partners); }
    public StrategyOptions withPartners(PartnerSettings v) { return new StrategyOptions(capacities, hints, communicators, bins, threads, v); }
}
