package tagmatch.tools.figure;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.nic.NicLatency;
import tagmatch.bench.figure.ClusterLatencyFigure;
import tagmatch.bench.figure.DpaRateFigure;
import tagmatch.bench.figure.LatencyFigure;
import tagmatch.bench.figure.MessageRateFigure;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.process.UsageError;
import tagmatch.testbench.alpu.LatencyProbe;
import tagmatch.tools.CacheOptions;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;

/**
 * {@code tagmatch figure 5|6|8}: seed 001's latency figures ({@link LatencyFigure}, with
 * {@link NicLatency}'s parameters as options defaulting to the seed's) or seed 000's message rate
 * ({@link MessageRateFigure} on this host, {@link DpaRateFigure} on the simulated DPA). Each
 * writes {@code figureN.md}, {@code figureN.csv} and its plots, and prints its summary.
 */
@Command(name = "figure",
        mixinStandardHelpOptions = true,
        description = {"Seed 001 figure 5 (posted receives) or 6 (unexpected messages): latency against queue length, "
                + "with and without the ALPU; or seed 000 figure 8: ping-pong message rate through the generated DPA handler "
                + "(no conflict, fast path, slow path) beside Open MPI on the CPU. A table, a CSV and a PNG.",
                "Example: tagmatch figure 5 --cells 128,256 --max-length 512 --step 16",
                "Example: tagmatch figure 8 --k 100 --repeat 500 --threads 4",
                "Example: tagmatch figure 8 --on dpa --sequences 500"},
        subcommands = {OffloadWindowCommand.Naive.class, OffloadWindowCommand.Seqnum.class, PrefetchCommand.class})
