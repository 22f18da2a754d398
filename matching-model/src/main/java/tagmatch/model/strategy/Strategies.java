package tagmatch.model.strategy;

import java.util.List;
import tagmatch.model.Hints;
import tagmatch.model.Matcher;
import tagmatch.model.ReferenceMatcher;

/** The registry of matching strategies, so tools can run "every strategy" side by side by name. */
public final class Strategies {
    private static final List<String> NAMES = List.of("linked-list", "per-source", "four-index", "single-hash",
            "optimistic", "partner-static", "partner-dynamic");

    private Strategies() {}

    /**
     * The strategies' names, in a stable order (the reference is not among them, though
     * {@link #create} also accepts {@code "reference"}). {@code single-hash} rejects any wildcard.
     */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * Whether strategy {@code name} can run a workload that promises only {@code hints}: every
     * strategy but {@code single-hash}, which needs both no-wildcard hints. Lets a tool running
     * "every strategy" skip the ones a workload's wildcards rule out instead of failing.
     */
    public static boolean accepts(String name, Hints hints) {
        if (!name.equals("reference") && !NAMES.contains(name)) {
            throw new IllegalArgumentException("strategy = '" + name + "' is unknown: legal strategies are reference, "
                    + String.join(", ", NAMES));
        }
        return !name.equals("single-hash") || (hints.noAnySource() && hints.noAnyTag());
    }

    /** A fresh matcher of strategy {@code name} configured by {@code options}. */
    public static Matcher create(String name, StrategyOptions options) {
        if (options == null) throw new IllegalArgumentException("strategy options must not be null");
        if (name == null) throw new IllegalArgumentException("strategy name must not be null");
        switch (name) {
            case "reference": return new ReferenceMatcher(options.capacities(), options.rules());
            case "linked-list": return new LinkedListMatcher(options);
            case "per-source": return new PerSourceMatcher(options);
            case "four-index": return new FourIndexMatcher(options);
            case "single-hash": return new SingleHashMatcher(options);
            case "optimistic": return new OptimisticMatcher(options);
            case "partner-static": return new PartnerMatcher(options, false);
            case "partner-dynamic": return new PartnerMatcher(options, true);
            default:
                throw new IllegalArgumentException("strategy = '" + name + "' is unknown: legal strategies are reference, "
                        + String.join(", ", NAMES));
        }
    }
}
