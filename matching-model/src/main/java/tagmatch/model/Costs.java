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

    /** Counts {@code n} entries inspected by the operation in progress. */
    public void inspect(long n) {
        current += n;
    }

    /** Records that a search looked into a bin (or list) holding {@code depth} entries. */
    public void binSearched(int depth) {
        binSearches++;
        binDepthSum += depth;
        if (depth > binDepthMax) binDepthMax = depth;
    }

    /** Closes one post ({@code post = true}) or arrival; depths are the queue sizes the operation found. */
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
    public long maxInspected() { return maxInspected; }
    public long postedDepthMax() { return postedDepthMax; }
    public long unexpectedDepthMax() { return unexpectedDepthMax; }
    public long binSearches() { return binSearches; }
    public long binDepthMax() { return binDepthMax; }
    public long conflicts() { return conflicts; }
    public long fastPath() { return fastPath; }
    public long slowPath() { return slowPath; }
    public long blocks() { return blocks; }

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
        m.put("inspected", inspected);
        m.put("inspected_per_op", inspectedPerOperation());
        m.put("max_inspected_per_op", maxInspected);
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
