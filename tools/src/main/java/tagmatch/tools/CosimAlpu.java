package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.testbench.alpu.AlpuSoak;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch cosim alpu}: a soak of the generated ALPU RTL (Verilator, or the compiled or
 * interpreted backend with {@code --sim}) under random traffic with random backpressure, every
 * response and idle status checked by the datasheet scoreboard; each simulator's cycles per second
 * printed after its verdict.
 */
@Command(name = "alpu",
        description = {"Soak the generated ALPU RTL (Verilator) with random traffic and backpressure through the "
                + "datasheet scoreboard (rules R1-R9).",
                "Example: tagmatch cosim alpu --cells 256 --block 8 --variant prq --ops 200000 --seed 7 --sim compiled,verilator"})
public final class CosimAlpu extends TagmatchCommand implements Callable<Integer> {
    @Mixin
    AlpuOptions options = new AlpuOptions();

    @Option(names = "--ops", paramLabel = "N", description = "requests and commands to transfer (default ${DEFAULT-VALUE})")
    long ops = 100_000;

    @Option(names = "--seed", paramLabel = "S", description = "traffic seed (default ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--vcd", paramLabel = "FILE", description = "write a VCD waveform of the whole run (with one --sim)")
    Path vcd;

    @Option(names = "--sim", paramLabel = "BACKEND", split = ",",
            description = "simulators to soak on, one after the other: verilator, compiled, interpreter (default ${DEFAULT-VALUE})")
    List<String> sims = List.of("verilator");

    @Override
    public Integer call() {
        OptionCheck.atLeast("--ops", ops, 1);
        AlpuConfig cfg = options.config();
        if (vcd != null) OptionCheck.writableFile("--vcd", vcd);
        for (String sim : sims) {
            OptionCheck.oneOf("--sim", sim, tagmatch.sim.backends.Simulators.BACKENDS.toArray(new String[0]));
        }
        if (vcd != null && sims.size() != 1) {
            throw new tagmatch.process.UsageError("--vcd must go with one --sim (each would write the same file), got --sim "
                    + String.join(",", sims));
        }
        PrintWriter w = out();
        boolean passed = AlpuSoak.runEach(cfg, ops, seed, vcd, sims, Progress::start, s -> {
            w.println(s.verdict());
            if (s.passed()) w.println(s.speed());
            w.flush();
        });
        return passed ? 0 : 1;
    }
}
