package tagmatch.tools.dpa;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.dpa.SimulatorChoice;
import tagmatch.process.ParameterError;
import tagmatch.process.UserError;
import tagmatch.tools.ClusterOptions;
import tagmatch.tools.MemoryOptions;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.SimOption;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch dpa run PROGRAM.elf}: one bare-metal program on the cluster; prints its console, exit code and counts. */
@Command(name = "run",
        description = "Run a bare-metal RV64IMAC ELF on the simulated DPA cluster and print its console output, exit code, "
                + "cycles and instructions retired per hart (conventions: docs/dpa.md).",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"N:the program's exit code, modulo 256 (no line on standard error)",
                "1:a hart stopped on an error, or no exit within --max-cycles (a one-line error on standard error)",
                "2:a bad option or ELF (a one-line error on standard error)"})
public final class DpaRunCommand extends TagmatchCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PROGRAM.elf", description = "a RISC-V ELF64 executable linked for RAM at 0x80000000")
    Path program;
    @CommandLine.Mixin
    ClusterOptions cluster = new ClusterOptions();
    @CommandLine.Mixin
    MemoryOptions memory = new MemoryOptions();
    @Option(names = "--harts", description = "harts started, the lowest ids (0 = all, default ${DEFAULT-VALUE})")
    int harts = 0;
    @Option(names = "--max-cycles", description = "cycle budget (default ${DEFAULT-VALUE})")
    long maxCycles = DpaRun.Options.DEFAULT_MAX_CYCLES;
    @CommandLine.Mixin
    SimOption sim = new SimOption();

    @Override
    public Integer call() {
        DpaConfig cfg = memory.config(cluster);
        DpaRun.Options options;
        try {
            options = memory.apply(new DpaRun.Options(harts, cluster.latency(), maxCycles), cluster).checkFits(cfg);
        } catch (ParameterError e) {
            throw OptionCheck.asOption(option((DpaRun.Options.Parameter) e.parameter()), e);
        }
        SimulatorChoice choice = sim.choice(ClusterSimulator.Work.ONE_PROGRAM);
        ElfImage image = ElfImage.read(program, cfg.ramBytes());
        DpaRun dpa;
        try (Progress p = Progress.start("building the " + cfg.cores() + "x" + cfg.threads() + " cluster", 1, "model")) {
            dpa = DpaRun.build(cfg, choice);
            p.step();
        }
        long t0 = System.nanoTime();
        DpaResult r;
        try (Progress p = Progress.start("running " + program.getFileName(), maxCycles, "cycles")) {
            r = dpa.run(image, options, p::stepTo);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter w = out();
        w.print(r.console());
        if (!r.console().isEmpty() && !r.console().endsWith("\n")) w.println();
        w.flush();
        if (r.outcome() == DpaResult.Outcome.ERROR) throw new UserError(r.error().describe() + " after " + r.cycles() + " cycles");
        if (r.outcome() == DpaResult.Outcome.TIMEOUT)
            throw new UserError("no exit within --max-cycles " + maxCycles + " (" + r.totalRetired() + " instructions retired)");
        w.print(r.summary(seconds));
        w.flush();
        return exitStatus(r.exitCode());
    }

    private static String option(DpaRun.Options.Parameter p) {
        return switch (p) {
            case HARTS -> "--harts";
            case LATENCY -> "--latency";
            case MAX_CYCLES -> "--max-cycles";
        };
    }

    /** A program's exit code as a process's exit status: its low 8 bits, as a POSIX shell sees {@code exit(code)}. */
    static int exitStatus(long code) {
        return (int) (code & 0xff);
    }
}
