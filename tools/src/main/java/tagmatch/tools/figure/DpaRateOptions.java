package tagmatch.tools.figure;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.bench.figure.ClusterLatencyFigure;
import tagmatch.bench.figure.DpaRateFigure;
import tagmatch.bench.figure.LatencyFigure;
import tagmatch.bench.figure.MessageRateFigure;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.process.UsageError;
import tagmatch.tools.CacheOptions;
import tagmatch.tools.ClusterOptions;
import tagmatch.tools.OptionCheck;

/** The options of {@code tagmatch figure 5|6|8 --on dpa} only (a picocli mixin), checked into the figure's setup. */
final class DpaRateOptions {
    /** Their names, refused with {@code --on host} and with figures 5 and 6. */
    static final java.util.List<String> NAMES = java.util.stream.Stream.concat(java.util.stream.Stream.of("--sequences", "--ack-cycles",
            "--clock-ghz", "--cores", "--threads-per-core", "--banks", "--ram-mib", "--latency"), CacheOptions.NAMES.stream()).toList();

    /** The DPA's default sequences: the seed's 500 take hours on the simulator (docs/BENCHMARKS.md says how long). */
    static final int DEFAULT_SEQUENCES = 20;

    @Option(names = "--sequences", paramLabel = "S", description = "figure 8 --on dpa: ping-pong sequences of --k messages through the simulated "
            + "DPA, 1..100000 (default ${DEFAULT-VALUE}; the seed's 500 are legal and slow)")
    int sequences = DEFAULT_SEQUENCES;

    @Option(names = "--ack-cycles", split = ",", paramLabel = "O,L,P", description = "figure 8 --on dpa: the acknowledgement's round trip "
            + "(the ack's way to the sender, its reaction, the next message's way back) in DPA cycles under the optimistic, likely and "
            + "pessimistic memory settings, each 0..4294967295 (default ${DEFAULT-VALUE}: 1, 2 and 4 us at 1.8 GHz, a guess, docs/dpa.md)")
    java.util.List<Long> ackCycles = new java.util.ArrayList<>(java.util.List.of(1800L, 3600L, 7200L));

    @Option(names = "--clock-ghz", paramLabel = "F", description = "figures 5, 6 and 8 --on dpa: the DPA's clock, turning cycles into seconds "
            + "(default ${DEFAULT-VALUE}, docs/dpa.md)")
    double clockGhz = 1.8;

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Mixin
    CacheOptions caches = new CacheOptions();

    /** The cluster these options build; {@code --latency} is refused: the figure runs every memory setting of the hierarchy. */
    DpaConfig config(boolean latencyGiven) {
        cluster.latency();
        if (latencyGiven) throw new UsageError("--latency applies to flat memory; figure 8 --on dpa runs the optimistic, likely and pessimistic settings");
        return caches.config(cluster);
    }

    /** Figure 8's cluster: the seed's BlueField-3 shape, 16 cores x 16 hardware threads, unless the user named one. */
    DpaConfig rateConfig(boolean latencyGiven, boolean shapeGiven) {
        DpaConfig c = config(latencyGiven);
        return shapeGiven ? c : new DpaConfig(16, 16, c.banks(), c.ramMib(), c.caches());
    }

    /** The DPA's clock, checked. */
    double clockGhz() {
        if (!(clockGhz > 0 && clockGhz <= 10)) throw new UsageError("--clock-ghz must be in (0, 10], got " + clockGhz);
        return clockGhz;
    }

    /**
     * Figures 5 and 6 from the system: {@code figure}'s searches at the three memory settings (the
     * line at likely) on these options' cluster; one thread matches, so one core of that shape
     * unless the user named the cores.
     */
    ClusterLatencyFigure.Settings latencySetup(LatencyFigure.Settings figure, boolean latencyGiven, boolean coresGiven) {
        DpaConfig c = config(latencyGiven);
        DpaConfig cluster = coresGiven ? c : new DpaConfig(1, c.threads(), c.banks(), c.ramMib(), c.caches());
        var memories = java.util.List.of(MemorySetting.LIKELY, MemorySetting.OPTIMISTIC, MemorySetting.PESSIMISTIC);
        return new ClusterLatencyFigure.Settings(figure, memories, clockGhz(), cluster, caches.overrides());
    }

    /** The setup for {@code cluster}, every value checked; {@code host} is the Open MPI and native side. */
    DpaRateFigure.Setup setup(DpaConfig config, int k, int threads, int bins, MessageRateFigure.Setup host) {
        OptionCheck.range("--sequences", sequences, 1, 100_000);
        clockGhz();
        OptionCheck.range("--threads", threads, 1, Math.min(64, config.harts()));
        OptionCheck.range("--k", k, 1, 1024);
        for (long a : ackCycles) OptionCheck.range("--ack-cycles", a, 0, 0xFFFF_FFFFL);
        if (ackCycles.size() != 3) throw new UsageError("--ack-cycles must give 3 values (optimistic, likely, pessimistic), got " + ackCycles.size());
        return new DpaRateFigure.Setup(k, sequences, threads, bins, clockGhz, ackCycles, host, caches.overrides());
    }
}
