package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.otm.OtmConfig;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;
import tagmatch.tools.KeepTempOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Temp;
import tagmatch.trace.AlpuReplay;
import tagmatch.trace.TraceFiles;
import tagmatch.trace.TraceReplayer;
import tagmatch.tools.FirmwareOptions;
import tagmatch.tools.TagmatchCommand;

/**
 * {@code tagmatch trace replay}: a trace's real traffic through the ALPU RTL or the generated
 * firmware, every post and arrival checked against the reference matcher.
 */
@Command(name = "replay",
        description = {"Replay each rank's event streams through the ALPU RTL (Verilator, the NIC driver with a PRQ and a UMQ unit)",
                "or through the generated firmware (native, N threads), every post and arrival checked against the reference",
                "matcher. Per rank: agreement, operations the ALPUs answered alone versus with a software search and cycles per",
                "operation (alpu), or firmware conflicts, fast and slow paths, in-order messages and fallbacks (firmware). Exit 1 on any difference.",
                "Example: tagmatch trace replay data/traces/lammps-melt --through alpu --cells 16"})
public final class TraceReplayCommand extends TagmatchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    TraceInputOptions input = new TraceInputOptions();

    @Option(names = "--through", required = true, paramLabel = "TARGET", description = "alpu, firmware or dpa (the four matchers on the DPA cluster)")
    String through;

    @Option(names = "--ranks", split = ",", paramLabel = "R", description = "replay only these ranks (default: all)")
    List<Integer> ranks;

    @Option(names = "--cells", paramLabel = "N", description = "alpu: cells of each of the PRQ and UMQ units (default: ${DEFAULT-VALUE})")
    int cells = 16;

    @Option(names = "--block", paramLabel = "B", description = "alpu: cells per block (default: ${DEFAULT-VALUE})")
    int block = 2;

    @Option(names = "--threshold", paramLabel = "T", description = "alpu: the driver loads a list into its unit once it holds T entries (default: ${DEFAULT-VALUE})")
    int threshold = 1;

    @Option(names = "--match-layout", split = ",", paramLabel = "BITS", description = "alpu: bits of comm,source,tag in the match bits (default: 10,16,16)")
    List<Integer> layout = List.of(10, 16, 16);

    @CommandLine.Mixin
    tagmatch.tools.ThreadsOption threads = new tagmatch.tools.ThreadsOption(4);

    @CommandLine.Mixin
    FirmwareOptions firmware = new FirmwareOptions();

    @CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @CommandLine.Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    @CommandLine.Mixin
    DpaReplayOptions dpa = new DpaReplayOptions();

    @Override
    public Integer call() {
        // every option before any work
        boolean alpu = OptionCheck.oneOf("--through", through, "alpu", "firmware", "dpa").equals("alpu");
        input.check();
        dpa.check(given("--latency"));
        if (through.equals("dpa") && ranks != null) {
            throw new UsageError("--ranks must be left out with --through dpa (it replays each trace's busiest stream), got " + ranks);
        }
        if (layout.size() != 3) throw new UsageError("--match-layout must be three bit counts COMM,SOURCE,TAG, got " + layout);
        if (ranks != null) for (int r : ranks) OptionCheck.atLeast("--ranks", r, 0);
        if (alpu) OptionCheck.atLeast("--threshold", threshold, 1);
        AlpuReplay.Setup alpuSetup;
        OtmConfig fw;
        try {
            alpuSetup = alpu ? new AlpuReplay.Setup(cells, block, threshold, new MatchLayout(layout.get(0), layout.get(1), layout.get(2))) : null;
            fw = alpu ? null : firmware.config(threads.get());
        } catch (ParameterError e) {
            throw OptionCheck.asOption(option(e.parameter()), e);
        }
        List<TraceFiles.Trace> found = input.find();
        try {
            TraceReplayer.checkRanks(found, ranks);
        } catch (ParameterError e) {
            throw OptionCheck.asOption("--ranks", e);
        }

        PrintWriter out = out();
        if (through.equals("dpa")) {
            try (Temp temp = keepTemp.dir("replay-dpa", err())) {
                dpa.run(found, threads.get(), firmware.bins(), input.parseThreads(), input.cache(), temp.path(), progress.steps(), out);
            }
            return 0;
        }
        boolean agree;
        try (Temp temp = alpu ? null : keepTemp.dir("replay", err())) {
            TraceReplayer.Options options = new TraceReplayer.Options(alpuSetup, fw, temp == null ? null : temp.path(), ranks, input.parseThreads(), input.cache());
            agree = TraceReplayer.replay(found, options, table -> {
                out.print(table);
                out.flush();
            }, progress.steps());
        }
        return agree ? 0 : 1;
    }

    /** The option behind a check of the ALPUs' configuration: their CELLS and BLOCK, or the match bits the layout makes. */
    private static String option(Enum<?> p) {
        if (p == AlpuConfig.Parameter.CELLS) return "--cells";
        if (p == AlpuConfig.Parameter.BLOCK) return "--block";
        return "--match-layout";
    }
}
