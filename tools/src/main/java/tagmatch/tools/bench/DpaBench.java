package tagmatch.tools.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.SimulatorSpeed;
import tagmatch.testbench.dpa.ClusterBench;
import tagmatch.testbench.dpa.ClusterBenchSuite;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;
import tagmatch.process.UsageError;

/**
 * {@code tagmatch bench dpa}: the generated matcher on the simulated DPA cluster, in cycles
 * ({@link ClusterBenchSuite}): messages per 10^6 cycles and cycles per matched message for N
 * harts, optimistic, in order and the list on one hart; the targets; the simulator's
 * speed.
 */
@Command(name = "dpa",
        mixinStandardHelpOptions = true,
        description = "DPA firmware on the simulated cluster: cycles per matched message and messages per 10^6 cycles against N, "
                + "optimistic vs in order vs the list on one hart; the targets; simulated instructions per second.")
public final class DpaBench implements Callable<Integer> {
    @Option(names = "--threads", split = ",", description = "N, harts matching at once. Default: ${DEFAULT-VALUE}.")
    int[] threads = {1, 2, 4, 8, 16, 32};

    @Option(names = "--depths", split = ",", description = "Receives kept posted, no conflict. Default: ${DEFAULT-VALUE}.")
    int[] depths = {1, 64, 1000};

    @Option(names = "--conflict-depth", description = "Depth of the conflict and wildcard-mix rows. Default: ${DEFAULT-VALUE}.")
    int conflictDepth = 64;

    @Option(names = "--messages", description = "Matched messages per measurement. Default: ${DEFAULT-VALUE}.")
    int messages = 2048;

    @Option(names = "--bins", description = "Bins per hash index. Default: ${DEFAULT-VALUE}.")
    int bins = 128;

    @Option(names = "--cores", description = "Cores of the cluster. Default: the default cluster's.")
    Integer cores;

    @Option(names = "--harts-per-core", description = "Hardware threads per core. Default: the default cluster's.")
    Integer hartsPerCore;

    @Option(names = "--latency", description = "Memory latency in cycles. Default: ${DEFAULT-VALUE}.")
    int latency = DpaRun.Options.DEFAULT_LATENCY;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    @Override
    public Integer call() throws Exception {
        if (threads.length == 0) throw new UsageError("--threads must name at least one N");
        DpaConfig d = DpaConfig.defaults();
        DpaConfig cfg;
        try {
            cfg = new DpaConfig(cores != null ? cores : d.cores(), hartsPerCore != null ? hartsPerCore : d.threads(), d.banks(), d.ramMib());
        } catch (IllegalArgumentException e) {
            // the cluster names its threads per core --threads; here they are --harts-per-core
            String m = e.getMessage();
            throw m.startsWith("--threads ") ? OptionCheck.asOption("--harts-per-core", e) : new UsageError(m, e);
        }
        for (int n : threads) OptionCheck.range("--threads", n, 1, Math.min(64, cfg.harts()));
        for (int x : depths) OptionCheck.range("--depths", x, 1, 1024);
        OptionCheck.range("--conflict-depth", conflictDepth, 1, 1024);
        OptionCheck.atLeast("--messages", messages, 1);
        OptionCheck.range("--latency", latency, 0, 255);
        try {
            tagmatch.otm.OtmConfig.defaults().withBins(bins);
        } catch (IllegalArgumentException e) {
            throw OptionCheck.asOption("--bins", e);
        }
        List<Integer> ns = java.util.Arrays.stream(threads).boxed().sorted().distinct().toList();
        ClusterBenchSuite.Setup setup = new ClusterBenchSuite.Setup(ns, java.util.Arrays.stream(depths).boxed().toList(), conflictDepth,
                messages, bins, latency);
        long steps = (long) depths.length * (2L * ns.size() + 1) + (3L * ns.size() + 1) + (2L * ns.size() + 1);
        PrintWriter out = spec.commandLine().getOut();
        try (Temp temp = keepTemp.dir("bench-dpa", new PrintWriter(System.err, true));
             Progress progress = Progress.start("bench dpa", steps, "runs")) {
            DpaRun dpa = DpaRun.build(cfg);
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
            SimulatorSpeed.Speed speed = SimulatorSpeed.measure(dpa, temp.path());
            out.printf(java.util.Locale.ROOT, "simulator, every hart busy (spin.c on %d harts): %.2f M retired instructions per second, %.2f M cycles "
                    + "per second%n", cfg.harts(), speed.instructionsPerSecond() / 1e6, speed.cyclesPerSecond() / 1e6);
            out.flush();
        }
        return 0;
    }
}
