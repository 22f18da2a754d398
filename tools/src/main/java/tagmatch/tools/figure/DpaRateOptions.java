package tagmatch.tools.figure;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import tagmatch.process.UsageError;
import tagmatch.bench.figure.DpaRateFigure;
import tagmatch.bench.figure.MessageRateFigure;
import tagmatch.tools.OptionCheck;

/** The options of {@code tagmatch figure 8 --on dpa} (a picocli mixin), checked into the figure's setup. */
final class DpaRateOptions {
    @Option(names = "--dpa-threads", split = ",", paramLabel = "N[,N...]", description = "figure 8 --on dpa: N values (default ${DEFAULT-VALUE})")
    List<Integer> dpaThreads = new ArrayList<>(List.of(1, 2, 4, 8, 16, 32));

    @Option(names = "--dpa-clock-ghz", paramLabel = "F", description = "figure 8 --on dpa: the clock assumed to turn cycles into seconds "
            + "(default ${DEFAULT-VALUE}, the BlueField-3 DPA's as assumed here)")
    double dpaClockGhz = 1.8;

    @Option(names = "--dpa-messages", paramLabel = "M", description = "figure 8 --on dpa: matched messages per run (default ${DEFAULT-VALUE})")
    int dpaMessages = 2048;

    @Option(names = "--dpa-latency", paramLabel = "C", description = "figure 8 --on dpa: memory latency in cycles (default: the cluster's)")
    int dpaLatency = tagmatch.dpa.DpaRun.Options.DEFAULT_LATENCY;

    /** The setup these options describe for {@code cluster}, every value checked; {@code host} is the Open MPI side. */
    DpaRateFigure.Setup setup(tagmatch.dpa.DpaConfig cluster, int k, MessageRateFigure.Setup host) {
        if (dpaThreads.isEmpty()) throw new UsageError("--dpa-threads must name at least one N");
        for (int n : dpaThreads) OptionCheck.range("--dpa-threads", n, 1, Math.min(64, cluster.harts()));
        if (!(dpaClockGhz > 0 && dpaClockGhz <= 10)) throw new UsageError("--dpa-clock-ghz must be in (0, 10], got " + dpaClockGhz);
        OptionCheck.atLeast("--dpa-messages", dpaMessages, 1);
        OptionCheck.range("--dpa-latency", dpaLatency, 0, 255);
        OptionCheck.range("--k", k, 1, 1024);
        List<Integer> ns = dpaThreads.stream().sorted().distinct().toList();
        return new DpaRateFigure.Setup(ns, k, dpaMessages, dpaClockGhz, dpaLatency, host);
    }
}
