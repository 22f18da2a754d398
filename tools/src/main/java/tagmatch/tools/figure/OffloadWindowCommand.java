package tagmatch.tools.figure;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.bench.figure.OffloadWindowFigure;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.tools.TagmatchCommand;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;

/**
 * {@code tagmatch figure offload-naive|offload-seqnum}: seed 003's Fig. 2 and Fig. 6 as
 * {@link OffloadWindowFigure} draws them, one command each.
 */
public abstract class OffloadWindowCommand extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--window", paramLabel = "W", description = "receives per window, as many hardware entries, 1..4096 (default ${DEFAULT-VALUE}, as the paper)")
    int window = 64;

    @Option(names = "--iterations", paramLabel = "I", description = "times the window is posted and matched, 1..1000 (default ${DEFAULT-VALUE})")
    int iterations = 4;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default seed003-figure-N)")
    Path out;

    @Mixin
    ForceOption force = new ForceOption();

    /** The figure's policy first, then any drawn beside it. */
    abstract List<OffloadPolicy> policies();

    @Override
    public Integer call() throws IOException {
        OptionCheck.range("--window", window, 1, 4096);
        OptionCheck.range("--iterations", iterations, 1, 1000);
        int number = OffloadWindowFigure.figureNumber(policies().get(0));
        Path dir = out != null ? out : Path.of("seed003-figure-" + number);
        PrintWriter o = out();
        List<String> files;
        try (OutputDir dirOut = force.claim(dir, "--out")) {
            OffloadWindowFigure fig = OffloadWindowFigure.measure(policies(), window, iterations);
            files = fig.write(dirOut.staging());
            dirOut.commit("seed003-figure" + number);
            o.print(fig.summaryText());
        }
        return FigureOutput.wrote(o, dir, files);
    }

    @Command(name = "offload-naive",
            description = {"Seed 003 Fig. 2: the share of a window's rendezvous receives the naive engine (Open MPI with UCX: nothing "
                    + "offloaded while software holds a receive) offloads, against the position of the first non-contiguous receive. "
                    + "A table, a CSV and a PNG.",
                    "Example: tagmatch figure offload-naive --window 64"})
    public static final class Naive extends OffloadWindowCommand {
        @Override
        List<OffloadPolicy> policies() {
            return List.of(OffloadPolicy.NAIVE);
        }
    }

    @Command(name = "offload-seqnum",
            description = {"Seed 003 Fig. 6: the same window with sequence numbers in the hardware tag, the naive engine beside it. "
                    + "A table, a CSV and a PNG.",
                    "Example: tagmatch figure offload-seqnum --window 64"})
    public static final class Seqnum extends OffloadWindowCommand {
        @Override
        List<OffloadPolicy> policies() {
            return List.of(OffloadPolicy.SEQNUM, OffloadPolicy.NAIVE);
        }
    }
}
