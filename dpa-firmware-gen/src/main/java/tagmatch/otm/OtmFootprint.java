package tagmatch.otm;

/**
 * The bytes of one generated {@code otm_ctx}, by part, computed from the C layout rules of
 * the template (the co-simulation checks the total against {@code otm_ctx_bytes()}).
 *
 * @param receiveBins    the receive indexes' bins (3 hash indexes of BINS bins plus the
 *                       both-wildcards list head, fewer under hints), 12 bytes each
 * @param descriptors    receive descriptors, 64 bytes each, plus their free list
 * @param unexpected     unexpected-message storage, its indexes' bins and free list
 * @param rest           block synchronization words, per-thread state, counters, padding
 */
public record OtmFootprint(long receiveBins, long descriptors, long unexpected, long rest) {
    /** The seed's figure for 128 bins and 8 K receives: 3 x 128 bins x 20 B + 8192 x 64 B. */
    public static final long SEED_128_BINS_8K_RECVS = 3L * 128 * 20 + 8192L * 64;

    static final int BIN_BYTES = 12;
    static final int RECV_BYTES = 64;

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
        long header = 4 * 64 + 120;               /* four sync lines, then counters and stats */
        long off = align(header, 64) + 64L * c.threads();
        long binBytes = ((long) hashIndexes * c.bins() + lists) * BIN_BYTES;
        long rxStart = off;
        off += binBytes;                          /* receive bins */
        long rxBins = off - rxStart;
        long uxStart = off;
        off += binBytes;                          /* unexpected bins */
        long uxBins = off - uxStart;
        long descStart = off;
        off = align(off, 8) + (long) RECV_BYTES * c.maxRecvs() + 4L * c.maxRecvs();
        long desc = off - descStart;
        long unexpStart = off;
        off = align(off, 8) + (16L + 8L * links) * c.maxUnexpected() + 4L * c.maxUnexpected();
        long unexp = off - unexpStart + uxBins;
        long total = align(off, 64);
        return new OtmFootprint(rxBins, desc, unexp, total - rxBins - desc - unexp);
    }

    private static long align(long v, long a) {
        return (v + a - 1) / a * a;
    }
}
