package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.testbench.alpu.AlpuBench;
import tagmatch.testbench.alpu.BenchResult;
import tagmatch.testbench.alpu.RtlPins;
import tagmatch.testbench.alpu.SimulatorPins;
import tagmatch.testbench.alpu.TrafficMix;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;

/**
 * {@code tagmatch cosim alpu}: a soak of the generated ALPU RTL (Verilator) under random traffic
 * with random backpressure, every response and idle status checked by the datasheet scoreboard.
 */
@Command(name = "alpu",
        mixinStandardHelpOptions = true,
        description = {"Soak the generated ALPU RTL (Verilator) with random traffic and backpressure through the "
                + "datasheet scoreboard (rules R1-R9).",
                "Example: tagmatch cosim alpu --cells 256 --block 8 --variant prq --ops 200000 --seed 7"})
public final class CosimAlpu implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RtlCommand.ConfigOptions options = new RtlCommand.ConfigOptions();

    @Option(names = "--ops", paramLabel = "N", description = "requests and commands to transfer (default ${DEFAULT-VALUE})")
    long ops = 100_000;

    @Option(names = "--seed", paramLabel = "S", description = "traffic seed (default ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--vcd", paramLabel = "FILE", description = "write a VCD waveform of the whole run")
    Path vcd;

    @Override
    public Integer call() {
        Check.atLeast("--ops", ops, 1);
        AlpuConfig cfg = options.config();
        if (vcd != null) Check.writableFile("--vcd", vcd);
        PrintWriter w = spec.commandLine().getOut();
        Soak s;
        try (Progress pb = Progress.start("cosim alpu", ops, "transfers")) {
            s = soak(cfg, ops, seed, vcd, done -> pb.stepTo(Math.min(done, ops)));
        }
        w.println(s.verdict());
        w.flush();
        return s.passed() ? 0 : 1;
    }

    /**
     * One soak's outcome: the unit simulated, and either the bench's figures ({@code violation}
     * null) or what the scoreboard caught.
     */
    public record Soak(String unit, long seed, BenchResult result, String violation) {
        public boolean passed() {
            return violation == null;
        }

        /** The command's verdict line. */
        public String verdict() {
            return passed()
                    ? "PASS: " + unit + " seed " + seed + ": " + result.summary() + "; every response and idle status as the datasheet requires"
                    : "FAIL: " + unit + " seed " + seed + ": " + violation;
        }
    }

    /**
     * Soaks the Verilator model of {@code cfg} for {@code ops} transfers of seed {@code seed};
     * {@code progress} hears the transfers done every few thousand. What {@code tagmatch cosim alpu}
     * and the {@code cosim} step of {@code tagmatch sweep} both run.
     */
    public static Soak soak(AlpuConfig cfg, long ops, long seed, Path vcd, LongConsumer progress) {
        try (SimulatorPins pins = RtlPins.open(cfg, vcd)) {
            String unit = pins.describe();
            AlpuBench bench = new AlpuBench(pins, TrafficMix.FULL, seed);
            try {
                return new Soak(unit, seed, bench.soak(ops, 5_000, progress), null);
            } catch (AssertionError v) { // an AlpuViolation, or the bench finding the unit never idle
                return new Soak(unit, seed, null, v.getMessage());
            }
        }
    }
}
