package tagmatch.testbench.alpu;

import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated RTL, on the default backend (compiled: faster all-in than cold Verilator builds
 * of these many configurations; it agrees with Verilator cycle by cycle in hdl-sim's differential
 * tests), passes random traffic with random backpressure through the scoreboard (rules R1-R9) for many configurations: sizes 2..256, blocks 2..32, a
 * block count that is not a power of two, match widths 1..128, both variants, every pipelining
 * option and several FIFO depths. The traffic includes bad commands, INSERTs into a full unit,
 * RESET, rst pulses and requests held in insert mode; the totals prove each was exercised.
 */
class RtlAlpuBenchTest {

    private static final List<AlpuConfig> CONFIGS = List.of(
            AlpuConfig.of(2, 2, 1, 1, Variant.PRQ),
            AlpuConfig.of(2, 2, 1, 1, Variant.UMQ),
            AlpuConfig.of(4, 2, 8, 4, Variant.UMQ).withFifoDepths(2, 2, 2),
            AlpuConfig.of(8, 4, 64, 8, Variant.PRQ).withFifoDepths(8, 2, 4).withPipelining(Pipelining.SEED),
            AlpuConfig.of(12, 4, 42, 16, Variant.PRQ),
            AlpuConfig.of(16, 8, 42, 16, Variant.UMQ).withPipelining(Pipelining.NONE),
            AlpuConfig.of(24, 2, 64, 32, Variant.UMQ).withPipelining(new Pipelining(true, false, true, true, true)),
            AlpuConfig.of(32, 32, 5, 3, Variant.PRQ).withPipelining(new Pipelining(false, true, true, false, false)),
            AlpuConfig.of(40, 8, 128, 7, Variant.PRQ).withPipelining(new Pipelining(true, true, false, true, true)),
            AlpuConfig.of(64, 16, 42, 16, Variant.UMQ).withFifoDepths(4, 8, 2),
            AlpuConfig.seed(256, 8, Variant.PRQ));

    @Test
    void rtlPassesRandomTrafficWithEveryRuleExercisedAcrossConfigurations() {
        int i = 0;
        long rstPulses = 0;
        long overInserts = 0;
        long inInsertMode = 0;
        long afterHold = 0;
        for (AlpuConfig c : CONFIGS) {
            long seed = 500 + i++;
            try (SimulatorPins pins = RtlPins.open(c)) {
                AlpuBench b = new AlpuBench(pins, TrafficMix.FULL, seed);
                int rounds = c.cells() > 64 ? 2 : 3;
                for (int round = 0; round < rounds; round++) b.random(3_000).drain();
                BenchResult r = b.result();
                String what = c + ": " + r.summary();
                assertTrue(r.successes() > 0 && r.failures() > 0 && r.acks() > 0, what);
                assertTrue(r.badCommands() > 0 && r.resets() > 0, what);
                assertTrue(r.idleChecks() >= 2, what);
                assertEquals(r.responses(), b.scoreboard().responsesChecked());
                rstPulses += r.rstPulses();
                overInserts += r.overInserts();
                inInsertMode += r.answeredInInsertMode();
                afterHold += r.answeredAfterHold();
            }
        }
        assertTrue(rstPulses > 5, "rst pulses: " + rstPulses);
        assertTrue(overInserts >= 3, "INSERTs into a full unit: " + overInserts);
        assertTrue(inInsertMode > 50, "answers in insert mode: " + inInsertMode);
        assertTrue(afterHold > 5, "answers after an R4 hold: " + afterHold);
    }
}
