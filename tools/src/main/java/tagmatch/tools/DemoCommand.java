package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.lib.Catalog;
import tagmatch.hdl.lib.Showcase;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch demo}: the main job on defaults, end to end. Library blocks are generated and
 * linted; the default ALPU (256 cells, blocks of 8, PRQ, 42/16 bits) is generated, linted and
 * co-simulated under Verilator through the datasheet scoreboard; the default firmware is
 * generated, sized, and co-simulated natively against the MPI reference. Each step runs the
 * real subcommand, so the demo shows exactly what a user would get from it.
 */
@Command(name = "demo",
        description = {"The main job on defaults: library blocks, the default ALPU and the default firmware.",
                "Each is generated, checked by the real tools and co-simulated against its reference."})
public final class DemoCommand extends TagmatchCommand implements Callable<Integer> {
    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "library blocks go here (default: ${DEFAULT-VALUE})")
    Path out = Path.of("verilog-out", "lib");

    @Option(names = "--alpu-out", paramLabel = "DIR", description = "the demo ALPU goes here (default: ${DEFAULT-VALUE})")
    Path alpuOut = Path.of("verilog-out", "demo");

    @Option(names = "--firmware-out", paramLabel = "DIR", description = "the demo firmware goes here (default: ${DEFAULT-VALUE})")
    Path firmwareOut = Path.of("firmware-out");

    @Option(names = "--ops", description = "transfers of each co-simulation (default: ${DEFAULT-VALUE})")
    int ops = 20000;

    @Option(names = "--library-only", description = "only the library blocks (fast)")
    boolean libraryOnly;

    @Override
    public Integer call() throws IOException {
        // Every option and output place is checked before the first step runs.
        OptionCheck.atLeast("--ops", ops, 1);
        for (Showcase.Shown shown : Showcase.all()) OutputDir.claim(out.resolve(shown.name()), false, "--out").close();
        if (!libraryOnly) {
            OutputDir.claim(alpuOut, false, "--alpu-out").close();
            OutputDir.claim(firmwareOut, false, "--firmware-out").close();
        }
        PrintWriter o = out();
        o.println("tagmatch demo: standard-library blocks -> " + out);
        o.printf("%-20s %-24s %7s %6s  %-9s %-9s %-9s%n", "block", "top", "modules", "lines", "verilator", "yosys", "iverilog");
        boolean ok = true;
        for (Showcase.Shown shown : Showcase.all()) {
            Catalog.Emitted emitted;
            List<Path> files;
            try (OutputDir dir = OutputDir.claim(out.resolve(shown.name()), false, "--out")) {
                emitted = shown.emit(dir.staging());
                files = dir.commit(shown.name());
            }
            Showcase.Row r = Showcase.check(shown, emitted, files);
            o.printf("%-20s %-24s %7d %6d  %-9s %-9s %-9s%n", r.block(), r.top(), r.modules(), r.lines(),
                    verdict(r.readers().get(0)), verdict(r.readers().get(1)), verdict(r.readers().get(2)));
            for (VerilogTools.Result t : r.readers()) if (!t.ok()) o.println(t.output().indent(4));
            ok &= r.ok();
        }
        o.println(ok ? "demo: all blocks generated and clean" : "demo: library blocks FAILED (see above)");
        if (!libraryOnly) ok &= mainJob(o);
        o.println(ok ? "demo: everything generated, clean and equal to its reference" : "demo: FAILED (see above)");
        return ok ? 0 : 1;
    }

    private boolean mainJob(PrintWriter o) throws IOException {
        boolean ok = true;
        o.println();
        o.println("== ALPU (seed 001): 256 cells, blocks of 8, PRQ, 42-bit match, 16-bit tag -> " + alpuOut);
        ok &= step(o, "rtl", "--out", alpuOut.toString(), "--report");
        boolean clean = Lint.run(AlpuRtl.filesIn(alpuOut, "alpu_prq"), "alpu_prq", o);
        ok &= clean;
        o.println("== ALPU co-simulation: Verilator through JNA, random traffic with backpressure, scoreboard R1-R9");
        ok &= step(o, "cosim", "alpu", "--ops", Integer.toString(ops));
        o.println();
        o.println("== Optimistic tag matching firmware (seed 000), default configuration -> " + firmwareOut);
        ok &= step(o, "firmware", "--out", firmwareOut.toString(), "--report");
        o.println("== Firmware co-simulation: native build through JNA, N concurrent threads, against the MPI reference");
        ok &= step(o, "cosim", "firmware", "--ops", Integer.toString(ops));
        return ok;
    }

    /** Runs one real subcommand with this command's output streams. */
    private boolean step(PrintWriter o, String... args) {
        picocli.CommandLine cl = Main.commandLine();
        cl.setOut(o);
        cl.setErr(err());
        return cl.execute(args) == 0;
    }

    private static String verdict(VerilogTools.Result r) {
        return r.ok() ? "clean" : "FAILED";
    }
}