public final class FigureCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "N", description = "5 (posted-receive queue), 6 (unexpected-message queue) or 8 (message rate)")
    Integer figure;

    /** Options of figures 5 and 6 only, and of figure 8 only: one given to the other figure is refused. */
    private static final List<String> LATENCY_OPTIONS = List.of("--cells", "--block", "--max-length", "--step", "--fractions",
            "--device", "--in-cache-ns", "--beyond-cache-ns", "--cache-entries", "--interaction-ns", "--clock-mhz", "--overlap-ns", "--exposed-ns");
    private static final List<String> RATE_OPTIONS = java.util.stream.Stream.concat(
            java.util.stream.Stream.of("--k", "--repeat", "--warmup", "--runs", "--threads", "--bins"), DpaRateOptions.NAMES.stream()).toList();
    /** Figure 8's DPA options that figures 5 and 6 take with --on dpa. */
    private static final List<String> CLUSTER_OPTIONS = java.util.stream.Stream.concat(
            java.util.stream.Stream.of("--clock-ghz", "--cores", "--threads-per-core", "--banks", "--ram-mib"), CacheOptions.NAMES.stream()).toList();
    /** Figures 5 and 6 on the DPA: lengths and steps cost a cluster run each, so fewer than the model's by default. */
    private static final int DPA_MAX_LENGTH = 256, DPA_STEP = 32;

    @Option(names = "--on", paramLabel = "WHERE", description = "host or dpa. Figure 8: host (the handler over the FlexIO stand-in on this "
            + "machine's threads) or dpa (the seed's ping-pong through the handler on the simulated DPA cluster, as a band over its memory "
            + "settings, beside Open MPI and the matching natively on one host core; there --threads defaults to 32, --bins to 2048 and the "
            + "cluster to 16 cores x 16 threads, the seed's). Figures 5 and 6: host (the Java NIC driver over the unit, in the seed's latency model) or dpa (one search by the "
            + "generated handler on the simulated cluster with the list and with the ALPUs on its bus, as a band over its memory settings, "
            + "beside the host figure; there --max-length defaults to " + DPA_MAX_LENGTH + ", --step to " + DPA_STEP + " and --cores to 1) "
            + "(default ${DEFAULT-VALUE})")
    String on = "host";

    @picocli.CommandLine.Mixin
    DpaRateOptions dpa = new DpaRateOptions();

    @Option(names = "--k", paramLabel = "K", description = "figure 8: messages per round, 1..30000, with --on dpa 1..1024 "
            + "(default ${DEFAULT-VALUE}, as the seed)")
    int k = 100;

    @Option(names = "--repeat", paramLabel = "R", description = "figure 8: timed rounds of the handler on host threads, of Open MPI and of "
            + "the native matching, 1..1000000 (default ${DEFAULT-VALUE}, as the seed)")
    int repeat = 500;

    @Option(names = "--warmup", paramLabel = "W", description = "figure 8: untimed rounds first, 0..1000000 (default ${DEFAULT-VALUE})")
    int warmup = 10;

    @Option(names = "--runs", paramLabel = "N", description = "figure 8: runs per case, the median is plotted (with --on dpa, of Open MPI "
            + "and the native matching), 1..99 (default ${DEFAULT-VALUE})")
    int runs = 5;

    /** Figure 8's N (host threads stand in for the DPA's on this machine's cores) and bins. */
    @Mixin
    tagmatch.tools.ThreadsOption threads = new tagmatch.tools.ThreadsOption(4);

    @Mixin
    tagmatch.tools.BinsOption bins = new tagmatch.tools.BinsOption();

    @Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    @Option(names = "--cells", split = ",", paramLabel = "N[,N...]",
            description = "ALPU sizes, one curve each: " + tagmatch.tools.AlpuOptions.CELLS + " (default ${DEFAULT-VALUE}, as the seed)")
    List<Integer> cells = new ArrayList<>(List.of(128, 256));

    @Option(names = "--block", paramLabel = "B", description = tagmatch.tools.AlpuOptions.BLOCK + " (default ${DEFAULT-VALUE})")
    int block = 8;

    @Option(names = "--max-length", paramLabel = "L", description = "longest queue measured, 1..4096 (default ${DEFAULT-VALUE})")
    int maxLength = 512;

    @Option(names = "--step", paramLabel = "S", description = "queue lengths measured: 0 to 12 each, then S, 2S, ... up to --max-length (default ${DEFAULT-VALUE})")
    int step = 16;

    @Option(names = "--fractions", split = ",", paramLabel = "F[,F...]",
            description = "how far down the queue the match lies, each in (0, 1]; 1 = the newest entry, the whole queue searched "
                    + "(default ${DEFAULT-VALUE})")
    List<Double> fractions = new ArrayList<>(List.of(0.5, 1.0));

    @Option(names = "--device", paramLabel = "D", description = "rtl (the generated RTL, simulated) or model (the cycle model) (default ${DEFAULT-VALUE})")
    String device = "rtl";

    @Mixin
    LatencyModelOptions latencyModel = new LatencyModelOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default figure-N)")
    Path out;

    @Mixin
    ForceOption force;

    @Override
    public Integer call() throws IOException {
        if (figure == null) throw new UsageError("N must be given: 5, 6 or 8, or a subcommand (offload-naive, offload-seqnum), got none");
        if (figure != 5 && figure != 6 && figure != 8) {
            throw new UsageError("N must be 5 or 6 (seed 001's latency figures) or 8 (seed 000's message rate), got " + figure);
        }
        String where = OptionCheck.oneOf("--on", on, "host", "dpa");
        List<String> foreign = figure == 8 ? LATENCY_OPTIONS : RATE_OPTIONS;
        for (String option : foreign) {
            if (!given(option)) continue;
            if (figure != 8 && CLUSTER_OPTIONS.contains(option)) {
                if (where.equals("dpa")) continue;
                throw new UsageError(option + " applies to figure 8 and to figures 5 and 6 --on dpa, got it with figure " + figure + " --on host");
            }
            throw new UsageError(option + " applies to " + (figure == 8 ? "figures 5 and 6" : "figure 8") + " only, got it with figure " + figure);
        }
        if (figure == 8) return messageRate(where);
        LatencyProbe.Queue queue = figure == 5 ? LatencyProbe.Queue.POSTED : LatencyProbe.Queue.UNEXPECTED;
        if (cells.isEmpty()) throw new UsageError("--cells must name at least one ALPU size");
        for (int c : cells) {
            try {
                AlpuConfig.seed(c, Math.min(block, c), Variant.PRQ);
            } catch (IllegalArgumentException e) {
                throw OptionCheck.asOption(e.getMessage().startsWith("BLOCK") ? "--block" : "--cells", e);
            }
        }
        boolean dpaRun = where.equals("dpa");
        if (dpaRun && !given("--max-length")) maxLength = DPA_MAX_LENGTH;
        if (dpaRun && !given("--step")) step = Math.min(DPA_STEP, maxLength);
        OptionCheck.range("--max-length", maxLength, 1, 4096);
        OptionCheck.range("--step", step, 1, maxLength);
        for (double f : fractions) {
            if (!(f > 0 && f <= 1)) throw new UsageError("--fractions must be in (0, 1] each, got " + f);
        }
        if (fractions.isEmpty()) throw new UsageError("--fractions must name at least one fraction");
        LatencyFigure.Device dev = LatencyFigure.Device.valueOf(OptionCheck.oneOf("--device", device, "rtl", "model").toUpperCase(Locale.ROOT));
        LatencyFigure.Settings settings = new LatencyFigure.Settings(queue, cells, block, maxLength, step, fractions, dev, latencyModel.model());
        Path dir = out != null ? out : Path.of("figure-" + figure);
        PrintWriter o = spec.commandLine().getOut();
        if (dpaRun) return latencyOnDpa(settings, dir, o);
        List<String> files;
        try (OutputDir dirOut = force.claim(dir, "--out")) {
            LatencyFigure fig = LatencyFigure.measure(settings, Progress::start);
            files = fig.write(dirOut.staging());
            dirOut.commit("figure" + figure);
            o.println(fig.describeModel());
            o.print(fig.summaryText());
        }
        return wrote(o, dir, files);
    }

    /** Figures 5 and 6 from the system: the handler on the cluster with the list and with each ALPU size, beside {@code figure}. */
    private int latencyOnDpa(LatencyFigure.Settings figure, Path dir, PrintWriter o) throws IOException {
        ClusterLatencyFigure.Settings settings = dpa.latencySetup(figure, given("--latency"), given("--cores"));
        List<String> files;
        try (OutputDir dirOut = force.claim(dir, "--out");
             Temp temp = keepTemp.dir("figure-" + this.figure + "-dpa", spec.commandLine().getErr())) {
            ClusterLatencyFigure fig = ClusterLatencyFigure.measure(settings, temp.path(), Progress::start);
            files = fig.write(dirOut.staging());
            dirOut.commit("figure" + this.figure);
            o.print(fig.summaryText());
        }
        return wrote(o, dir, files);
    }

    /** Figure 8: validate, measure in a temporary directory, write the files. */
    private int messageRate(String where) throws IOException {
        OptionCheck.range("--k", k, 1, 30000);
        OptionCheck.range("--repeat", repeat, 1, 1_000_000);
        OptionCheck.range("--warmup", warmup, 0, 1_000_000);
        OptionCheck.range("--runs", runs, 1, 99);
        Path dir = out != null ? out : Path.of("figure-8");
        PrintWriter o = spec.commandLine().getOut();
        if (where.equals("dpa")) return messageRateOnDpa(dir, o);
        for (String option : DpaRateOptions.NAMES) {
            if (given(option)) throw new UsageError(option + " applies to figure 8 --on dpa only, got it with --on host");
        }
        MessageRateFigure.Setup host = new MessageRateFigure.Setup(k, repeat, warmup, runs, threads.get(), bins.get());
        List<String> files;
        try (OutputDir dirOut = force.claim(dir, "--out");
             Temp temp = keepTemp.dir("figure-8", spec.commandLine().getErr())) {
            MessageRateFigure fig = MessageRateFigure.measure(host, temp.path(), Progress::start);
            files = fig.write(dirOut.staging());
            dirOut.commit("figure8");
            o.print(fig.summaryText());
        }
        return wrote(o, dir, files);
    }

    /** Figure 8's ping-pong through the handler on the simulated DPA, beside Open MPI and the native matching on this machine. */
    private int messageRateOnDpa(Path dir, PrintWriter o) throws IOException {
        int n = given("--threads") ? threads.get() : 32;
        int b = given("--bins") ? bins.get() : 2048;
        MessageRateFigure.Setup host = new MessageRateFigure.Setup(k, repeat, warmup, runs, n, b);
        DpaConfig cluster = dpa.rateConfig(given("--latency"), given("--cores") || given("--threads-per-core"));
        DpaRateFigure.Setup setup = dpa.setup(cluster, k, n, b, host);
        List<String> files;
        try (OutputDir dirOut = force.claim(dir, "--out");
             Temp temp = keepTemp.dir("figure-8-dpa", spec.commandLine().getErr());
             DpaRun run = DpaRun.build(cluster)) {
            DpaRateFigure fig = DpaRateFigure.measure(run, setup, temp.path(), Progress::start);
            files = fig.write(dirOut.staging());
            dirOut.commit("figure8");
            o.print(fig.summaryText());
        }
        return wrote(o, dir, files);
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    private static int wrote(PrintWriter o, Path dir, List<String> files) {
        o.println("wrote " + dir + "/{" + String.join(",", files) + "}");
        o.flush();
        return 0;
    }
}
