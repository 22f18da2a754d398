package tagmatch.trace;

import tagmatch.model.Costs;

/**
 * The costs of one strategy on one rank (all its communicators' streams together), or why the
 * strategy refused the rank's workload ({@code rejected}, e.g. single-hash and wildcards).
 * {@code disagreements}: events whose result (outcome and partner) differs from the reference
 * matcher's, which must be 0 for a correct strategy. {@code passedPerOp}: entries a post or arrival
 * passed over before its match (the whole bin without one), per operation: seed 000's queue depth
 * (see {@link tagmatch.model.Costs#passedBeforeMatch()}).
 */
public record StrategyStats(String strategy, int rank, long posts, long arrivals, double inspectedPerOp, long maxInspected,
                            double passedPerOp, double postedDepthMean, long postedDepthMax, double unexpectedDepthMean, long unexpectedDepthMax,
                            long binSearches, double binDepthMean, long binDepthMax, long conflicts, long fastPath,
                            long slowPath, long blocks, long disagreements, String rejected) {

    static StrategyStats rejected(String strategy, int rank, String why) {
        return new StrategyStats(strategy, rank, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, why);
    }

    /** Sums the costs of several matchers, weighting means by the operations (or bin searches) behind them. */
    static StrategyStats of(String strategy, int rank, Iterable<Costs> all, long disagreements) {
        long posts = 0, arrivals = 0, inspected = 0, passed = 0, maxInspected = 0, pMax = 0, uMax = 0, searches = 0, bMax = 0;
        long conflicts = 0, fast = 0, slow = 0, blocks = 0;
        double pSum = 0, uSum = 0, bSum = 0;
        for (Costs c : all) {
            posts += c.posts();
            arrivals += c.arrivals();
            inspected += c.inspected();
            passed += c.passedBeforeMatch();
            maxInspected = Math.max(maxInspected, c.maxInspected());
            pSum += c.postedDepthMean() * c.operations();
            uSum += c.unexpectedDepthMean() * c.operations();
            pMax = Math.max(pMax, c.postedDepthMax());
            uMax = Math.max(uMax, c.unexpectedDepthMax());
            searches += c.binSearches();
            bSum += c.binDepthMean() * c.binSearches();
            bMax = Math.max(bMax, c.binDepthMax());
            conflicts += c.conflicts();
            fast += c.fastPath();
            slow += c.slowPath();
            blocks += c.blocks();
        }
        long ops = posts + arrivals;
        return new StrategyStats(strategy, rank, posts, arrivals, ratio(inspected, ops), maxInspected, ratio(passed, ops), ratio(pSum, ops), pMax,
                ratio(uSum, ops), uMax, searches, ratio(bSum, searches), bMax, conflicts, fast, slow, blocks, disagreements, null);
    }

    private static double ratio(double a, long b) {
        return b == 0 ? 0 : a / b;
    }
}
