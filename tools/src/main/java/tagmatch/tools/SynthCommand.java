package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.eda.sweep.TableSweepRun;
import tagmatch.eda.synth.AlpuSynthesis;
import tagmatch.eda.synth.Ice40Pnr;
import tagmatch.eda.synth.YosysSynth;
import tagmatch.process.UsageError;
import tagmatch.tools.sweep.SweepCommand;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch synth}: yosys {@code synth_xilinx} on the generated ALPU, printing LUTs,
 * flip-flops and LUT depth; {@code --table} runs the seed's twelve Table IV/V configurations as a
 * sweep ({@code data/sweeps/table-iv-v.sweep}, resumable in its results directory, on a bounded
 * worker pool) and prints them beside the paper's figures. Run it under the shared build lock on a
 * shared machine.
 */
@Command(name = "synth",
        description = {"Synthesize the generated ALPU with yosys and report LUTs, flip-flops and LUT depth.",
                "Example: tagmatch synth --cells 256 --block 8 --variant prq",
                "         tagmatch synth --table    (the seed's Table IV/V side by side with the paper; a sweep into ./table-iv-v, resumable)",
                "         tagmatch synth --pnr --cells 16 --block 8    (place and route on an iCE40 HX8K: Fmax, ns per match)"})
public final class SynthCommand extends TagmatchCommand implements Callable<Integer> {
    @Mixin
    AlpuOptions options = new AlpuOptions();

    @Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    @Option(names = "--family", paramLabel = "F", description = "synth_xilinx family (default ${DEFAULT-VALUE}, the seed's Virtex-II Pro)")
    String family = YosysSynth.DEFAULT_FAMILY;

    @Option(names = "--table", description = "synthesize the seed's Table IV/V configurations and print them beside the paper's figures")
    boolean table;

    @Option(names = "--only", split = ",", paramLabel = "TOP", description = "with --table: only these designs (e.g. alpu_prq_256x8,alpu_umq_128x8)")
    List<String> only = new ArrayList<>();

    @Option(names = "--spec", paramLabel = "FILE", description = "with --table: the sweep spec whose configurations make the table "
            + "(default: the seed's Tables IV/V, data/sweeps/table-iv-v.sweep)")
    Path tableSpec;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "with --table: the sweep results directory, resumed when it exists "
            + "(default: the spec's name, e.g. table-iv-v, with -FAMILY when --family changes the spec's)")
    Path out;

    /** With --table: yosys runs at once, 2 GiB each. */
    @picocli.CommandLine.Mixin
    JobsOption jobs = new JobsOption();

    @Option(names = "--retry-failed", description = "with --table: synthesize again the designs that failed in DIR (they are kept otherwise)")
    boolean retryFailed;

    @Option(names = "--pnr", description = "instead of synth_xilinx: place and route on an iCE40 HX8K (yosys synth_ice40, nextpnr-ice40) "
            + "and report logic cells, Fmax, match interval and latency, and ns per match")
    boolean pnr;

    @Option(names = "--seed", paramLabel = "S", description = "with --pnr: the placer seed, >= 1 (default ${DEFAULT-VALUE})")
    int seed = 1;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = out();
        family = OptionCheck.oneOf("--family", family, YosysSynth.FAMILIES.toArray(String[]::new));
        OptionCheck.requires(!only.isEmpty(), "--only", table, "--table");
        OptionCheck.requires(tableSpec != null, "--spec", table, "--table");
        OptionCheck.requires(out != null, "--out", table, "--table");
        OptionCheck.requires(jobs.given(), "--jobs", table, "--table");
        OptionCheck.requires(retryFailed, "--retry-failed", table, "--table");
        OptionCheck.atLeast("--seed", seed, 1);
        if (pnr && table) throw new UsageError("--pnr works on one configuration; it cannot be combined with --table");
        OptionCheck.requires(keepTemp.keep, "--keep-temp", pnr, "--pnr");
        if (pnr) {
            AlpuConfig cfg = options.config();
            String report;
            try (Progress p = Progress.start("synth --pnr", 1, "design")) {
                p.note(cfg.variant().defaultTop() + " " + cfg.cells() + " cells, block " + cfg.block() + " on iCE40 " + Ice40Pnr.DEVICE);
                try (Temp work = keepTemp.dir("pnr", err())) {
                    report = AlpuSynthesis.placeAndRouteSummary(cfg, cfg.variant().defaultTop(), seed, work.path());
                }
                p.step();
            }
            o.print(report);
            o.flush();
            return 0;
        }
        if (table) return table(o);
        AlpuConfig cfg = options.config();
        String report;
        try (Progress p = Progress.start("synth", 1, "design")) {
            p.note(cfg.variant().defaultTop() + " " + cfg.cells() + " cells, block " + cfg.block());
            report = AlpuSynthesis.synthesisSummary(cfg, cfg.variant().defaultTop(), family);
            p.step();
        }
        o.print(report);
        o.flush();
        return 0;
    }

    /** {@code --table}: the spec's configurations as a sweep, resumable in {@code --out}. */
    private int table(PrintWriter o) throws IOException {
        int requested = jobs.requested();
        String newFamily = given("--family") ? family : null;
        return new TableSweepRun(tableSpec, out, newFamily, only, requested, retryFailed).run(SweepCommand::parseSpec, o, Progress::start) ? 0 : 1;
    }
}
