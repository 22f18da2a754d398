package tagmatch.tools.figure;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.nic.NicLatency;
import tagmatch.bench.figure.ClusterLatencyFigure;
import tagmatch.bench.figure.LatencyFigure;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;
import tagmatch.testbench.alpu.LatencyProbe;
import tagmatch.tools.AlpuOptions;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Progress;

/**
 * {@code tagmatch figure 5} and {@code tagmatch figure 6}: seed 001's latency figures, one command
 * each. On the host {@link LatencyFigure} draws them from the NIC driver over the unit, with
 * {@link NicLatency}'s parameters as options defaulting to the seed's; on the DPA
 * {@link ClusterLatencyFigure} times the generated handler's search on the simulated cluster.
 */
public abstract class LatencyFigureCommand extends HostOrDpaFigureCommand {
    /** On the DPA every length costs a cluster run, so fewer lengths than the model's by default. */
    static final int DPA_MAX_LENGTH = 256, DPA_STEP = 32;
    /** What {@code --on dpa} changes, for each figure's description. */
    static final String ON_DPA = "With --on dpa: one search by the generated handler on the simulated DPA cluster, with the list and with "
            + "the ALPUs on its bus, as a band over its memory settings beside the host figure; there --max-length defaults to "
            + DPA_MAX_LENGTH + ", --step to " + DPA_STEP + " and --cores to 1. A table, a CSV and a PNG.";

    private final int number;
    private final LatencyProbe.Queue queue;

    @Option(names = "--cells", split = ",", paramLabel = "N[,N...]",
            description = "ALPU sizes, one curve each: " + AlpuOptions.CELLS + " (default ${DEFAULT-VALUE}, as the seed)")
    List<Integer> cells = new ArrayList<>(List.of(128, 256));

    @Option(names = "--block", paramLabel = "B", description = AlpuOptions.BLOCK + " (default ${DEFAULT-VALUE})")
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

    LatencyFigureCommand(int number, LatencyProbe.Queue queue) {
        this.number = number;
        this.queue = queue;
    }

    /** The latency model of this figure's options. */
    abstract NicLatency model();

    @Override
    public Integer call() throws IOException {
        boolean onDpa = onDpa();
        if (cells.isEmpty()) throw new UsageError("--cells must name at least one ALPU size");
        for (int c : cells) {
            try {
                AlpuConfig.seed(c, Math.min(block, c), Variant.PRQ);
            } catch (ParameterError e) {
                throw OptionCheck.asOption(AlpuOptions.option((AlpuConfig.Parameter) e.parameter()), e);
            }
        }
        if (onDpa && !given("--max-length")) maxLength = DPA_MAX_LENGTH;
        if (onDpa && !given("--step")) step = Math.min(DPA_STEP, maxLength);
        OptionCheck.range("--max-length", maxLength, 1, 4096);
        OptionCheck.range("--step", step, 1, maxLength);
        for (double f : fractions) {
            if (!(f > 0 && f <= 1)) throw new UsageError("--fractions must be in (0, 1] each, got " + f);
        }
        if (fractions.isEmpty()) throw new UsageError("--fractions must name at least one fraction");
        LatencyFigure.Device dev = LatencyFigure.Device.valueOf(OptionCheck.oneOf("--device", device, "rtl", "model").toUpperCase(Locale.ROOT));
        LatencyFigure.Settings settings = new LatencyFigure.Settings(queue, cells, block, maxLength, step, fractions, dev, model());
        if (onDpa) return onDpa(settings);
        Path dir = output.dir();
        PrintWriter o = out();
        List<String> files;
        try (OutputDir dirOut = output.claim(dir)) {
            LatencyFigure fig = LatencyFigure.measure(settings, Progress::start);
            files = fig.write(dirOut.staging());
            dirOut.commit("figure" + number);
            o.println(fig.describeModel());
            o.print(fig.summaryText());
        }
        return FigureOutput.wrote(o, dir, files);
    }

    /** The figure from the system: the handler on the cluster with the list and with each ALPU size, beside {@code figure}. */
    private int onDpa(LatencyFigure.Settings figure) throws IOException {
        ClusterLatencyFigure.Settings settings = dpa.latencySetup(figure, given("--latency"), given("--cores"));
        tagmatch.dpa.ClusterRuns runs = dpa.runs();
        return draw("figure-" + number + "-dpa", "figure" + number, (work, staging) -> {
            ClusterLatencyFigure fig = ClusterLatencyFigure.measure(settings, runs, work, Progress::start);
            return new Drawn(fig.write(staging), fig.summaryText());
        });
    }


    @Command(name = "5",
            description = {"Seed 001 figure 5: the latency a message's search of the posted receives adds, against the queue's length, "
                    + "with and without the ALPU: the Java NIC driver over the unit, in the seed's latency model. " + ON_DPA,
                    "Example: tagmatch figure 5 --cells 128,256 --max-length 512 --step 16",
                    "Example: tagmatch figure 5 --on dpa --cells 256 --max-length 64 --step 32"})
    public static final class Five extends LatencyFigureCommand {
        public Five() {
            super(5, LatencyProbe.Queue.POSTED);
        }

        @Override
        NicLatency model() {
            return latencyModel.model();
        }
    }

    @Command(name = "6",
            description = {"Seed 001 figure 6: the latency a receive's search of the unexpected messages adds, against the queue's "
                    + "length, with and without the ALPU: the Java NIC driver over the unit, in the seed's latency model, where the "
                    + "search overlaps the message's transfer. " + ON_DPA,
                    "Example: tagmatch figure 6 --cells 128,256 --fractions 0.5,1",
                    "Example: tagmatch figure 6 --on dpa --fractions 1"})
    public static final class Six extends LatencyFigureCommand {
        @Mixin
        LatencyModelOptions.Overlap overlap = new LatencyModelOptions.Overlap();

        public Six() {
            super(6, LatencyProbe.Queue.UNEXPECTED);
        }

        @Override
        NicLatency model() {
            return latencyModel.model(overlap);
        }
    }
}
