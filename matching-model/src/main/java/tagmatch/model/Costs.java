package tagmatch.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cost counters a matcher accumulates while it runs: entries inspected per operation, posted and
 * unexpected queue depths seen by each operation, depths of the bins (chains) searched, and the
 * optimistic matcher's conflicts and fast/slow path uses. "Inspected" counts every stored entry
 * a search compares against the key (for hash tables: every chain element looked at).
 *
 * <p>Mutable and not thread-safe: one instance belongs to one matcher.
 */
public final class Costs {
    private long posts;
    private long arrivals;
    private long inspected;
    private long found;
    private long maxInspected;
    private long current;
    private long postedDepthSum;
    private long postedDepthMax;
    private long unexpectedDepthSum;
    private long unexpectedDepthMax;
    private long binSearches;
    private long binDepthSum;
    private long binDepthMax;
    private long conflicts;
    private long fastPath;
    private long slowPath;
    private long blocks;
    private long full;
    /** Seed 002 Table I paths: 0 receive matched, 1 receive not matched, 2 message matched, 3 message not matched. */
    private final long[] pathCount = new long[4];
    private final long[] pathInspected = new long[4];

    /** Counts {@code n} entries inspected by the operation in progress. */
    public void inspect(long n) {
        current += n;
    }

    /**
     * Records that a search of one bin (or list) stopped at a matching entry, the last one it
     * inspected: {@link #passedBeforeMatch()} leaves it out.
     */
    public void found() {
        found++;
    }

    /** Records that a search looked into a bin (or list) holding {@code depth} entries. */
    public void binSearched(int depth) {
        binSearches++;
        binDepthSum += depth;
        if (depth > binDepthMax) binDepthMax = depth;
    }

    /**
     * Closes one post ({@code post = true}) or arrival with its outcome; depths are the queue sizes
     * the operation found. The outcome selects one of seed 002's four paths (success or failure,
     * from a receive or from a send) and the statistics of docs/otm-contract.md.
     */
    public void endOperation(boolean post, Outcome outcome, int postedDepth, int unexpectedDepth) {
        int path = (post ? 0 : 2) + (outcome == Outcome.MATCHED ? 0 : 1);
        pathCount[path]++;
        pathInspected[path] += current;
        if (outcome == Outcome.FULL) full++;
        endOperation(post, postedDepth, unexpectedDepth);
    }

    /** Closes one operation whose outcome is not reported (counted in no path). */
    public void endOperation(boolean post, int postedDepth, int unexpectedDepth) {
        if (post) posts++; else arrivals++;
        inspected += current;
        if (current > maxInspected) maxInspected = current;
        current = 0;
        postedDepthSum += postedDepth;
        if (postedDepth > postedDepthMax) postedDepthMax = postedDepth;
        unexpectedDepthSum += unexpectedDepth;
        if (unexpectedDepth > unexpectedDepthMax) unexpectedDepthMax = unexpectedDepth;
    }

    /** A message whose first candidate was booked by an older thread of its block. */
    public void recordConflict() { conflicts++; }

    /** A conflict resolution taken on the fast path (sequence of compatible receives). */
    public void recordFastPath() { fastPath++; }

    /** A conflict resolution taken on the slow path (wait for the older thread, search again). */
    public void recordSlowPath() { slowPath++; }

    /** A block of arrivals closed. */
    public void recordBlock() { blocks++; }

    public long posts() { return posts; }
    public long arrivals() { return arrivals; }
    public long operations() { return posts + arrivals; }
    public long inspected() { return inspected; }
    /**
     * Entries searches passed over: inspected minus the matching entries they stopped at, i.e. the
     * entries before the match in a search that found one, the whole bin in one that did not (seed
     * 000's queue depth; {@link #binDepthMean()} counts every entry of the bins searched instead).
     * Counted by the strategies built on chains (linked lists, bins: four-index, per-source, ...).
     */
    public long passedBeforeMatch() { return inspected - found; }
    public long maxInspected() { return maxInspected; }
    public long postedDepthMax() { return postedDepthMax; }
    public long unexpectedDepthMax() { return unexpectedDepthMax; }
    public long binSearches() { return binSearches; }
    public long binDepthMax() { return binDepthMax; }
    public long conflicts() { return conflicts; }
    public long fastPath() { return fastPath; }
    public long slowPath() { return slowPath; }
    public long blocks() { return blocks; }

