package tagmatch.dpa.mem;

/**
 * The build-time shape of the cluster's caches: the line, each core's instruction and data cache
 * (sized per hardware thread of the core), and the shared L2 and L3 with their ways. Where each
 * default comes from is in docs/dpa.md ("Memory hierarchy"): L2 and L3 are seed 000's (§IV-E),
 * about 1 KiB of L1 per thread is a secondary summary's, the line and the ways are guesses.
 */
public record CacheGeometry(int lineBytes, int l1iBytesPerThread, int l1dBytesPerThread, int l1Ways,
                            int l2Kib, int l2Ways, int l3Kib, int l3Ways) {
    public static CacheGeometry defaults() {
        return new CacheGeometry(64, 1024, 1024, 4, 1536, 6, 3072, 6);
    }

    public CacheGeometry {
        pow2("line-bytes", lineBytes, 8, 4096);
        pow2("l1i-bytes-per-thread", l1iBytesPerThread, 64, 1 << 20);
        pow2("l1d-bytes-per-thread", l1dBytesPerThread, 64, 1 << 20);
        range("l1-ways", l1Ways, 1, 16);
        range("l2-kib", l2Kib, 1, 1 << 16);
        range("l2-ways", l2Ways, 1, 32);
        range("l3-kib", l3Kib, 1, 1 << 16);
        range("l3-ways", l3Ways, 1, 32);
        sets("--l2-kib " + l2Kib + " in --l2-ways " + l2Ways, (long) l2Kib << 10, l2Ways, lineBytes);
        sets("--l3-kib " + l3Kib + " in --l3-ways " + l3Ways, (long) l3Kib << 10, l3Ways, lineBytes);
    }

    /** Lines of a core's instruction cache. */
    public int l1iLines(int threads) {
        return checkedLines("--l1i-bytes-per-thread " + l1iBytesPerThread + " x " + threads + " threads in --l1-ways " + l1Ways,
                (long) l1iBytesPerThread * threads, l1Ways);
    }

    /** Lines of a core's data cache. */
    public int l1dLines(int threads) {
        return checkedLines("--l1d-bytes-per-thread " + l1dBytesPerThread + " x " + threads + " threads in --l1-ways " + l1Ways,
                (long) l1dBytesPerThread * threads, l1Ways);
    }

    public int l2Lines() { return (int) (((long) l2Kib << 10) / lineBytes); }

    public int l3Lines() { return (int) (((long) l3Kib << 10) / lineBytes); }

    private int checkedLines(String what, long bytes, int ways) {
        sets(what, bytes, ways, lineBytes);
        return (int) (bytes / lineBytes);
    }

    /** A cache's sets: a power of two, at least 2. */
    private static void sets(String what, long bytes, int ways, int line) {
        long lines = bytes / line;
        if (bytes % line != 0 || lines % ways != 0 || lines / ways < 2 || Long.bitCount(lines / ways) != 1)
            throw new IllegalArgumentException(what + " of --line-bytes " + line + " must give a power of two >= 2 of sets, got "
                    + (lines % ways == 0 ? String.valueOf(lines / ways) : lines + " lines / " + ways));
    }

    private static void pow2(String name, int v, int min, int max) {
        if (v < min || v > max || Integer.bitCount(v) != 1)
            throw new IllegalArgumentException("--" + name + " must be a power of two in " + min + ".." + max + ", got " + v);
    }

    private static void range(String name, int v, int min, int max) {
        if (v < min || v > max) throw new IllegalArgumentException("--" + name + " must be in " + min + ".." + max + ", got " + v);
    }
}
