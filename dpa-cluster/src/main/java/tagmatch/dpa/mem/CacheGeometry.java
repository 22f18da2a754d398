package tagmatch.dpa.mem;

import tagmatch.process.ParameterError;

/**
 * The build-time shape of the cluster's caches: the line, each core's instruction and data cache
 * (sized per hardware thread of the core), and the shared L2 and L3 with their ways. Where each
 * default comes from is in docs/dpa.md ("Memory hierarchy"): L2 and L3 are seed 000's (§IV-E),
 * about 1 KiB of L1 per thread is a secondary summary's, the line and the ways are guesses.
 */
public record CacheGeometry(int lineBytes, int l1iBytesPerThread, int l1dBytesPerThread, int l1Ways,
                            int l2Kib, int l2Ways, int l3Kib, int l3Ways) {
    /** What {@link ParameterError}s of a geometry name: a component, or the sets a cache's size, ways and line make. */
    public enum Parameter implements ParameterError.Field {
        LINE_BYTES, L1I_BYTES_PER_THREAD, L1D_BYTES_PER_THREAD, L1_WAYS, L2_KIB, L2_WAYS, L3_KIB, L3_WAYS, L1I_SETS, L1D_SETS, L2_SETS, L3_SETS;

        @Override
        public String parameterName() {
            return switch (this) {
                case L1I_SETS -> "L1i sets";
                case L1D_SETS -> "L1d sets";
                case L2_SETS -> "L2 sets";
                case L3_SETS -> "L3 sets";
                default -> ParameterError.Field.super.parameterName();
            };
        }
    }

    public static CacheGeometry defaults() {
        return new CacheGeometry(64, 1024, 1024, 4, 1536, 6, 3072, 6);
    }

    public CacheGeometry {
        pow2(Parameter.LINE_BYTES, lineBytes, 8, 4096);
        pow2(Parameter.L1I_BYTES_PER_THREAD, l1iBytesPerThread, 64, 1 << 20);
        pow2(Parameter.L1D_BYTES_PER_THREAD, l1dBytesPerThread, 64, 1 << 20);
        range(Parameter.L1_WAYS, l1Ways, 1, 16);
        range(Parameter.L2_KIB, l2Kib, 1, 1 << 16);
        range(Parameter.L2_WAYS, l2Ways, 1, 32);
        range(Parameter.L3_KIB, l3Kib, 1, 1 << 16);
        range(Parameter.L3_WAYS, l3Ways, 1, 32);
        sets(Parameter.L2_SETS, l2Kib + " KiB", (long) l2Kib << 10, l2Ways, lineBytes);
        sets(Parameter.L3_SETS, l3Kib + " KiB", (long) l3Kib << 10, l3Ways, lineBytes);
    }

    /** Lines of a core's instruction cache. */
    public int l1iLines(int threads) {
        return checkedLines(Parameter.L1I_SETS, l1iBytesPerThread + " bytes x " + threads + " threads", (long) l1iBytesPerThread * threads, l1Ways);
    }

    /** Lines of a core's data cache. */
    public int l1dLines(int threads) {
        return checkedLines(Parameter.L1D_SETS, l1dBytesPerThread + " bytes x " + threads + " threads", (long) l1dBytesPerThread * threads, l1Ways);
    }

    public int l2Lines() { return (int) (((long) l2Kib << 10) / lineBytes); }

    public int l3Lines() { return (int) (((long) l3Kib << 10) / lineBytes); }

    private int checkedLines(Parameter p, String size, long bytes, int ways) {
        sets(p, size, bytes, ways, lineBytes);
        return (int) (bytes / lineBytes);
    }

    /** A cache's sets: a power of two, at least 2; the rule says which size, ways and line made them. */
    private static void sets(Parameter p, String size, long bytes, int ways, int line) {
        long lines = bytes / line;
        if (bytes % line != 0 || lines % ways != 0 || lines / ways < 2 || Long.bitCount(lines / ways) != 1)
            throw new ParameterError(p, "must be a power of two >= 2 (" + size + " in " + ways + " ways of " + line + "-byte lines)",
                    lines % ways == 0 ? String.valueOf(lines / ways) : lines + " lines / " + ways);
    }

    private static void pow2(Parameter p, int v, int min, int max) {
        if (v < min || v > max || Integer.bitCount(v) != 1) throw new ParameterError(p, "must be a power of two in " + min + ".." + max, v);
    }

    private static void range(Parameter p, int v, int min, int max) {
        if (v < min || v > max) throw new ParameterError(p, "must be in " + min + ".." + max, v);
    }
}
