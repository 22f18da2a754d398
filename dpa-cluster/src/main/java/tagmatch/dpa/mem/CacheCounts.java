package tagmatch.dpa.mem;

import java.util.List;

/**
 * What a run's accesses found at each cache level, summed over the cores: lookups that hit and
 * that missed (all zero under the flat model). L1D counts loads only (stores and atomics go to
 * the L2); L2 and L3 count every lookup that reached them, fetch misses included.
 */
public record CacheCounts(long l1iHits, long l1iMisses, long l1dHits, long l1dMisses, long l2Hits, long l2Misses, long l3Hits,
                          long l3Misses) {
    /** The counts in {@link CacheHierarchy#COUNTERS}' order. */
    public static CacheCounts of(List<Long> c) {
        return new CacheCounts(c.get(0), c.get(1), c.get(2), c.get(3), c.get(4), c.get(5), c.get(6), c.get(7));
    }

    /** Hits over lookups, NaN with none. */
    public static double rate(long hits, long misses) {
        return hits + misses == 0 ? Double.NaN : hits / (double) (hits + misses);
    }

    /** One line: each level's hit rate and lookups. */
    public String summary() {
        return String.format("hit rates: L1I %s, L1D %s, L2 %s, L3 %s", level(l1iHits, l1iMisses), level(l1dHits, l1dMisses),
                level(l2Hits, l2Misses), level(l3Hits, l3Misses));
    }

    private static String level(long hits, long misses) {
        return hits + misses == 0 ? "- (0 lookups)" : String.format("%.1f %% of %d", 100 * rate(hits, misses), hits + misses);
    }
}
