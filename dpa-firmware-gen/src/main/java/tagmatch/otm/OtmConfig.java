package tagmatch.otm;

import java.util.Objects;

/**
 * Generation-time configuration of one firmware build. Every component is checked here, so
 * an illegal configuration never reaches the generator and no file is written for it.
 *
 * @param threads       N, messages matched concurrently in one block (1..64)
 * @param bins          bins of each hash index (power of two, 1..65536)
 * @param maxRecvs      receive descriptors (1..1048576)
 * @param maxUnexpected unexpected messages stored at once (1..1048576)
 * @param noAnySource   MPI-4 assertion: no receive uses ANY_SOURCE
 * @param noAnyTag      MPI-4 assertion: no receive uses ANY_TAG
 * @param hash          the bin hash function
 * @param senderHash    also emit the sender-side hash API (seed 000 IV-D "inline hash values")
 * @param fastPath      the fast path of a conflict (seed III-D-3-a):
 *                      per key, wait only for the older messages of the key bucket (then the
 *                      first receive of the key left in the bin follows the newest older one's);
 *                      under the booking protocol, keep the first candidate when no older thread
 *                      took it; off = every conflict waits for all older threads and searches again
 * @param earlyBooking  read the older threads' published bookings and conflict marks before
 *                      committing (seed IV-D): a thread behind an older conflict skips the
 *                      optimistic phase, one whose candidate an older thread booked marks itself in
 *                      conflict instead of booking; off = every thread searches and books blindly
 * @param inOrderRun    after a block in which at least three quarters of the messages but the
 *                      oldest waited for older ones anyway, the next this many blocks of several messages are matched
 *                      in thread order, with no optimistic phase (0..1024; 0 = never)
 */
public record OtmConfig(int threads, int bins, int maxRecvs, int maxUnexpected,
                        boolean noAnySource, boolean noAnyTag, OtmHash hash,
                        boolean senderHash, boolean fastPath, boolean earlyBooking, int inOrderRun) {

    public static final int MAX_THREADS = 64;
    public static final int MAX_BINS = 65536;
    public static final int MAX_ENTRIES = 1048576;
    public static final int MAX_IN_ORDER_RUN = 1024;
    /** The default in-order run: long enough that the optimistic block which probes the contention costs little per message. */
    public static final int DEFAULT_IN_ORDER_RUN = 32;

    public OtmConfig {
        range("threads", threads, 1, MAX_THREADS);
        range("bins", bins, 1, MAX_BINS);
        if (Integer.bitCount(bins) != 1) {
            throw new IllegalArgumentException("bins must be a power of two in 1..65536, got " + bins);
        }
        range("maxRecvs", maxRecvs, 1, MAX_ENTRIES);
        range("maxUnexpected", maxUnexpected, 1, MAX_ENTRIES);
        range("inOrderRun", inOrderRun, 0, MAX_IN_ORDER_RUN);
        Objects.requireNonNull(hash, "hash must be one of multiplicative, xor-fold, got null");
    }

    /** A configuration with every optimization on. */
    public OtmConfig(int threads, int bins, int maxRecvs, int maxUnexpected, boolean noAnySource, boolean noAnyTag,
                     OtmHash hash, boolean senderHash) {
        this(threads, bins, maxRecvs, maxUnexpected, noAnySource, noAnyTag, hash, senderHash, true, true, DEFAULT_IN_ORDER_RUN);
    }

    /** The seed's prototype: 32 threads, 128 bins, 1024 receives (plus 1024 unexpected). */
    public static OtmConfig defaults() {
        return new OtmConfig(32, 128, 1024, 1024, false, false, OtmHash.MULTIPLICATIVE, false);
    }

    public OtmConfig withThreads(int n) {
        return new OtmConfig(n, bins, maxRecvs, maxUnexpected, noAnySource, noAnyTag, hash, senderHash, fastPath, earlyBooking, inOrderRun);
    }

    public OtmConfig withBins(int b) {
        return new OtmConfig(threads, b, maxRecvs, maxUnexpected, noAnySource, noAnyTag, hash, senderHash, fastPath, earlyBooking, inOrderRun);
    }

    public OtmConfig withCapacities(int recvs, int unexpected) {
        return new OtmConfig(threads, bins, recvs, unexpected, noAnySource, noAnyTag, hash, senderHash, fastPath, earlyBooking, inOrderRun);
    }

    public OtmConfig withHints(boolean noAnySrc, boolean noAnyTg) {
        return new OtmConfig(threads, bins, maxRecvs, maxUnexpected, noAnySrc, noAnyTg, hash, senderHash, fastPath, earlyBooking, inOrderRun);
    }

    public OtmConfig withHash(OtmHash h, boolean sender) {
        return new OtmConfig(threads, bins, maxRecvs, maxUnexpected, noAnySource, noAnyTag, h, sender, fastPath, earlyBooking, inOrderRun);
    }

    /** The same build with the fast path and the early booking check switched on or off (ablation). */
    public OtmConfig withOptimizations(boolean fast, boolean early) {
        return new OtmConfig(threads, bins, maxRecvs, maxUnexpected, noAnySource, noAnyTag, hash, senderHash, fast, early, inOrderRun);
    }

    /** The same build with another in-order run (0: every block is matched optimistically). */
    public OtmConfig withInOrderRun(int run) {
        return new OtmConfig(threads, bins, maxRecvs, maxUnexpected, noAnySource, noAnyTag, hash, senderHash, fastPath, earlyBooking, run);
    }

    /** A short, file-name-safe identity of this configuration (used to cache builds). */
    public String key() {
        return "n" + threads + "-b" + bins + "-r" + maxRecvs + "-u" + maxUnexpected
                + (noAnySource ? "-nas" : "") + (noAnyTag ? "-nat" : "")
                + "-" + hash.label() + (senderHash ? "-sh" : "")
                + (fastPath ? "" : "-nofp") + (earlyBooking ? "" : "-noeb")
                + (inOrderRun == DEFAULT_IN_ORDER_RUN ? "" : "-io" + inOrderRun);
    }

    private static void range(String name, long value, long lo, long hi) {
        if (value < lo || value > hi) {
            throw new IllegalArgumentException(name + " must be in " + lo + ".." + hi + ", got " + value);
        }
    }
}
