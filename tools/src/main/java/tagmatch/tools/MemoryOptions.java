package tagmatch.tools;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.MemLatencies;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;

/**
 * The simulated DPA's memory for one run (a picocli mixin beside {@link ClusterOptions}): flat,
 * or the cache hierarchy with one of the named settings, any latency overridden, and the caches'
 * geometry ({@link CacheOptions}). docs/dpa.md ("Memory hierarchy") says where each default
 * comes from.
 */
public final class MemoryOptions {
    @Option(names = "--memory", paramLabel = "M",
            description = "flat (every access costs --latency), or the cache hierarchy's setting: optimistic, likely, pessimistic "
                    + "(default ${DEFAULT-VALUE})")
    String memory = "likely";

    @Mixin
    CacheOptions caches = new CacheOptions();

    /** The cluster of {@code cluster} with these caches; a bad value fails naming its option. */
    public DpaConfig config(ClusterOptions cluster) {
        return caches.config(cluster);
    }

    /** True for {@code --memory flat}. */
    public boolean flat() {
        return memory.equalsIgnoreCase("flat");
    }

    /** The hierarchy's latencies: the setting's, with any latency option in place of its value; null for flat. */
    public MemLatencies latencies() {
        if (flat()) return null;
        MemorySetting setting;
        try {
            setting = MemorySetting.parse(memory);
        } catch (ParameterError e) {
            throw new UsageError("--memory " + e.rule() + " (or flat), got " + e.value(), e);
        }
        try {
            return caches.overrides().apply(setting);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage(), e);
        }
    }

    /** {@code options} with this memory: flat at {@code cluster}'s latency, or the hierarchy. */
    public DpaRun.Options apply(DpaRun.Options options, ClusterOptions cluster) {
        return flat() ? options.withLatency(cluster.latency()) : options.withCaches(latencies());
    }
}
