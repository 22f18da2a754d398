package tagmatch.tools.figure;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.bench.figure.PrefetchFigure;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.process.UsageError;
import tagmatch.tools.TagmatchCommand;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.PrefetchOptions;

/** {@code tagmatch figure prefetch}: seed 003's Fig. 8 as far as its prefetch decision goes ({@link PrefetchFigure}). */
@Command(name = "prefetch",
        description = {"Seed 003 Fig. 8, the decision only: a window of rendezvous messages sent to a receiver late by a skew; per skew, "
                + "the share of messages that arrive unexpected, are prefetched into the memory pool (§5.3), and are prefetched usefully "
                + "(the receive posted after the read was done). A table, a CSV and a PNG.",
                "Example: tagmatch figure prefetch --skews-us 0,50,100,1000 --pool-slots 16"})
public final class PrefetchCommand extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--window", paramLabel = "W", description = "messages per window, 1..4096 (default ${DEFAULT-VALUE}, as the paper)")
    int window = 64;

    @Option(names = "--iterations", paramLabel = "I", description = "windows per skew, 1..1000 (default ${DEFAULT-VALUE})")
    int iterations = 4;

    @Option(names = "--bytes", paramLabel = "BYTES", description = "bytes per message, 16384..1073741824 (rendezvous; default ${DEFAULT-VALUE})")
    long bytes = 1 << 20;

    @Option(names = "--skews-us", paramLabel = "US", split = ",", description = "the receiver's skews in µs, each 0..10000000 "
            + "(default 0,10,20,40,60,80,100,200,1000)")
    List<Long> skewsUs = List.of(0L, 10L, 20L, 40L, 60L, 80L, 100L, 200L, 1000L);

    @Mixin
    PrefetchOptions prefetch = new PrefetchOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default seed003-figure-8)")
    Path out;

    @Mixin
    ForceOption force = new ForceOption();

    @Override
    public Integer call() throws IOException {
        OptionCheck.range("--window", window, 1, 4096);
        OptionCheck.range("--iterations", iterations, 1, 1000);
        OptionCheck.range("--bytes", bytes, OffloadSettings.defaults().rndvThreshold(), 1 << 30);
        if (skewsUs.isEmpty()) throw new UsageError("--skews-us must name at least one skew, got none");
        for (long s : skewsUs) OptionCheck.range("--skews-us", s, 0, 10_000_000);
        PrefetchSettings settings = prefetch.settings();
        Path dir = out != null ? out : Path.of("seed003-figure-8");
        PrintWriter o = out();
        List<String> files;
        try (OutputDir dirOut = force.claim(dir, "--out")) {
            PrefetchFigure fig = PrefetchFigure.measure(window, bytes, iterations, skewsUs.stream().map(us -> us * 1000).toList(), settings,
                    OffloadSettings.defaults());
            files = fig.write(dirOut.staging());
            dirOut.commit("seed003-figure8");
            o.print(fig.summaryText());
        }
        return FigureOutput.wrote(o, dir, files);
    }
}
