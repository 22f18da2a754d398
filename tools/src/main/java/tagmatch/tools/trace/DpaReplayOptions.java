package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.process.UsageError;
import tagmatch.dpasystem.AlpuUnits;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.MatcherComparison;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.figure.DpaClusterOptions;
import tagmatch.process.ProgressMeter;
import tagmatch.trace.DpaTraceReplay;
import tagmatch.trace.TraceCache;
import tagmatch.trace.TraceFiles;

/**
 * {@code tagmatch trace replay --through dpa}: each trace's busiest stream, clipped, through the
 * four matchers behind the same handler on the simulated DPA cluster with two ALPUs on its bus
 * ({@link DpaTraceReplay}); the table of {@code bench dpa --matcher} with one case per application.
 */
public final class DpaReplayOptions {
    @Option(names = "--dpa-events", paramLabel = "E", description = "dpa: posts and arrivals replayed of each trace's busiest stream, "
            + "its first E (1..16384, default ${DEFAULT-VALUE}): the cluster simulates some 10^4 cycles a message")
    int events = 256;

    @Option(names = "--dpa-cells", paramLabel = "N", description = "dpa: cells of each ALPU on the cluster's bus, a multiple of 16 in 16..4096 "
            + "(default ${DEFAULT-VALUE}, as bench dpa --matcher)")
    int cells = 256;

    /** The cluster; each matcher on each trace is a run of its own, {@code --jobs} at once. */
    @picocli.CommandLine.Mixin
    DpaClusterOptions cluster = new DpaClusterOptions();

    /** Refuses an illegal value whatever --through says, before any work. */
    void check(boolean latencyGiven) {
        cluster.runs();
        cluster.config(latencyGiven);
        cluster.overrides();
        cluster.clockGhz();
        OptionCheck.range("--dpa-events", events, 1, 16384);
        OptionCheck.range("--dpa-cells", cells, 16, 4096);
        if (cells % 16 != 0) throw new UsageError("--dpa-cells must be a multiple of 16 in 16..4096, got " + cells);
    }

    /** Replays {@code traces} through every matcher (otm on {@code threads}) and prints the clips, the table and each matcher's cost. */
    void run(List<TraceFiles.Trace> traces, int threads, int bins, int parseThreads, TraceCache cache, Path work, ProgressMeter.Factory progress,
             PrintWriter out) {
        DpaConfig shape = this.cluster.config(false);
        OptionCheck.range("--threads", threads, 1, Math.min(64, shape.harts()));
        List<HandlerImage.Matcher> matchers = List.of(HandlerImage.Matcher.values());
        AlpuUnits units = AlpuUnits.of(cells, 16, 64, 16);
        MatcherComparison.Setup setup = new MatcherComparison.Setup(matchers, List.of(), 0, events, threads, bins, units, this.cluster.clockGhz(),
                this.cluster.overrides());
        DpaTraceReplay.Result r;
        try (ProgressMeter bar = progress.start("replay through dpa", (long) traces.size() * matchers.size(), "runs")) {
            r = DpaTraceReplay.replay(traces, setup, events, shape, this.cluster.runs(), work, parseThreads, cache, s -> bar.step());
        }
        out.printf(Locale.ROOT, "traces through the matchers behind the same handler on one cluster (%d cores x %d hardware threads) with two "
                + "%d-cell ALPUs (MATCH_W 64, TAG_W 16) on its bus; every matcher on %d threads (the list and the ALPUs match one message at a time); at %.1f GHz, likely memory, "
                + "every run checked against the reference. Each trace's busiest stream, clipped:%n", shape.cores(), shape.threads(), cells, threads,
                setup.clockGhz());
        for (DpaTraceReplay.Clip c : r.clips()) out.println("  " + c.describe());
        out.println();
        out.print(r.comparison().table());
        out.println();
        String both = "PRQ + UMQ, " + cells + " cells each (LUTs/FFs: bench dpa)";
        Map<HandlerImage.Matcher, String> area = new EnumMap<>(HandlerImage.Matcher.class);
        for (HandlerImage.Matcher m : matchers) if (m.needsUnits()) area.put(m, both);
        out.print(r.comparison().areaTable(area));
        out.flush();
    }
}
