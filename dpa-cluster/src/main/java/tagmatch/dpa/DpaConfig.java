package tagmatch.dpa;

import tagmatch.dpa.mem.CacheGeometry;
import tagmatch.process.ParameterError;

/**
 * The build-time shape of a cluster: {@code cores} cores of {@code threads} hardware threads each,
 * {@code banks} memory banks (each with its own atomic unit), {@code ramMib} MiB of RAM at
 * {@link #RAM_BASE} and the caches' geometry. The memory's costs (flat or per cache level) and the
 * number of harts started are run-time inputs ({@link DpaRun.Options}), so changing them needs no
 * rebuild.
 */
public record DpaConfig(int cores, int threads, int banks, int ramMib, CacheGeometry caches) {
    /** Where RAM starts; every hart starts at the ELF entry, inside it. */
    public static final long RAM_BASE = 0x8000_0000L;
    /** A byte stored here is written to the run's console. */
    public static final long CONSOLE = 0x1000_0000L;
    /** A store of {@code (code << 1) | 1} here ends the run with exit code {@code code}. */
    public static final long EXIT = 0x1000_0008L;

    /**
     * 4 cores x 8 threads: the 32 threads the seed-000 paper runs on the BlueField-3 DPA (16 cores
     * x 16 threads), folded onto fewer cores so that Verilator simulates it quickly.
     */
    public static DpaConfig defaults() {
        return new DpaConfig(4, 8, 4, 16);
    }

    /** A cluster with the default caches. */
    public DpaConfig(int cores, int threads, int banks, int ramMib) {
        this(cores, threads, banks, ramMib, CacheGeometry.defaults());
    }

    public DpaConfig withCaches(CacheGeometry g) {
        return new DpaConfig(cores, threads, banks, ramMib, g);
    }

    /** What {@link ParameterError}s of a cluster name: a component, or the harts they make together. */
    public enum Parameter implements ParameterError.Field {
        CORES, THREADS, BANKS, RAM_MIB, HARTS;

        @Override
        public String parameterName() {
            return switch (this) {
                case HARTS -> "cores x threads";
                default -> ParameterError.Field.super.parameterName();
            };
        }
    }

    public DpaConfig {
        if (caches == null) throw new IllegalArgumentException("caches must be given (CacheGeometry.defaults())");
        check(Parameter.CORES, cores, 1, 16, false);
        check(Parameter.THREADS, threads, 1, 64, true);
        check(Parameter.BANKS, banks, 1, 16, true);
        check(Parameter.RAM_MIB, ramMib, 1, 256, true);
        if (cores * threads > 256) throw new ParameterError(Parameter.HARTS, "must be <= 256 harts", cores + " x " + threads);
        caches.l1iLines(threads);
        caches.l1dLines(threads);
    }

    private static void check(Parameter p, int v, int min, int max, boolean pow2) {
        if (v < min || v > max || pow2 && Integer.bitCount(v) != 1)
            throw new ParameterError(p, "must be " + (pow2 ? "a power of two " : "") + "in " + min + ".." + max, v);
    }

    public int harts() { return cores * threads; }

    public long ramBytes() { return (long) ramMib << 20; }

    /** 64-bit words of RAM. */
    public int ramWords() { return (int) (ramBytes() >>> 3); }

    /** Bits of a RAM word index. */
    public int wordBits() { return Integer.numberOfTrailingZeros(ramWords()); }

    /** Bits of a thread index within a core (at least 1). */
    public int threadBits() { return Math.max(1, Integer.numberOfTrailingZeros(threads)); }

    /** Bits of a hart id (at least 1). */
    public int hartBits() { return Math.max(1, 32 - Integer.numberOfLeadingZeros(harts() - 1)); }
}
