package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.CacheGeometry;
import tagmatch.dpa.mem.MemLatencies;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.process.UsageError;

/**
 * The simulated DPA's memory (a picocli mixin beside {@link ClusterOptions}): flat, or the cache
 * hierarchy with one of the named settings, any latency overridden, and the caches' geometry.
 * docs/dpa.md ("Memory hierarchy") says where each default comes from.
 */
public final class MemoryOptions {
    @Option(names = "--memory", paramLabel = "M",
            description = "flat (every access costs --latency), or the cache hierarchy's setting: optimistic, likely, pessimistic "
                    + "(default ${DEFAULT-VALUE})")
    String memory = "likely";

    @Option(names = "--l1-latency", paramLabel = "CYCLES", description = "an L1 data hit (default: the setting's)")
    Integer l1;
    @Option(names = "--l2-latency", paramLabel = "CYCLES", description = "an access served by the L2 (default: the setting's)")
    Integer l2;
    @Option(names = "--l3-latency", paramLabel = "CYCLES", description = "an access served by the L3 (default: the setting's)")
    Integer l3;
    @Option(names = "--dram-latency", paramLabel = "CYCLES", description = "an access that misses every cache (default: the setting's)")
    Integer dram;
    @Option(names = "--host-latency", paramLabel = "CYCLES", description = "an access to host memory behind the window (default: the setting's)")
    Integer host;
    @Option(names = "--atomic-latency", paramLabel = "CYCLES",
            description = "what an AMO or LR/SC adds to reaching the L2, where it is performed (default: the setting's)")
    Integer atomic;

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
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage(), e);
        }
        DpaConfig base = cluster.config();
        try {
            return base.withCaches(g);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage(), e);
        }
    }

    /** True for {@code --memory flat}. */
    public boolean flat() {
        return memory.equalsIgnoreCase("flat");
    }

    /** The hierarchy's latencies: the setting's, with any latency option in place of its value; null for flat. */
    public MemLatencies latencies() {
        if (flat()) return null;
        try {
            MemLatencies m = MemorySetting.parse(memory).latencies();
            if (l1 != null) m = m.withL1(l1);
            if (l2 != null) m = m.withL2(l2);
            if (l3 != null) m = m.withL3(l3);
            if (dram != null) m = m.withDram(dram);
            if (host != null) m = m.withHost(host);
            if (atomic != null) m = m.withAtomic(atomic);
            return m;
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage(), e);
        }
    }

    /** {@code options} with this memory: flat at {@code cluster}'s latency, or the hierarchy. */
    public DpaRun.Options apply(DpaRun.Options options, ClusterOptions cluster) {
        return flat() ? options.withLatency(cluster.latency()) : options.withCaches(latencies());
    }
}
