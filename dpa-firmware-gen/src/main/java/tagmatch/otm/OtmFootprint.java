package tagmatch.otm;

/**
 * The bytes of one generated {@code otm_ctx}, by part, computed from the C layout rules of
 * the template (the co-simulation checks the total against {@code otm_ctx_bytes()}).
 *
 * @param receiveBins    the receive indexes' bins (hash indexes of BINS bins plus the
 *                       both-wildcards list head, fewer under hints) and their remove locks,
 *                       12 bytes each
 * @param descriptors    receive descriptors, 40 bytes each (the free list lives inside them)
 * @param unexpected     unexpected-message storage and its indexes' bins
 * @param rest           block synchronization words, per-thread state, counters, padding
 */
public record OtmFootprint(long receiveBins, long descriptors, long unexpected, long rest) {
    /** The seed's figure for 128 bins and 8 K receives: 3 x 128 bins x 20 B + 8192 x 64 B. */
    public static final long SEED_128_BINS_8K_RECVS = 3L * 128 * 20 + 8192L * 64;

    /** Bin: head and tail (4 bytes each). */
    public static final int BIN_BYTES = 8;
    /** A receive bin's remove lock, kept beside the bins. */
    public static final int LOCK_BYTES = 4;
    /** Receive descriptor: key 8, id (free-stack link while free) 8, label 8, booking 8, links 8. */
    public static final int RECV_BYTES = 40;
    /** Per-thread block state and counters, one cache line. */
    static final int THREAD_BYTES = 64;
    /**
     * Four 64-byte lines (the booked, conflicted and finals words, the free-stack head), the key
     * buckets, then host-side state (the block word 8, the free-list head and stored count 8,
     * the wildcard live counts 8, the next label 8; with in-order blocks the latest block word 8
     * and the run left 4, padded to 8) and the ten post-side counters (80).
     */
    static long headerBytes(OtmConfig c) {
        return 4 * 64 + align(8L * keyBuckets(c), 64) + 32 + (c.inOrderRun() > 0 ? 16 : 0) + 80;
    }

    /** Key buckets of the per-key resolution (one 64-bit word each): the bins, at most 64. */
    static int keyBuckets(OtmConfig c) {
        return Math.min(c.bins(), 64);
    }

    public long total() {
        return receiveBins + descriptors + unexpected + rest;
    }

    /** What the seed's 520 KiB counts: receive bins plus descriptors. */
    public long seedComparable() {
        return receiveBins + descriptors;
    }

    public static OtmFootprint of(OtmConfig c) {
        boolean as = !c.noAnySource();
        boolean at = !c.noAnyTag();
        int hashIndexes = 1 + (as ? 1 : 0) + (at ? 1 : 0);
        int lists = as && at ? 1 : 0;
        int links = hashIndexes + lists;
        long bins = (long) hashIndexes * c.bins() + lists;
        long binBytes = bins * BIN_BYTES;
        long off = align(headerBytes(c), 64) + (long) THREAD_BYTES * c.threads();
        long rxBins = bins * (LOCK_BYTES + BIN_BYTES);
        off += rxBins + binBytes;                 /* locks and receive bins, then unexpected bins */
        long descStart = align(off, 8);
        off = descStart + (long) RECV_BYTES * c.maxRecvs();
        long desc = off - descStart;
        off += (16L + 8L * links) * c.maxUnexpected();
        long unexp = (16L + 8L * links) * c.maxUnexpected() + binBytes;
        long total = align(off, 64);
        return new OtmFootprint(rxBins, desc, unexp, total - rxBins - desc - unexp);
    }

    private static long align(long v, long a) {
        return (v + a - 1) / a * a;
    }
}
