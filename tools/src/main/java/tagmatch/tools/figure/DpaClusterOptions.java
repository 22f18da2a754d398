package tagmatch.tools.figure;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.bench.figure.ClusterLatencyFigure;
import tagmatch.bench.figure.LatencyFigure;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.process.UsageError;
import tagmatch.tools.CacheOptions;
import tagmatch.tools.ClusterOptions;
import tagmatch.tools.JobsOption;
import tagmatch.tools.SimOption;

/**
 * The simulated DPA cluster of {@code tagmatch figure 5|6|8 --on dpa} and
 * {@code trace replay --through dpa} (a picocli mixin): its shape, its caches and its clock, its
 * simulator and how many runs are simulated at once. They run the hierarchy's memory settings,
 * so {@code --latency}, which sets flat memory, is refused.
 */
public final class DpaClusterOptions {
    @Option(names = "--clock-ghz", paramLabel = "F", description = "the DPA's clock, turning cycles into seconds (default ${DEFAULT-VALUE}, "
            + "docs/dpa.md)")
    double clockGhz = 1.8;

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Mixin
    CacheOptions caches = new CacheOptions();

    @Mixin
    SimOption sim = new SimOption();

    @Mixin
    JobsOption jobs = new JobsOption();

    /** How the figure's runs are simulated: on {@code --sim}, or the faster for a figure's many runs, {@code --jobs} at once. */
    public ClusterRuns runs() {
        return jobs.runs(sim, ClusterSimulator.Work.MANY_RUNS);
    }

    /** The cluster these options build. */
    public DpaConfig config(boolean latencyGiven) {
        cluster.latency();
        if (latencyGiven) throw new UsageError("--latency applies to flat memory; --on dpa runs the optimistic, likely and pessimistic settings");
        return caches.config(cluster);
    }

    /** Figure 8's cluster: the seed's BlueField-3 shape, 16 cores x 16 hardware threads, unless the user named one. */
    DpaConfig rateConfig(boolean latencyGiven, boolean shapeGiven) {
        DpaConfig c = config(latencyGiven);
        return shapeGiven ? c : new DpaConfig(16, 16, c.banks(), c.ramMib(), c.caches());
    }

    /** The DPA's clock, checked. */
    public double clockGhz() {
        if (!(clockGhz > 0 && clockGhz <= 10)) throw new UsageError("--clock-ghz must be in (0, 10], got " + clockGhz);
        return clockGhz;
    }

    /** The memory latencies given, fixed in every setting of the band. */
    public LatencyOverrides overrides() {
        return caches.overrides();
    }

    /**
     * Figures 5 and 6 from the system: {@code figure}'s searches at the three memory settings (the
     * line at likely) on these options' cluster; one thread matches, so one core of that shape
     * unless the user named the cores.
     */
    ClusterLatencyFigure.Settings latencySetup(LatencyFigure.Settings figure, boolean latencyGiven, boolean coresGiven) {
        DpaConfig c = config(latencyGiven);
        DpaConfig shape = coresGiven ? c : new DpaConfig(1, c.threads(), c.banks(), c.ramMib(), c.caches());
        var memories = java.util.List.of(MemorySetting.LIKELY, MemorySetting.OPTIMISTIC, MemorySetting.PESSIMISTIC);
        return new ClusterLatencyFigure.Settings(figure, memories, clockGhz(), shape, overrides());
    }
}
