package tagmatch.tools.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpasystem.AlpuUnits;
import tagmatch.dpasystem.BenchCase;
import tagmatch.dpasystem.MatcherComparison;
import tagmatch.dpasystem.ClusterBench;
import tagmatch.dpasystem.HandlerBench;
import tagmatch.dpasystem.ClusterBenchSuite;
import tagmatch.tools.BinsOption;
import tagmatch.tools.CacheOptions;
import tagmatch.tools.ClusterOptions;
import tagmatch.tools.JobsOption;
import tagmatch.tools.SimOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;
import tagmatch.tools.ThreadsOption;
import tagmatch.process.UsageError;
import tagmatch.tools.TagmatchCommand;

/**
 * {@code tagmatch bench dpa}: the generated matcher on the simulated DPA cluster, in cycles
 * ({@link ClusterBenchSuite}): messages per 10^6 cycles and cycles per matched message for N
 * harts, optimistic, in order and the list on one hart; the targets; the simulator's
 * speed.
 */
@Command(name = "dpa",
        description = "DPA firmware on the simulated cluster: cycles per matched message and messages per 10^6 cycles against N, "
                + "optimistic vs in order vs the list on one hart; the targets; simulated instructions per second.")
public final class DpaBench extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--threads", split = ",", paramLabel = "N[,N...]",
            description = ThreadsOption.WHAT + ", one run each (1..64 and at most the cluster's harts; default ${DEFAULT-VALUE})")
    int[] threads = {1, 2, 4, 8, 16, 32};

    @Option(names = "--depths", split = ",", description = "receives kept posted, no conflict (default ${DEFAULT-VALUE})")
    int[] depths = {1, 64, 1000};

    @Option(names = "--conflict-depth", description = "depth of the conflict and wildcard-mix rows (default ${DEFAULT-VALUE})")
    int conflictDepth = 64;

    @Option(names = "--messages", description = "matched messages per measurement (default ${DEFAULT-VALUE})")
    int messages = 2048;

    @Option(names = "--handler-messages", description = "messages through the handler per run (default ${DEFAULT-VALUE})")
    int handlerMessages = 512;

    @Option(names = "--handler-only", description = "measure the handler end to end only, not the matcher alone")
    boolean handlerOnly;

    @Option(names = "--speed-only", description = "measure the simulator's speed only: spin.c on this cluster and on the 16 x 16 cluster, "
            + "the handler on the 16 x 16 cluster")
    boolean speedOnly;

    @Option(names = "--clock-ghz", description = "the DPA's clock for messages per second (default ${DEFAULT-VALUE}, docs/dpa.md)")
    double clockGhz = 1.8;

    @Option(names = "--matcher", split = ",", paramLabel = "M[,M...]", description = "instead: these matchers side by side behind the same "
            + "handler on a cluster with two ALPUs on its bus (list, alpu, otm, hybrid), at --depths and the conflict case, with the units' area")
    String[] matcher;

    @Option(names = "--png", paramLabel = "FILE", description = "with --matcher: also draw the rate against depth, one line per matcher, into FILE")
    java.nio.file.Path png;

    @Option(names = "--cells", description = "with --matcher: cells of each ALPU, a multiple of 16 (default ${DEFAULT-VALUE})")
    int cells = 256;

    @picocli.CommandLine.Mixin
    BinsOption bins = new BinsOption();

    @picocli.CommandLine.Mixin
    ClusterOptions cluster = new ClusterOptions();

    @picocli.CommandLine.Mixin
    CacheOptions caches = new CacheOptions();

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    @picocli.CommandLine.Mixin
    SimOption sim = new SimOption();

    /** With --matcher: each matcher on each case is a run of its own. */
    @picocli.CommandLine.Mixin
    JobsOption jobs = new JobsOption();

    @Override
    public Integer call() throws Exception {
        if (threads.length == 0) throw new UsageError("--threads must name at least one N");
        DpaConfig cfg = caches.config(cluster);
        LatencyOverrides fixed = caches.overrides();
        int latency = cluster.latency();
        int bins = this.bins.get();
        for (int n : threads) OptionCheck.range("--threads", n, 1, Math.min(64, cfg.harts()));
        for (int x : depths) OptionCheck.range("--depths", x, 1, 1024);
        OptionCheck.range("--conflict-depth", conflictDepth, 1, 1024);
        OptionCheck.atLeast("--messages", messages, 1);
        OptionCheck.range("--handler-messages", handlerMessages, 1, 16384);
        if (!(clockGhz > 0 && clockGhz <= 10)) throw new UsageError("--clock-ghz must be in (0, 10], got " + clockGhz);
        List<Integer> ns = java.util.Arrays.stream(threads).boxed().sorted().distinct().toList();
        ClusterBenchSuite.Setup setup = new ClusterBenchSuite.Setup(ns, java.util.Arrays.stream(depths).boxed().toList(), conflictDepth,
                messages, bins, latency);
        OptionCheck.range("--cells", cells, 16, 4096);
        if (cells % 16 != 0) throw new UsageError("--cells must be a multiple of 16 in 16..4096, got " + cells);
        if (matcher == null && (png != null || cells != 256)) {
            throw new UsageError("--png and --cells must come with --matcher, got " + (png != null ? "--png " + png : "--cells " + cells) + " alone");
        }
        if (handlerOnly && speedOnly) throw new UsageError("--speed-only and --handler-only exclude each other, got both");
        if (jobs.given() && matcher == null) throw new UsageError("--jobs must come with --matcher (its runs are the ones simulated at once), got --jobs alone");
        ClusterRuns runs = jobs.runs(sim, ClusterSimulator.Work.MANY_RUNS);
        PrintWriter out = out();
        if (matcher != null) {
            List<tagmatch.dpasystem.HandlerImage.Matcher> ms = MatcherBenchRun.parse(matcher);
            if (png != null) OptionCheck.writableFile("--png", png);
            MatcherComparison.Setup ms2 = new MatcherComparison.Setup(ms, java.util.Arrays.stream(depths).boxed().toList(), conflictDepth,
                    handlerMessages, ns.get(ns.size() - 1), bins, AlpuUnits.of(cells, 16, 64, 16), clockGhz, fixed);
            try (Temp temp = keepTemp.dir("bench-dpa", new PrintWriter(System.err, true));
                 Progress progress = Progress.start("bench dpa", (long) ms.size() * (depths.length + 1), "runs")) {
                MatcherBenchRun.run(cfg, runs, ms2, temp.path(), png, s -> progress.step(), out);
            }
            return 0;
        }
        if (speedOnly) {
            try (Temp temp = keepTemp.dir("bench-dpa", new PrintWriter(System.err, true)); DpaRun dpa = DpaRun.build(cfg, runs.simulator())) {
                SpeedLines.print(dpa, runs.simulator(), bins, temp.path(), out);
            }
            return 0;
        }
        long steps = 3L * 2 * (ns.size() + 1) + (handlerOnly ? 0
                : (long) depths.length * (2L * ns.size() + 1) + (3L * ns.size() + 1) + (2L * ns.size() + 1));
        try (Temp temp = keepTemp.dir("bench-dpa", new PrintWriter(System.err, true));
             Progress progress = Progress.start("bench dpa", steps, "runs")) {
            DpaRun dpa = DpaRun.build(cfg, runs.simulator());
            HandlerBench handler = HandlerBench.measure(dpa, new HandlerBench.Setup(List.of(BenchCase.NO_CONFLICT, BenchCase.CONFLICT), 64,
                    handlerMessages, ns, bins, clockGhz, fixed), temp.path(), s -> progress.step());
            out.println("the handler end to end (otm_dpa_handler.c over flexio_dev_dpa.c): cluster " + cfg.cores() + " cores x " + cfg.threads()
                    + " hardware threads; depth 64; " + handlerMessages + " messages a run, every to-host entry and payload checked against the reference;"
                    + " fed by the NIC block, cycles from the first message's completion to the last to-host entry taken");
            out.print(handler.table());
            out.println();
            out.print(handler.targets());
            out.println();
            out.flush();
            if (handlerOnly) return 0;
            ClusterBenchSuite suite = ClusterBenchSuite.measure(dpa, setup, temp.path(), s -> progress.step());
            out.println("cluster: " + cfg.cores() + " cores x " + cfg.threads() + " hardware threads, " + cfg.banks() + " banks, memory latency "
                    + latency + " cycles; firmware N = " + setup.maxThreads() + ", " + bins + " bins, gcc -O2 rv64imac; "
                    + messages + " matched messages per run, cycles by mcycle on hart 0 (setup left out)");
            out.print(suite.table());
            out.println();
            out.println("targets (default build: in-order blocks after a contended one)");
            out.print(suite.targets());
            out.println();
            out.println("in-order blocks against optimistic matching");
            out.print(suite.inOrderDecision());
            out.println();
            ClusterBench.Measurement slowest = suite.slowestSimulation();
            out.printf(java.util.Locale.ROOT, "simulator, the firmware at N = %d (slowest run): %.2f M retired instructions per second, %.2f M cycles "
                    + "per second; target 1 M instructions/s: %s%n", setup.maxThreads(), slowest.simulatedInstructionsPerSecond() / 1e6,
                    slowest.simulatedCyclesPerSecond() / 1e6, slowest.simulatedInstructionsPerSecond() >= 1e6 ? "MET" : "MISSED");
            SpeedLines.print(dpa, runs.simulator(), bins, temp.path(), out);
        }
        return 0;
    }
}
