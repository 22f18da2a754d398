package tagmatch.alpu.nic;

import tagmatch.process.ParameterError;

/**
 * Seed 001's latency model of the NIC processor (section VI-B and VI-C, figures 5 and 6): the
 * time matching adds to a message, with and without an ALPU, from what the NIC driver did.
 *
 * <p>Software pays per list entry it traverses: {@code inCacheNs} for the first
 * {@code cacheEntries} entries of a search and {@code beyondCacheNs} for every entry after them
 * (the seed: 15 ns in its 32 KB data cache, 64 ns beyond; 256 entries puts its "whole 400-entry
 * list in 13 us" at 13.06 us). Using an ALPU costs the processor {@code interactionNs} (the seed's
 * 80 ns) plus the unit's own answer, its cycles at the pins at {@code clockMhz}; the search then
 * starts behind the entries the ALPU holds, so the cache is exhausted that much later.
 *
 * <p>For the unexpected queue (figure 6) the seed's benchmark lets posting a receive overlap the
 * message transfer: a search shorter than {@code overlapNs} is hidden, and only
 * {@code exposedNs} of the ALPU's interaction is not. These two are fitted to the seed's text (a
 * loss of "a few tens of nanoseconds" for short queues, break-even at about 70 entries), not
 * measured; every parameter is an option of {@code tagmatch figure}.
 *
 * @param inCacheNs     software cost per entry traversed while the search fits in cache
 * @param beyondCacheNs software cost per entry traversed beyond it
 * @param cacheEntries  entries of one search that fit in the processor's cache
 * @param interactionNs processor overhead of one exchange with the ALPU
 * @param clockMhz      clock of the ALPU, to turn its cycles into time
 * @param overlapNs     transfer time a receive's search of the unexpected queue overlaps
 * @param exposedNs     part of the ALPU interaction on a post that the transfer does not hide
 */
public record NicLatency(double inCacheNs, double beyondCacheNs, int cacheEntries, double interactionNs,
                         double clockMhz, double overlapNs, double exposedNs) {

    /** The seed's figures (and, for overlap and exposure, the values fitted to its text). */
    public static NicLatency seed() {
        return new NicLatency(15, 64, 256, 80, 500, 1_000, 30);
    }

    /** The components, as {@link ParameterError}s of the model name them. */
    public enum Parameter implements ParameterError.Field {
        IN_CACHE_NS, BEYOND_CACHE_NS, CACHE_ENTRIES, INTERACTION_NS, CLOCK_MHZ, OVERLAP_NS, EXPOSED_NS;
    }

    public NicLatency {
        requireNonNegative(Parameter.IN_CACHE_NS, inCacheNs);
        requireNonNegative(Parameter.BEYOND_CACHE_NS, beyondCacheNs);
        requireNonNegative(Parameter.INTERACTION_NS, interactionNs);
        requireNonNegative(Parameter.OVERLAP_NS, overlapNs);
        requireNonNegative(Parameter.EXPOSED_NS, exposedNs);
        if (cacheEntries < 0) throw new ParameterError(Parameter.CACHE_ENTRIES, "must be >= 0", cacheEntries);
        if (!(clockMhz > 0) || Double.isInfinite(clockMhz)) {
            throw new ParameterError(Parameter.CLOCK_MHZ, "must be a positive number", clockMhz);
        }
    }

    private static void requireNonNegative(Parameter p, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) throw new ParameterError(p, "must be >= 0", v);
    }

    /** Software time to traverse {@code entries} list entries in one search. */
    public double traversalNs(long entries) {
        long hot = Math.min(entries, cacheEntries);
        return hot * inCacheNs + (entries - hot) * beyondCacheNs;
    }

    /** Processor time of one ALPU exchange whose answer took {@code cycles} at the pins. */
    public double alpuNs(long cycles) {
        return interactionNs + cycles * 1_000.0 / clockMhz;
    }

    /** Figure 5: a message searched against the posted receives by software alone. */
    public double postedNs(long traversed) {
        return traversalNs(traversed);
    }

    /** Figure 5: the same message with a PRQ ALPU that answered in {@code cycles}. */
    public double postedNs(long cycles, long traversedBeyond) {
        return alpuNs(cycles) + traversalNs(traversedBeyond);
    }

    /** Figure 6: a receive searched against the unexpected messages by software alone. */
    public double unexpectedNs(long traversed) {
        return Math.max(overlapNs, traversalNs(traversed));
    }

    /** Figure 6: the same receive with a UMQ ALPU that answered in {@code cycles}. */
    public double unexpectedNs(long cycles, long traversedBeyond) {
        return exposedNs + Math.max(overlapNs, alpuNs(cycles) + traversalNs(traversedBeyond));
    }
}
