package tagmatch.tools.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.eda.sweep.Grid;
import tagmatch.eda.sweep.LocalRunner;
import tagmatch.eda.sweep.LocalSweep;
import tagmatch.eda.sweep.Seeds;
import tagmatch.eda.sweep.Shard;
import tagmatch.eda.sweep.SlurmOptions;
import tagmatch.eda.sweep.SlurmSweep;
import tagmatch.eda.sweep.Step;
import tagmatch.eda.sweep.Steps;
import tagmatch.eda.sweep.Sweep;
import tagmatch.eda.sweep.SweepResult;
import tagmatch.eda.prove.TargetProof;
import tagmatch.eda.synth.YosysSynth;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;
import tagmatch.tools.AlpuOptions;
import tagmatch.tools.JobsOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.TagmatchCommand;

/**
 * {@code tagmatch sweep}: runs steps over a grid of ALPU configurations, here on a bounded worker
 * pool or on a Slurm cluster as a job array, into a results directory that makes it resumable;
 * {@code tagmatch sweep report DIR} merges what it holds.
 */
@Command(name = "sweep",
        description = {"Run rtl, synth, pnr, cosim and prove over a grid of ALPU configurations, here or as a Slurm job array; "
                + "one JSON line per configuration and step in DIR/results, resumable.",
                "Example: tagmatch sweep --cells 16,32 --block 4,8 --match-width 8 --tag-width 4 --variant prq,umq --out sweep-out",
                "         tagmatch sweep @data/sweeps/table-iv-v.sweep --out table --slurm --partition batch --time-limit 2:00:00",
                "         tagmatch sweep --steps cosim --seeds 1..1000 --ops 1000000 --out soak --slurm --array-tasks 100",
                "         tagmatch sweep report sweep-out",
                "Options may come from a spec file: tagmatch sweep @FILE (one option per line, # comments)."},
        subcommands = SweepReportCommand.class)
