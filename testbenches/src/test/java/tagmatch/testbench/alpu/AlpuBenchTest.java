package tagmatch.testbench.alpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.AlpuBehaviour;
import tagmatch.alpu.model.AlpuModel;
import tagmatch.alpu.model.AlpuViolation;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.CycleAlpu;
import tagmatch.alpu.model.CycleTiming;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;

/** Random and directed traffic over the Java cycle model: the scoreboard passes it and catches mutants. */
class AlpuBenchTest {

    private static final List<AlpuConfig> CONFIGS = List.of(
            AlpuConfig.of(2, 2, 1, 1, Variant.PRQ),
            AlpuConfig.of(2, 2, 1, 1, Variant.UMQ),
            AlpuConfig.of(4, 2, 8, 4, Variant.UMQ).withFifoDepths(2, 2, 2),
            AlpuConfig.of(8, 4, 64, 8, Variant.PRQ).withFifoDepths(8, 2, 4),
            AlpuConfig.of(16, 8, 42, 16, Variant.UMQ),
            AlpuConfig.of(32, 8, 128, 32, Variant.PRQ),
            AlpuConfig.seed(128, 16, Variant.UMQ),
            AlpuConfig.seed(256, 8, Variant.PRQ));

    private static final List<CycleTiming> TIMINGS = List.of(CycleTiming.SEED, CycleTiming.FAST,
            new CycleTiming(3, 1, 1, 0.9), new CycleTiming(2, 3, 3, 0.1));

    @Test
    void modelPassesRandomTrafficWithEveryRuleExercisedAcrossConfigurations() {
        int i = 0;
        long rstPulses = 0;
        long overInserts = 0;
        long inInsertMode = 0;
        long afterHold = 0;
        for (AlpuConfig c : CONFIGS) {
            for (CycleTiming t : TIMINGS) {
                long seed = 100 + i++;
                AlpuBench b = new AlpuBench(new ModelPins(c, t, seed), TrafficMix.FULL, seed);
                for (int round = 0; round < 3; round++) b.random(2_000).drain();
                BenchResult r = b.result();
                String what = c + " " + t + ": " + r.summary();
                assertTrue(r.successes() > 0 && r.failures() > 0 && r.acks() > 0, what);
                assertTrue(r.badCommands() > 0 && r.resets() > 0, what);
                assertTrue(r.idleChecks() >= 3, what);
                assertTrue(r.maxHypotheses() <= 64, what);
                assertEquals(r.responses(), b.scoreboard().responsesChecked());
                rstPulses += r.rstPulses();
                overInserts += r.overInserts();
                inInsertMode += r.answeredInInsertMode();
                afterHold += r.answeredAfterHold();
            }
        }
        assertTrue(rstPulses > 10, "rst pulses: " + rstPulses);
        assertTrue(overInserts > 10, "INSERTs into a full unit: " + overInserts);
        assertTrue(inInsertMode > 100, "answers in insert mode: " + inInsertMode);
        assertTrue(afterHold > 10, "answers after an R4 hold: " + afterHold);
    }