    /** Posts that matched an unexpected message (docs/otm-contract.md {@code matched_at_post}; seed 002 "success from receive"). */
    public long postsMatched() { return pathCount[0]; }
    /** Posts that found no message, stored or FULL (seed 002 "fail from receive"). */
    public long postsUnmatched() { return pathCount[1]; }
    /** Arrivals that matched a posted receive (docs/otm-contract.md {@code matched}; seed 002 "success from send"). */
    public long arrivalsMatched() { return pathCount[2]; }
    /** Arrivals that found no receive, stored or FULL (seed 002 "fail from send"). */
    public long arrivalsUnmatched() { return pathCount[3]; }
    /** Operations answered FULL (docs/otm-contract.md {@code fallbacks}). */
    public long full() { return full; }

    /** Mean entries inspected by posts that matched. */
    public double inspectedPerPostMatched() { return ratio(pathInspected[0], pathCount[0]); }
    /** Mean entries inspected by posts that did not match. */
    public double inspectedPerPostUnmatched() { return ratio(pathInspected[1], pathCount[1]); }
    /** Mean entries inspected by arrivals that matched. */
    public double inspectedPerArrivalMatched() { return ratio(pathInspected[2], pathCount[2]); }
    /** Mean entries inspected by arrivals that did not match. */
    public double inspectedPerArrivalUnmatched() { return ratio(pathInspected[3], pathCount[3]); }

    /** Mean entries inspected per post or arrival (0 when nothing ran). */
    public double inspectedPerOperation() { return ratio(inspected, operations()); }
    public double postedDepthMean() { return ratio(postedDepthSum, operations()); }
    public double unexpectedDepthMean() { return ratio(unexpectedDepthSum, operations()); }
    public double binDepthMean() { return ratio(binDepthSum, binSearches); }

    private static double ratio(long a, long b) {
        return b == 0 ? 0.0 : (double) a / b;
    }

    /** Every counter by a stable name, in a stable order: what reports and the trace analyzer print. */
    public Map<String, Number> summary() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("posts", posts);
        m.put("arrivals", arrivals);
        m.put("posts_matched", pathCount[0]);
        m.put("posts_unmatched", pathCount[1]);
        m.put("arrivals_matched", pathCount[2]);
        m.put("arrivals_unmatched", pathCount[3]);
        m.put("full", full);
        m.put("inspected", inspected);
        m.put("inspected_per_op", inspectedPerOperation());
        m.put("max_inspected_per_op", maxInspected);
        m.put("inspected_per_post_matched", inspectedPerPostMatched());
        m.put("inspected_per_post_unmatched", inspectedPerPostUnmatched());
        m.put("inspected_per_arrival_matched", inspectedPerArrivalMatched());
        m.put("inspected_per_arrival_unmatched", inspectedPerArrivalUnmatched());
        m.put("posted_depth_mean", postedDepthMean());
        m.put("posted_depth_max", postedDepthMax);
        m.put("unexpected_depth_mean", unexpectedDepthMean());
        m.put("unexpected_depth_max", unexpectedDepthMax);
        m.put("bin_depth_mean", binDepthMean());
        m.put("bin_depth_max", binDepthMax);
        m.put("conflicts", conflicts);
        m.put("fast_path", fastPath);
        m.put("slow_path", slowPath);
        m.put("blocks", blocks);
        return m;
    }

    @Override
    public String toString() {
        return summary().toString();
    }
}
