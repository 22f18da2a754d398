package tagmatch.tools.figure;

import java.io.IOException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.bench.figure.NicOffloadFigure;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.mem.MemLatencies;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.ThreadsOption;

/** {@code tagmatch figure offload-nic}: seed 003's Figs. 2, 3 and 6 with the simulated cluster as the NIC ({@link NicOffloadFigure}). */
@Command(name = "offload-nic",
        description = {"Seed 003 on the simulated NIC: a window of pre-posted rendezvous receives (osu_bw, and osu_bw_overlap computing "
                + "for the pure window time); the receives the engine offloads are matched by the cluster's hardware list (the ALPU PRQ "
                + "unit on the bus, or the optimistic matcher's table) and read by the NIC block's DMA while the host computes, the "
                + "others after the host's progress call. Overlap and bandwidth, offloaded against onloaded, per list size and wire "
                + "latency, as a band over the memory settings; every run checked against the MPI reference. A table, a CSV and two PNGs.",
                "Example: tagmatch figure offload-nic --list-sizes 8,16,32,64 --wire-latencies 1800,2700,3600"})
public final class NicOffloadCommand extends DpaFigureCommand {
    @Option(names = "--policy", paramLabel = "P", description = "the engine: naive, seqnum or adaptive (default ${DEFAULT-VALUE})")
    String policy = "seqnum";

    @Option(names = "--matcher", paramLabel = "M", description = "the hardware list: alpu (the PRQ unit on the bus, its cells the list "
            + "size) or otm (the optimistic matcher's receive table at the list size) (default ${DEFAULT-VALUE})")
    String matcher = "alpu";

    @Option(names = "--window", paramLabel = "W", description = "receives per window, 1..1024 (default ${DEFAULT-VALUE}, as the paper)")
    int window = 64;

    @Option(names = "--bytes", paramLabel = "BYTES", description = "bytes per message, 16384..1073741824 (rendezvous; default ${DEFAULT-VALUE})")
    long bytes = 64 * 1024;

    @Option(names = "--non-contiguous-at", paramLabel = "I", description = "the window's one non-contiguous receive, 0..W-1 (Figs. 2 and 6; "
            + "default: none)")
    Integer nonContiguousAt;

    @Option(names = "--list-sizes", paramLabel = "L", split = ",", description = "hardware list sizes, each 1..4096 (alpu: even, 2..4096; "
            + "default 8,16,32,64)")
    List<Integer> listSizes = List.of(8, 16, 32, 64);

    @Option(names = "--wire-latencies", paramLabel = "CYCLES", split = ",", description = "an RDMA read's round trip in cycles, each "
            + "0..4095 (default 1800,2700,3600: the memory settings' guesses, 1 to 2 µs)")
    List<Integer> wires = List.of(1800, 2700, 3600);

    @Mixin
    ThreadsOption threads = new ThreadsOption(4);

    @Override
    public Integer call() throws IOException {
        OffloadPolicy p = OffloadPolicy.parse(OptionCheck.oneOf("--policy", policy, "naive", "seqnum", "adaptive"));
        HandlerImage.Matcher m = "otm".equals(OptionCheck.oneOf("--matcher", matcher, "alpu", "otm")) ? HandlerImage.Matcher.OTM : HandlerImage.Matcher.ALPU;
        OptionCheck.range("--window", window, 1, 1024);
        OptionCheck.range("--bytes", bytes, OffloadSettings.defaults().rndvThreshold(), 1 << 30);
        if (nonContiguousAt != null) OptionCheck.range("--non-contiguous-at", nonContiguousAt, 0, window - 1);
        if (listSizes.isEmpty() || wires.isEmpty()) throw new UsageError("--list-sizes and --wire-latencies must name at least one value each");
        for (int l : listSizes) {
            OptionCheck.range("--list-sizes", l, m == HandlerImage.Matcher.ALPU ? 2 : 1, AlpuConfig.MAX_CELLS);
            if (m == HandlerImage.Matcher.ALPU && l % 2 != 0) throw new UsageError("--list-sizes must be even with --matcher alpu, got " + l);
        }
        for (int w : wires) OptionCheck.range("--wire-latencies", w, 0, MemLatencies.MAX);
        if (given(MemLatencies.WIRE)) {
            throw new UsageError(MemLatencies.WIRE + " must be left out (the figure sweeps --wire-latencies), got " + dpa.overrides().wire());
        }
        DpaConfig cluster = dpa.config(given("--latency"));
        OptionCheck.range("--threads", threads.get(), 1, cluster.cores() * cluster.threads());
        NicOffloadFigure.Setup setup = new NicOffloadFigure.Setup(p, m, window, bytes, nonContiguousAt == null ? -1 : nonContiguousAt, listSizes,
                wires, threads.get(), cluster, dpa.clockGhz(), dpa.overrides());
        ClusterRuns runs = dpa.runs();
        return draw("figure-offload-nic", "seed003-nic", (work, staging) -> {
            NicOffloadFigure fig = NicOffloadFigure.measure(setup, runs, work, Progress::start);
            return new Drawn(fig.write(staging), fig.summaryText());
        });
    }

}