    @Test
    void soakRunsUntilTheRequestedTransfersAndReportsProgress() {
        AlpuBench b = new AlpuBench(new ModelPins(AlpuConfig.of(8, 4, 12, 8, Variant.UMQ), CycleTiming.SEED, 4),
                TrafficMix.FULL, 4);
        java.util.List<Long> seen = new java.util.ArrayList<>();
        BenchResult r = b.soak(3_000, 1_000, seen::add);
        assertTrue(r.requests() + r.commands() >= 3_000, r.summary());
        assertTrue(seen.size() >= 2, seen.toString());
        assertEquals(r.requests() + r.commands(), (long) seen.get(seen.size() - 1));
        assertEquals("transfers must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> b.soak(0, 10, x -> { })).getMessage());
    }

    @Test
    void politeSoftwareWithDeepBackpressureStaysExact() {
        AlpuConfig c = AlpuConfig.of(16, 4, 16, 8, Variant.PRQ);
        TrafficMix heavy = new TrafficMix(0.6, 0.1, 1.0, 0.0, 0.0, false, 0.0, 0.5, 0.4, 40, 0.8, 0.3);
        AlpuBench b = new AlpuBench(new ModelPins(c, CycleTiming.SEED, 9), heavy, 9);
        BenchResult r = b.random(20_000).drain().result();
        assertTrue(r.successes() > 200, r.summary());
        assertTrue(r.failures() > 50, r.summary());
    }

    @Test
    void directedTrafficCoversHeldRequestsAndReset() {
        AlpuConfig c = AlpuConfig.of(4, 2, 8, 8, Variant.PRQ);
        TrafficMix quiet = new TrafficMix(0, 0, 1, 0, 0, false, 0, 0.8, 0.2, 5, 0, 0);
        AlpuBench b = new AlpuBench(new ModelPins(c, CycleTiming.SEED, 1), quiet, 1);
        b.command(Command.START_INSERT).command(Command.insert(1, 0, 10)).command(Command.insert(2, 0, 20)).random(100);
        b.request(Request.of(2)).request(Request.of(3)).request(Request.of(1)).random(300);
        assertEquals(2, b.scoreboard().outstandingRequests(), "request for 3 is held by R4, request for 1 waits behind it");
        b.command(Command.insert(3, 0, 30)).command(Command.STOP_INSERT).drain();
        b.command(Command.START_INSERT).command(Command.START_INSERT).command(Command.RESET).drain();
        b.pulseRst(2).random(5).drain();
        BenchResult r = b.result();
        assertEquals(3, r.successes(), r.summary());
        assertEquals(2, r.acks(), r.summary());
    }

    /** Wraps the datasheet's behaviour with one deliberate bug. */
    private static AlpuBench mutantBench(AlpuConfig c, AlpuBehaviour mutant, long seed) {
        CycleAlpu unit = new CycleAlpu(c, CycleTiming.SEED, mutant, seed);
        return new AlpuBench(new ModelPins(unit), TrafficMix.FULL, seed);
    }

    @Test
    void randomTrafficCatchesAMutantThatFailsInsideInsertMode() {
        AlpuConfig c = AlpuConfig.of(8, 2, 8, 8, Variant.UMQ);
        AlpuModel model = new AlpuModel(c);
        AlpuBehaviour mutant = new Forwarding(model) {
            @Override
            public Optional<Response> match(Request r) {
                return Optional.of(model.match(r).orElse(Response.FAILURE));
            }
        };
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> mutantBench(c, mutant, 5).random(50_000).drain());
        assertEquals("R4", v.rule(), v.getMessage());
    }

    @Test
    void randomTrafficCatchesAMutantWithAnOffByOneFreeCount() {
        AlpuConfig c = AlpuConfig.of(8, 2, 8, 8, Variant.PRQ);
        AlpuModel model = new AlpuModel(c);
        AlpuBehaviour mutant = new Forwarding(model) {
            @Override
            public Optional<Response> command(Command cmd) {
                return model.command(cmd).map(r -> model.occupancy() > 0 ? Response.startAck(r.free() + 1) : r);
            }
        };
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> mutantBench(c, mutant, 6).random(50_000).drain());
        assertEquals("R5", v.rule(), v.getMessage());
    }

    @Test
    void randomTrafficCatchesAMutantThatForgetsStickyError() {
        AlpuConfig c = AlpuConfig.of(8, 2, 8, 8, Variant.PRQ);
        AlpuModel model = new AlpuModel(c);
        // Not sticky: error shows only whether the latest command was discarded.
        AlpuBehaviour mutant = new Forwarding(model) {
            private boolean lastDiscarded;

            @Override
            public Optional<Response> command(Command cmd) {
                AlpuModel before = model.copy();
                Optional<Response> r = model.command(cmd);
                lastDiscarded = model.error() && model.entries().equals(before.entries())
                        && model.insertMode() == before.insertMode() && r.isEmpty() && cmd.op() != tagmatch.alpu.model.Op.RESET;
                return r;
            }

            @Override
            public boolean error() {
                return model.error() && lastDiscarded;
            }
        };
        AlpuBench b = mutantBench(c, mutant, 7);
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> {
            for (int round = 0; round < 200; round++) b.random(500).drain();
        });
        assertEquals("R7", v.rule(), v.getMessage());
    }

    /** Forwards to a model; anonymous subclasses override one method. */
    private static class Forwarding implements AlpuBehaviour {
        final AlpuModel model;

        Forwarding(AlpuModel model) {
            this.model = model;
        }

        @Override
        public Optional<Response> command(Command c) {
            return model.command(c);
        }

        @Override
        public Optional<Response> match(Request r) {
            return model.match(r);
        }

        @Override
        public void reset() {
            model.reset();
        }

        @Override
        public int occupancy() {
            return model.occupancy();
        }

        @Override
        public boolean insertMode() {
            return model.insertMode();
        }

        @Override
        public boolean error() {
            return model.error();
        }
    }
}
