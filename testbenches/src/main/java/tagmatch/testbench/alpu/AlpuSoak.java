package tagmatch.testbench.alpu;

import java.nio.file.Path;
import java.util.function.LongConsumer;
import tagmatch.alpu.AlpuConfig;

/**
 * One soak of the generated ALPU RTL (Verilator) under random traffic with random backpressure,
 * every response and idle status checked by the datasheet scoreboard: what
 * {@code tagmatch cosim alpu} and the {@code cosim} step of {@code tagmatch sweep} both run.
 *
 * @param unit the unit simulated
 * @param violation what the scoreboard caught; null when the soak passed and {@code result} holds the bench's figures
 */
public record AlpuSoak(String unit, long seed, BenchResult result, String violation) {
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
        try (SimulatorPins pins = RtlPins.open(cfg, vcd)) {
            String unit = pins.describe();
            AlpuBench bench = new AlpuBench(pins, TrafficMix.FULL, seed);
            try {
                return new AlpuSoak(unit, seed, bench.soak(ops, 5_000, progress), null);
            } catch (AssertionError v) { // an AlpuViolation, or the bench finding the unit never idle
                return new AlpuSoak(unit, seed, null, v.getMessage());
            }
        }
    }
}
