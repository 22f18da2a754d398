package tagmatch.tools.dpa;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.process.UserError;
import tagmatch.tools.Progress;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tagmatch dpa run PROGRAM.elf}: one bare-metal program on the cluster; prints its console, exit code and counts. */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a bare-metal RV64IMAC ELF on the simulated DPA cluster and print its console output, exit code, "
                + "cycles and instructions retired per hart (conventions: docs/dpa.md).")
public final class DpaRunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "PROGRAM.elf", description = "a RISC-V ELF64 executable linked for RAM at 0x80000000")
    Path program;
    @Option(names = "--cores", description = "cores (1..16, default ${DEFAULT-VALUE})")
    int cores = DpaConfig.defaults().cores();
    @Option(names = "--threads", description = "hardware threads per core (power of two 1..64, default ${DEFAULT-VALUE})")
    int threads = DpaConfig.defaults().threads();
    @Option(names = "--banks", description = "memory banks, one atomic unit each (power of two 1..16, default ${DEFAULT-VALUE})")
    int banks = DpaConfig.defaults().banks();
    @Option(names = "--ram-mib", description = "RAM in MiB (power of two 1..256, default ${DEFAULT-VALUE})")
    int ramMib = DpaConfig.defaults().ramMib();
    @Option(names = "--latency", description = "cycles a thread waits after each load, store or atomic (0..255, default ${DEFAULT-VALUE})")
    int latency = DpaRun.Options.DEFAULT_LATENCY;
    @Option(names = "--harts", description = "harts started, the lowest ids (0 = all, default ${DEFAULT-VALUE})")
    int harts = 0;
    @Option(names = "--max-cycles", description = "cycle budget (default ${DEFAULT-VALUE})")
    long maxCycles = DpaRun.Options.DEFAULT_MAX_CYCLES;

    @Override
    public Integer call() {
        DpaConfig cfg = new DpaConfig(cores, threads, banks, ramMib);
        DpaRun.Options options = new DpaRun.Options(harts, latency, maxCycles);
        ElfImage image = ElfImage.read(program, cfg.ramBytes());
        DpaRun dpa;
        try (Progress p = Progress.start("building the " + cores + "x" + threads + " cluster", 1, "model")) {
            dpa = DpaRun.build(cfg);
            p.step();
        }
        long t0 = System.nanoTime();
        DpaResult r;
        try (Progress p = Progress.start("running " + program.getFileName(), maxCycles, "cycles")) {
            r = dpa.run(image, options, p::stepTo);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter w = spec.commandLine().getOut();
        w.print(r.console());
        if (!r.console().isEmpty() && !r.console().endsWith("\n")) w.println();
        w.flush();
        if (r.outcome() == DpaResult.Outcome.ERROR) throw new UserError(r.error().describe() + " after " + r.cycles() + " cycles");
        if (r.outcome() == DpaResult.Outcome.TIMEOUT)
            throw new UserError("no exit within --max-cycles " + maxCycles + " (" + r.totalRetired() + " instructions retired)");
        w.print(r.summary(seconds));
        w.flush();
        return 0;
    }
}
