package tagmatch.testbench.alpu;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import tagmatch.alpu.AlpuConfig;
import tagmatch.process.ProgressMeter;

/**
 * One soak of the generated ALPU RTL (Verilator, or another simulator backend) under random
 * traffic with random backpressure, every response and idle status checked by the datasheet
 * scoreboard: what {@code tagmatch cosim alpu} and the {@code cosim} step of {@code tagmatch sweep}
 * both run.
 *
 * @param unit the unit simulated
 * @param violation what the scoreboard caught; null when the soak passed and {@code result} holds the bench's figures
 * @param openSeconds from configuration to a simulator ready to run (elaboration, build or compile, reset)
 * @param runSeconds the soak itself
 */
public record AlpuSoak(String unit, long seed, BenchResult result, String violation, double openSeconds, double runSeconds) {
    public boolean passed() {
        return violation == null;
    }

    /** The verdict line of {@code tagmatch cosim alpu}. */
    public String verdict() {
        return passed()
                ? "PASS: " + unit + " seed " + seed + ": " + result.summary() + "; every response and idle status as the datasheet requires"
                : "FAIL: " + unit + " seed " + seed + ": " + violation;
    }

    /**
     * Soaks the Verilator model of {@code cfg} for {@code ops} transfers of seed {@code seed};
     * {@code progress} hears the transfers done every few thousand; {@code vcd} (may be null)
     * receives the waveform of the whole run.
     */
    public static AlpuSoak run(AlpuConfig cfg, long ops, long seed, Path vcd, LongConsumer progress) {
        return run(cfg, ops, seed, vcd, progress, "verilator");
    }

    /**
     * One soak on each of {@code backends}, one after the other, each with its own progress meter
     * and handed to {@code done} as soon as it ends; true when every one passed.
     */
    public static boolean runEach(AlpuConfig cfg, long ops, long seed, Path vcd, List<String> backends, ProgressMeter.Factory progress,
                                  Consumer<AlpuSoak> done) {
        boolean passed = true;
        for (String backend : backends) {
            AlpuSoak s;
            try (ProgressMeter p = progress.start("cosim alpu (" + backend + ")", ops, "transfers")) {
                s = run(cfg, ops, seed, vcd, n -> p.stepTo(Math.min(n, ops)), backend);
            }
            done.accept(s);
            passed &= s.passed();
        }
        return passed;
    }

    /** As {@link #run(AlpuConfig, long, long, Path, LongConsumer)} on the simulator backend named {@code backend}. */
    public static AlpuSoak run(AlpuConfig cfg, long ops, long seed, Path vcd, LongConsumer progress, String backend) {
        long t0 = System.nanoTime();
        try (SimulatorPins pins = RtlPins.open(cfg, vcd, backend)) {
            double open = (System.nanoTime() - t0) / 1e9;
            String unit = pins.describe();
            AlpuBench bench = new AlpuBench(pins, TrafficMix.FULL, seed);
            long t1 = System.nanoTime();
            try {
                BenchResult r = bench.soak(ops, 5_000, progress);
                return new AlpuSoak(unit, seed, r, null, open, (System.nanoTime() - t1) / 1e9);
            } catch (AssertionError v) { // an AlpuViolation, or the bench finding the unit never idle
                return new AlpuSoak(unit, seed, null, v.getMessage(), open, (System.nanoTime() - t1) / 1e9);
            }
        }
    }

    /** Simulated cycles per second of wall time during the soak (0 when it failed). */
    public double cyclesPerSecond() {
        return passed() && runSeconds > 0 ? result.cycles() / runSeconds : 0;
    }

    /** The line {@code tagmatch cosim alpu} prints after the verdict: time to open, and cycles per second. */
    public String speed() {
        return String.format(java.util.Locale.ROOT, "speed: %s ready in %.2f s, %.0f cycles/s over %.1f s", unit, openSeconds,
                cyclesPerSecond(), runSeconds);
    }
}
