package tagmatch.tools.figure;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import tagmatch.bench.figure.DpaRateFigure;
import tagmatch.bench.figure.MessageRateFigure;
import tagmatch.dpa.DpaConfig;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;

/** The ping-pong's options of {@code tagmatch figure 8 --on dpa} (a picocli mixin), checked into the figure's setup. */
final class DpaRateOptions {
    /** The DPA's default sequences: the seed's 500 take hours on the simulator (docs/BENCHMARKS.md says how long). */
    static final int DEFAULT_SEQUENCES = 20;

    @Option(names = "--sequences", paramLabel = "S", description = "ping-pong sequences of --k messages through the simulated DPA, "
            + "1..100000 (default ${DEFAULT-VALUE}; the seed's 500 are legal and slow)")
    int sequences = DEFAULT_SEQUENCES;

    @Option(names = "--ack-cycles", split = ",", paramLabel = "O,L,P", description = "the acknowledgement's round trip "
            + "(the ack's way to the sender, its reaction, the next message's way back) in DPA cycles under the optimistic, likely and "
            + "pessimistic memory settings, each 0..4294967295 (default ${DEFAULT-VALUE}: 1, 2 and 4 us at 1.8 GHz, a guess, docs/dpa.md)")
    List<Long> ackCycles = new ArrayList<>(List.of(1800L, 3600L, 7200L));

    /** The setup on {@code config} of {@code dpa}, every value checked; {@code host} is the Open MPI and native side. */
    DpaRateFigure.Setup setup(DpaClusterOptions dpa, DpaConfig config, int k, int threads, int bins, MessageRateFigure.Setup host) {
        OptionCheck.range("--sequences", sequences, 1, 100_000);
        double clockGhz = dpa.clockGhz();
        OptionCheck.range("--threads", threads, 1, Math.min(64, config.harts()));
        OptionCheck.range("--k", k, 1, 1024);
        for (long a : ackCycles) OptionCheck.range("--ack-cycles", a, 0, 0xFFFF_FFFFL);
        if (ackCycles.size() != 3) throw new UsageError("--ack-cycles must give 3 values (optimistic, likely, pessimistic), got " + ackCycles.size());
        return new DpaRateFigure.Setup(k, sequences, threads, bins, clockGhz, ackCycles, host, dpa.overrides());
    }
}
