package tagmatch.tools;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.mem.CacheGeometry;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemLatencies;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;

/**
 * The cache hierarchy's latencies and geometry (a picocli mixin): any latency fixed in place of
 * the memory setting's, and the caches' sizes. {@link MemoryOptions} adds the setting for one run;
 * the DPA benches and figures take these alone and apply them to every setting of their band.
 * docs/dpa.md ("Memory hierarchy") says where each default comes from.
 */
public final class CacheOptions {
    /** Every option's names, read from the declarations below. */
    public static final List<String> NAMES = Arrays.stream(CacheOptions.class.getDeclaredFields())
            .map(f -> f.getAnnotation(Option.class)).filter(Objects::nonNull).flatMap(o -> Arrays.stream(o.names())).toList();

    @Option(names = MemLatencies.L1, paramLabel = "CYCLES", description = "an L1 data hit (default: the setting's)")
    Integer l1;
    @Option(names = MemLatencies.L2, paramLabel = "CYCLES", description = "an access served by the L2 (default: the setting's)")
    Integer l2;
    @Option(names = MemLatencies.L3, paramLabel = "CYCLES", description = "an access served by the L3 (default: the setting's)")
    Integer l3;
    @Option(names = MemLatencies.DRAM, paramLabel = "CYCLES", description = "an access that misses every cache (default: the setting's)")
    Integer dram;
    @Option(names = MemLatencies.HOST, paramLabel = "CYCLES", description = "an access to host memory behind the window (default: the setting's)")
    Integer host;
    @Option(names = MemLatencies.ATOMIC, paramLabel = "CYCLES",
            description = "what an AMO or LR/SC adds to reaching the L2, where it is performed (default: the setting's)")
    Integer atomic;
    @Option(names = MemLatencies.WIRE, paramLabel = "CYCLES",
            description = "the NIC's RDMA read: from its work request to the sender's first word (default: the setting's)")
    Integer wire;
    @Option(names = MemLatencies.STORE_BUFFER, paramLabel = "ENTRIES",
            description = "each thread's store buffer, 0..15 entries; 0: a store waits for its write (default: the setting's)")
    Integer storeBuffer;
    @Option(names = MemLatencies.WRITE_BACK, paramLabel = "0|1",
            description = "1: a store that finds its line in its core's L1D costs an L1 hit (write-back); 0: every store writes through to the L2 (default: the setting's)")
    Integer writeBack;

    @Option(names = "--line-bytes", paramLabel = "B", description = "cache line (power of two 8..4096, default ${DEFAULT-VALUE})")
    int lineBytes = CacheGeometry.defaults().lineBytes();
    @Option(names = "--l1i-bytes-per-thread", paramLabel = "B", description = "a core's instruction cache per hardware thread (default ${DEFAULT-VALUE})")
    int l1iBytesPerThread = CacheGeometry.defaults().l1iBytesPerThread();
    @Option(names = "--l1d-bytes-per-thread", paramLabel = "B", description = "a core's data cache per hardware thread (default ${DEFAULT-VALUE})")
    int l1dBytesPerThread = CacheGeometry.defaults().l1dBytesPerThread();
    @Option(names = "--l1-ways", paramLabel = "W", description = "ways of the L1 caches (1..16, default ${DEFAULT-VALUE})")
    int l1Ways = CacheGeometry.defaults().l1Ways();
    @Option(names = "--l2-kib", paramLabel = "K", description = "shared L2 in KiB (default ${DEFAULT-VALUE})")
    int l2Kib = CacheGeometry.defaults().l2Kib();
    @Option(names = "--l2-ways", paramLabel = "W", description = "ways of the L2 (1..32, default ${DEFAULT-VALUE})")
    int l2Ways = CacheGeometry.defaults().l2Ways();
    @Option(names = "--l3-kib", paramLabel = "K", description = "shared L3 in KiB (default ${DEFAULT-VALUE})")
    int l3Kib = CacheGeometry.defaults().l3Kib();
    @Option(names = "--l3-ways", paramLabel = "W", description = "ways of the L3 (1..32, default ${DEFAULT-VALUE})")
    int l3Ways = CacheGeometry.defaults().l3Ways();

    /** The cluster of {@code cluster} with these caches; a bad value fails naming its option. */
    public DpaConfig config(ClusterOptions cluster) {
        CacheGeometry g;
        try {
            g = new CacheGeometry(lineBytes, l1iBytesPerThread, l1dBytesPerThread, l1Ways, l2Kib, l2Ways, l3Kib, l3Ways);
        } catch (ParameterError e) {
            throw asOptions(e, 0);
        }
        DpaConfig base = cluster.config();
        try {
            return base.withCaches(g);
        } catch (ParameterError e) {
            throw asOptions(e, base.threads());
        }
    }

    /** A check of the geometry in the options' words: a cache's sets name the options that made them. */
    private UsageError asOptions(ParameterError e, int threads) {
        String sets = " of --line-bytes " + lineBytes + " must give a power of two >= 2 of sets, got " + e.value();
        return switch ((CacheGeometry.Parameter) e.parameter()) {
            case LINE_BYTES -> OptionCheck.asOption("--line-bytes", e);
            case L1I_BYTES_PER_THREAD -> OptionCheck.asOption("--l1i-bytes-per-thread", e);
            case L1D_BYTES_PER_THREAD -> OptionCheck.asOption("--l1d-bytes-per-thread", e);
            case L1_WAYS -> OptionCheck.asOption("--l1-ways", e);
            case L2_KIB -> OptionCheck.asOption("--l2-kib", e);
            case L2_WAYS -> OptionCheck.asOption("--l2-ways", e);
            case L3_KIB -> OptionCheck.asOption("--l3-kib", e);
            case L3_WAYS -> OptionCheck.asOption("--l3-ways", e);
            case L1I_SETS -> new UsageError("--l1i-bytes-per-thread " + l1iBytesPerThread + " x " + threads + " threads in --l1-ways " + l1Ways + sets, e);
            case L1D_SETS -> new UsageError("--l1d-bytes-per-thread " + l1dBytesPerThread + " x " + threads + " threads in --l1-ways " + l1Ways + sets, e);
            case L2_SETS -> new UsageError("--l2-kib " + l2Kib + " in --l2-ways " + l2Ways + sets, e);
            case L3_SETS -> new UsageError("--l3-kib " + l3Kib + " in --l3-ways " + l3Ways + sets, e);
        };
    }

    /** The latencies given, checked against every setting they may be applied to. */
    public LatencyOverrides overrides() {
        LatencyOverrides o = new LatencyOverrides(l1, l2, l3, dram, host, atomic, wire, storeBuffer, writeBack);
        try {
            for (MemorySetting s : MemorySetting.values()) o.apply(s);
            return o;
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage(), e);
        }
    }
}
