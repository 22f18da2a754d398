package tagmatch.model.strategy;

/**
 * The bin a key falls into: a fixed integer mix (deterministic across runs and JVMs), reduced modulo the bin count.
 * Public so that the trace analyzer's bin usage (empty bins, colliding source/tag pairs) hashes exactly as the
 * strategies' indexes do.
 */
public final class Bins {
    private Bins() {}

    /** The bin of key (a, b, c), e.g. (communicator, source, tag) with -1 for a wildcard, among {@code bins}. */
    public static int of(int bins, int a, int b, int c) {
        long h = a * 0x9E3779B97F4A7C15L;
        h = (h ^ (h >>> 29) ^ b) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 31) ^ c) * 0x94D049BB133111EBL;
        h ^= h >>> 32;
        return (int) Long.remainderUnsigned(h, bins);
    }

    static Chain[] chains(int bins, int slot) {
        Chain[] c = new Chain[bins];
        for (int i = 0; i < bins; i++) c[i] = new Chain(slot);
        return c;
    }
}