public final class SweepCommand extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--variant", split = ",", paramLabel = "prq|umq", description = AlpuOptions.VARIANT + ", one configuration each (default prq)")
    List<String> variants = new ArrayList<>(List.of("prq"));

    @Option(names = "--cells", split = ",", paramLabel = "N", description = AlpuOptions.CELLS + ", one configuration each (default 256)")
    List<Integer> cells = new ArrayList<>(List.of(256));

    @Option(names = "--block", split = ",", paramLabel = "B", description = AlpuOptions.BLOCK + ", one configuration each (default 8)")
    List<Integer> blocks = new ArrayList<>(List.of(8));

    @Option(names = "--match-width", split = ",", paramLabel = "W", description = AlpuOptions.MATCH_WIDTH + ", one configuration each (default 42)")
    List<Integer> matchWidths = new ArrayList<>(List.of(42));

    @Option(names = "--tag-width", split = ",", paramLabel = "T", description = AlpuOptions.TAG_WIDTH + ", one configuration each (default 16)")
    List<Integer> tagWidths = new ArrayList<>(List.of(16));

    @Option(names = "--fifo-depth", split = ",", paramLabel = "D", description = "one depth for the request, command and response FIFOs, a power of two >= 2, one configuration each (default 4)")
    List<Integer> fifoDepths = new ArrayList<>(List.of(4));

    @Option(names = "--steps", split = ",", paramLabel = "STEP", description = "steps to run on each configuration: rtl, synth, pnr, cosim, prove (default rtl,synth,cosim)")
    List<String> steps = new ArrayList<>(List.of("rtl", "synth", "cosim"));

    @Option(names = "--seeds", paramLabel = "LIST", description = "soak seeds of the cosim step: seeds and ranges, e.g. 1..8,42 (default ${DEFAULT-VALUE})")
    String seeds = "1";

    @Option(names = "--ops", paramLabel = "N", description = "transfers per cosim soak (default ${DEFAULT-VALUE})")
    long ops = 20_000;

    @Option(names = "--family", paramLabel = "F", description = "synth_xilinx family of the synth step (default ${DEFAULT-VALUE})")
    String family = YosysSynth.DEFAULT_FAMILY;

    @Option(names = "--pnr-seed", paramLabel = "S", description = "nextpnr placer seed of the pnr step, >= 1 (default ${DEFAULT-VALUE})")
    int pnrSeed = 1;

    @Option(names = "--prove-depth", paramLabel = "K", description = "cycles of the prove step, 1..200 (default: the proof target's depth)")
    Integer proveDepth;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "results directory (required; a re-run into it resumes)")
    Path out;

    @Option(names = "--shard", paramLabel = "i/n", description = "run only every n-th task starting with the i-th (1-based)")
    String shard;

    @Option(names = "--retry-failed", description = "run again the tasks that failed, could not run or were skipped (they are kept otherwise)")
    boolean retryFailed;

    @picocli.CommandLine.Mixin
    JobsOption jobs = new JobsOption();

    @Option(names = "--mem-per-worker", paramLabel = "MB", description = "memory one worker may need; workers are bounded by the available memory over this (default ${DEFAULT-VALUE})")
    long memPerWorker = LocalRunner.DEFAULT_MEM_PER_WORKER_MB;

    @Option(names = "--slurm", description = "run as a Slurm job array (one shard per array task), submit it and follow it to the end")
    boolean slurm;

    @picocli.CommandLine.Mixin
    SlurmArrayOptions array = new SlurmArrayOptions();

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter o = out();
        // Every option is checked before anything is written.
        Sweep sweep = sweep();
        if (out == null) throw new UsageError("--out is required: the results directory");
        Shard sh = shard == null ? Shard.ALL : parse("--shard", () -> Shard.parse(shard));
        int workers = jobs.requested();
        OptionCheck.atLeast("--mem-per-worker", memPerWorker, 64);
        SlurmOptions so = array.options(slurm, sweep.tasks().size(), memPerWorker);
        if (slurm && shard != null) throw new UsageError("--shard only applies without --slurm (each array task picks its own shard), got " + shard);

        SweepResult r;
        if (slurm) {
            SlurmSweep.Settings s = new SlurmSweep.Settings(sweep, out, so, Duration.ofSeconds(array.pollSeconds),
                    tagmatch.tools.Main.class.getName());
            if (array.printSbatch) {
                SlurmSweep.Script script = SlurmSweep.writeScript(s);
                o.print(script.text());
                o.println("# written to " + script.path());
                o.flush();
                return 0;
            }
            r = SlurmSweep.run(s, o, Progress::start);
        } else {
            r = LocalSweep.run(new LocalSweep.Settings(sweep, out, sh, retryFailed, workers, memPerWorker), o, Progress::start);
        }
        o.print(r.text());
        o.flush();
        return r.succeeded() ? 0 : 1;
    }

    /**
     * The sweep of a spec (the lines of {@code sweep.args} or of a file for {@code @FILE}: one
     * option per line, {@code #} comments), parsed and validated as the command line would be.
     */
    public static Sweep parseSpec(List<String> spec, String source) {
        List<String> args = new ArrayList<>();
        for (String l : spec) if (!l.isBlank() && !l.strip().startsWith("#")) args.add(l.strip());
        SweepCommand c = new SweepCommand();
        try {
            new picocli.CommandLine(c).parseArgs(args.toArray(String[]::new));
        } catch (picocli.CommandLine.ParameterException e) {
            throw new UsageError(source + " is not a sweep spec tagmatch can read: " + e.getMessage(), e);
        }
        return c.sweep();
    }

    /** The sweep the options describe, validated; every bad value is a usage error naming its option. */
    Sweep sweep() {
        Grid grid = new Grid(parse("--variant", () -> Sweep.variants(variants)), cells, blocks, matchWidths, tagWidths, fifoDepths);
        try {
            grid.configs();
        } catch (ParameterError e) {
            throw OptionCheck.asOption(option((AlpuConfig.Parameter) e.parameter()), e);
        }
        List<Step> st = parse("--steps", () -> Steps.of(steps));
        List<Long> sd = parse("--seeds", () -> Seeds.parse(seeds));
        OptionCheck.atLeast("--ops", ops, 1);
        family = OptionCheck.oneOf("--family", family, YosysSynth.FAMILIES.toArray(String[]::new));
        OptionCheck.atLeast("--pnr-seed", pnrSeed, 1);
        if (proveDepth != null) OptionCheck.range("--prove-depth", proveDepth, 1, TargetProof.MAX_DEPTH);
        return new Sweep(grid, st, sd, ops, family, pnrSeed, proveDepth);
    }

    /** The option of the grid's axis that sets {@code p}: one depth for the three FIFOs. */
    private static String option(AlpuConfig.Parameter p) {
        return switch (p) {
            case REQ_FIFO_DEPTH, CMD_FIFO_DEPTH, RSP_FIFO_DEPTH -> "--fifo-depth";
            default -> AlpuOptions.option(p);
        };
    }

    /** Runs a parser; its {@link IllegalArgumentException} becomes a usage error naming {@code option}. */
    private static <T> T parse(String option, java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new UsageError(option + " " + e.getMessage(), e);
        }
    }
}
