package tagmatch.tools.figure;

import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.bench.figure.DpaRateFigure;
import tagmatch.bench.figure.MessageRateFigure;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.tools.BinsOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.ThreadsOption;

/**
 * {@code tagmatch figure 8}: seed 000's message rate, the ping-pong through the generated
 * handler, on host threads ({@link MessageRateFigure}) or on the simulated DPA
 * ({@link DpaRateFigure}), beside Open MPI on the CPU.
 */
@Command(name = "8",
        description = {"Seed 000 figure 8: ping-pong message rate through the generated DPA handler (no conflict, fast path, slow path) "
                + "beside Open MPI on the CPU: on this machine's threads standing in for the DPA's, over the FlexIO stand-in. With --on "
                + "dpa: the seed's ping-pong through the handler on the simulated DPA cluster, as a band over its memory settings, "
                + "beside Open MPI and the matching natively on one host core; there --threads defaults to 32, --bins to 2048 and the "
                + "cluster to 16 cores x 16 threads, the seed's. A table, a CSV and a PNG.",
                "Example: tagmatch figure 8 --k 100 --repeat 500 --threads 4",
                "Example: tagmatch figure 8 --on dpa --sequences 4 --runs 3"})
public final class MessageRateFigureCommand extends HostOrDpaFigureCommand {
    @Option(names = "--k", paramLabel = "K", description = "messages per round, 1..30000, with --on dpa 1..1024 (default ${DEFAULT-VALUE}, as the seed)")
    int k = 100;

    @Option(names = "--repeat", paramLabel = "R", description = "timed rounds of the handler on host threads, of Open MPI and of "
            + "the native matching, 1..1000000 (default ${DEFAULT-VALUE}, as the seed)")
    int repeat = 500;

    @Option(names = "--warmup", paramLabel = "W", description = "untimed rounds first, 0..1000000 (default ${DEFAULT-VALUE})")
    int warmup = 10;

    @Option(names = "--runs", paramLabel = "N", description = "runs per case, the median is plotted (with --on dpa, of Open MPI "
            + "and the native matching), 1..99 (default ${DEFAULT-VALUE})")
    int runs = 5;

    /** N: on the host, host threads stand in for the DPA's on this machine's cores. */
    @Mixin
    ThreadsOption threads = new ThreadsOption(4);

    @Mixin
    BinsOption bins = new BinsOption();

    @Mixin
    DpaRateOptions pingPong = new DpaRateOptions();

    @Override
    public Integer call() throws IOException {
        boolean onDpa = onDpa(pingPong);
        OptionCheck.range("--k", k, 1, 30000);
        OptionCheck.range("--repeat", repeat, 1, 1_000_000);
        OptionCheck.range("--warmup", warmup, 0, 1_000_000);
        OptionCheck.range("--runs", runs, 1, 99);
        if (onDpa) return onDpa();
        MessageRateFigure.Setup host = new MessageRateFigure.Setup(k, repeat, warmup, runs, threads.get(), bins.get());
        return draw("figure-8", "figure8", (work, staging) -> {
            MessageRateFigure fig = MessageRateFigure.measure(host, work, Progress::start);
            return new Drawn(fig.write(staging), fig.summaryText());
        });
    }

    /** The ping-pong through the handler on the simulated DPA, beside Open MPI and the native matching on this machine. */
    private int onDpa() throws IOException {
        int n = given("--threads") ? threads.get() : 32;
        int b = given("--bins") ? bins.get() : 2048;
        MessageRateFigure.Setup host = new MessageRateFigure.Setup(k, repeat, warmup, runs, n, b);
        DpaConfig cluster = dpa.rateConfig(given("--latency"), given("--cores") || given("--threads-per-core"));
        DpaRateFigure.Setup setup = pingPong.setup(dpa, cluster, k, n, b, host);
        ClusterRuns runs = dpa.runs();
        return draw("figure-8-dpa", "figure8", (work, staging) -> {
            DpaRateFigure fig;
            try (DpaRun run = DpaRun.build(cluster, runs.simulator())) {
                fig = DpaRateFigure.measure(run, runs, setup, work, Progress::start);
            }
            return new Drawn(fig.write(staging), fig.summaryText());
        });
    }

}
