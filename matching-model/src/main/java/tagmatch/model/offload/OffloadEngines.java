package tagmatch.model.offload;

import tagmatch.model.Capacities;
import tagmatch.model.InputRules;

/** Creates the engine of a policy. */
public final class OffloadEngines {
    private OffloadEngines() {}

    /** An engine for a receiver that progresses all the time. */
    public static OffloadEngine create(OffloadPolicy policy, OffloadSettings settings, Capacities capacities, InputRules rules,
                                       Transfers transfers) {
        return create(policy, settings, capacities, rules, transfers, ProgressCalls.CONTINUOUS);
    }

    /** An engine for a receiver that progresses at {@code progress}; only the adaptive policy's δ depends on it. */
    public static OffloadEngine create(OffloadPolicy policy, OffloadSettings settings, Capacities capacities, InputRules rules,
                                       Transfers transfers, ProgressCalls progress) {
        if (policy == null) throw new IllegalArgumentException("policy must not be null");
        switch (policy) {
            case NAIVE: return new NaiveOffload(settings, capacities, rules, transfers);
            case SEQNUM: return new SequenceOffload(settings, capacities, rules, transfers);
            case ADAPTIVE: return new AdaptiveOffload(settings, capacities, rules, transfers, progress);
            case ORDERED: return new OrderedOffload(settings, capacities, rules, transfers);
            default: throw new IllegalStateException("unhandled policy " + policy);
        }
    }

    /** An engine with unbounded software queues and the default input rules. */
    public static OffloadEngine create(OffloadPolicy policy, OffloadSettings settings, Transfers transfers) {
        return create(policy, settings, Capacities.UNBOUNDED, InputRules.DEFAULT, transfers);
    }
}
