package tagmatch.alpu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * The scoreboard accepts the datasheet's behaviour under random interleaving and backpressure,
 * and catches each deliberately broken unit (mutant) with the rule it breaks. Every scenario is
 * first run against the correct unit, so a violation can only come from the mutation.
 */
class AlpuScoreboardTest {
    private static final AlpuConfig PRQ = AlpuConfig.of(8, 2, 8, 8, Variant.PRQ);
    private static final CycleTiming TIMING = new CycleTiming(3, 2, 2, 0.5);

    /** Inserts 1:0x10, 2:0x11, 3:0x10, 4:0x2? (mask 0x0f), then matches. */
    private static void fillAndMatch(MiniBench b) {
        b.command(Command.START_INSERT).insert(0x10, 0, 1).insert(0x11, 0, 2).insert(0x10, 0, 3)
                .insert(0x20, 0x0f, 4).command(Command.STOP_INSERT).run();
        b.request(0x10).request(0x11).request(0x25).request(0x10).request(0x10).run();
    }

    private static AlpuViolation violation(Function<Long, CycleAlpu> dut, Consumer<MiniBench> scenario, double ready) {
        for (long seed = 1; seed <= 3; seed++) {
            MiniBench good = new MiniBench(new CycleAlpu(PRQ, TIMING, seed), seed, ready);
            scenario.accept(good);
            assertTrue(good.scoreboard().responsesChecked() + good.scoreboard().idleChecks() > 0);
        }
        return assertThrows(AlpuViolation.class, () -> scenario.accept(new MiniBench(dut.apply(7L), 7, ready)));
    }

    private static CycleAlpu with(AlpuBehaviour b, long seed) {
        return new CycleAlpu(PRQ, TIMING, b, seed);
    }

    @Test
    void correctUnitPassesUnderRandomInterleavingAndBackpressure() {
        for (long seed = 1; seed <= 20; seed++) {
            MiniBench b = new MiniBench(new CycleAlpu(PRQ, new CycleTiming(1 + (int) (seed % 4), 1 + (int) (seed % 2), 1 + (int) (seed % 3), (seed % 5) / 4.0), seed), seed, 0.4 + (seed % 3) * 0.3);
            // Commands and requests race: inserts, matches during insert mode, held requests, RESET.
            b.command(Command.START_INSERT).insert(0x10, 0, 1).insert(0x11, 0, 2).insert(0x10, 0, 3)
                    .insert(0x20, 0x0f, 4).command(Command.STOP_INSERT)
                    .request(0x10).request(0x11).request(0x25).request(0x10).request(0x10).request(0x77);
            b.command(Command.STOP_INSERT).command(Command.START_INSERT).insert(0x77, 0, 9)
                    .command(Command.START_INSERT).command(Command.STOP_INSERT).run();
            b.command(Command.RESET).run();
            assertEquals(6, b.scoreboard().responsesChecked() - 2);
            assertTrue(b.scoreboard().idleChecks() > 0);
        }
    }

    @Test
    void youngestWinsBreaksR3() {
        AlpuViolation v = violation(seed -> with(new YoungestWins(PRQ), seed), AlpuScoreboardTest::fillAndMatch, 1.0);
        assertEquals("R3", v.rule());
        assertTrue(v.getMessage().contains("MATCH_SUCCESS(tag=3)"), v.getMessage());
        assertTrue(v.getMessage().contains("MATCH_SUCCESS(tag=1)"), v.getMessage());
    }

    @Test
    void droppedMatchResponseIsCaught() {
        Function<Long, CycleAlpu> dut = seed -> new CycleAlpu(PRQ, TIMING, seed) {
            private int matches;

            @Override
            protected boolean emit(Response r) {
                return r.kind() == Kind.START_ACK || ++matches != 2;
            }
        };
        AlpuViolation v = violation(dut, AlpuScoreboardTest::fillAndMatch, 0.7);
        assertEquals("R3", v.rule(), v.getMessage());
    }

    @Test
    void droppedStartAckBreaksR9() {
        Function<Long, CycleAlpu> dut = seed -> new CycleAlpu(PRQ, TIMING, seed) {
            @Override
            protected boolean emit(Response r) {
                return r.kind() != Kind.START_ACK;
            }
        };
        AlpuViolation v = violation(dut, AlpuScoreboardTest::fillAndMatch, 0.7);
        assertEquals("R9", v.rule(), v.getMessage());
    }

    @Test
    void failureInsideInsertModeBreaksR4() {
        Consumer<MiniBench> scenario = b -> {
            b.command(Command.START_INSERT).insert(0x10, 0, 1).run();
            b.request(0x77).runCycles(200);
            b.command(Command.STOP_INSERT).run();
        };
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public Optional<Response> match(Request r) {
                Optional<Response> a = model.match(r);
                return a.isPresent() ? a : Optional.of(Response.FAILURE);
            }
        }, seed);
        AlpuViolation v = violation(dut, scenario, 0.8);
        assertEquals("R4", v.rule(), v.getMessage());
    }

    @Test
    void heldRequestIsAnsweredByALaterInsert() {
        MiniBench b = new MiniBench(new CycleAlpu(PRQ, TIMING, 3), 3, 0.8);
        b.command(Command.START_INSERT).insert(0x10, 0, 1).run();
        b.request(0x77).runCycles(200);
        assertEquals(1, b.scoreboard().outstandingRequests(), "held by R4");
        b.insert(0x77, 0, 5).command(Command.STOP_INSERT).run();
        assertEquals(0, b.scoreboard().outstandingRequests());
    }

    @Test
    void wrongFreeCountBreaksR5() {
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public Optional<Response> command(Command c) {
                return model.command(c).map(r -> Response.startAck(r.free() - 1));
            }
        }, seed);
        assertEquals("R5", violation(dut, AlpuScoreboardTest::fillAndMatch, 1.0).rule());
    }

    @Test
    void kindThreeBreaksR2() {
        Function<Long, CycleAlpu> dut = seed -> new CycleAlpu(PRQ, TIMING, seed) {
            @Override
            protected PortOutputs present(PortOutputs o, long cycle) {
                if (!o.rspValid() || o.rspKind() != Kind.MATCH_FAILURE.code) return o;
                return new PortOutputs(o.reqReady(), o.cmdReady(), true, 3, o.rspTag(), o.rspFree(), o.occupancy(),
                        o.insertMode(), o.error());
            }
        };
        AlpuViolation v = violation(dut, AlpuScoreboardTest::fillAndMatch, 1.0);
        assertEquals("R2", v.rule());
        assertTrue(v.getMessage().contains("rsp_kind is 3"), v.getMessage());
    }

    @Test
    void responseChangingWhileNotTakenBreaksPortRules() {
        Function<Long, CycleAlpu> dut = seed -> new CycleAlpu(PRQ, TIMING, seed) {
            @Override
            protected PortOutputs present(PortOutputs o, long cycle) {
                if (!o.rspValid() || cycle % 2 == 0) return o;
                return new PortOutputs(o.reqReady(), o.cmdReady(), true, o.rspKind(), o.rspTag(), o.rspFree() ^ 1,
                        o.occupancy(), o.insertMode(), o.error());
            }
        };
        AlpuViolation v = violation(dut, AlpuScoreboardTest::fillAndMatch, 0.3);
        assertEquals("PORTS", v.rule());
    }

    @Test
    void errorNeverSetBreaksR7() {
        Consumer<MiniBench> scenario = b -> b.insert(1, 0, 1).command(Command.STOP_INSERT).run();
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public boolean error() {
                return false;
            }
        }, seed);
        assertEquals("R7", violation(dut, scenario, 0.9).rule());
    }

    @Test
    void resetThatKeepsErrorBreaksR7() {
        Consumer<MiniBench> scenario = b -> b.command(Command.START_INSERT).command(Command.START_INSERT)
                .command(Command.RESET).run();
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            private boolean sticky;

            @Override
            public Optional<Response> command(Command c) {
                Optional<Response> r = model.command(c);
                sticky |= model.error();
                return r;
            }

            @Override
            public boolean error() {
                return sticky;
            }
        }, seed);
        assertEquals("R7", violation(dut, scenario, 1.0).rule());
    }

    @Test
    void insertIntoFullUnitMustBeDropped() {
        Consumer<MiniBench> scenario = b -> {
            b.command(Command.START_INSERT);
            for (int i = 0; i < 9; i++) b.insert(i, 0, i);
            b.command(Command.STOP_INSERT).run();
            b.request(8).run();
        };
        // The mutant keeps a ninth entry in a "spare" cell.
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            private Command spare;

            @Override
            public Optional<Response> command(Command c) {
                if (c.op() == Op.INSERT && model.insertMode() && model.occupancy() == PRQ.cells()) spare = c;
                return model.command(c);
            }

            @Override
            public Optional<Response> match(Request r) {
                Optional<Response> a = model.match(r);
                if (a.equals(Optional.of(Response.FAILURE)) && spare != null && spare.match().equals(r.match())) {
                    return Optional.of(Response.success(spare.tag()));
                }
                return a;
            }
        }, seed);
        AlpuViolation v = violation(dut, scenario, 1.0);
        assertEquals("R3", v.rule(), v.getMessage());
    }

    @Test
    void ignoredInsertsAreCaught() {
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public Optional<Response> command(Command c) {
                return c.op() == Op.INSERT ? Optional.empty() : model.command(c);
            }
        }, seed);
        // The idle status after the insert session already gives it away (occupancy 0, not 4).
        AlpuViolation v = violation(dut, AlpuScoreboardTest::fillAndMatch, 1.0);
        assertEquals("STATUS", v.rule());
        assertTrue(v.getMessage().contains("occupancy=0, the datasheet requires error=0 insert_mode=0 occupancy=4"),
                v.getMessage());
    }

    @Test
    void secondAckForStartInsideInsertModeBreaksR2() {
        Consumer<MiniBench> scenario = b -> b.command(Command.START_INSERT).command(Command.START_INSERT)
                .command(Command.STOP_INSERT).run();
        Function<Long, CycleAlpu> dut = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public Optional<Response> command(Command c) {
                boolean again = c.op() == Op.START_INSERT && model.insertMode();
                Optional<Response> r = model.command(c);
                return again ? Optional.of(Response.startAck(model.free())) : r;
            }
        }, seed);
        assertEquals("R2", violation(dut, scenario, 1.0).rule());
    }

    @Test
    void statusOutputsMustSettleToExactValuesWhenIdle() {
        Consumer<MiniBench> scenario = b -> b.command(Command.START_INSERT).insert(3, 0, 3).run();
        Function<Long, CycleAlpu> stuckMode = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public boolean insertMode() {
                return false;
            }
        }, seed);
        assertEquals("STATUS", violation(stuckMode, scenario, 1.0).rule());
        Function<Long, CycleAlpu> wrongCount = seed -> with(new DelegatingBehaviour(PRQ) {
            @Override
            public int occupancy() {
                return model.occupancy() + 1;
            }
        }, seed);
        assertEquals("STATUS", violation(wrongCount, scenario, 1.0).rule());
    }

    @Test
    void slowerThanTheDocumentedBoundBreaksR9() {
        CycleAlpu slow = new CycleAlpu(PRQ, new CycleTiming(60, 2, 2, 0.5), 1);
        MiniBench b = new MiniBench(slow, new AlpuScoreboard(PRQ, 40), 1, 1.0);
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> b.request(1).run());
        assertEquals("R9", v.rule());
        assertTrue(v.getMessage().contains("not answered within 40 cycles"), v.getMessage());
    }

    // ---- hand-written port traces for what a Java unit cannot easily get wrong ----------

    private static PortSample sample(long cycle, boolean reqFire, long reqMatch, boolean rspValid, boolean rspReady,
                                     int kind, long tag) {
        return new PortSample(cycle, false, reqFire, reqFire, BigInteger.valueOf(reqMatch), BigInteger.ZERO,
                false, true, 0, BigInteger.ZERO, BigInteger.ZERO, 0, rspValid, rspReady, kind, tag, 0, 0, false, false);
    }

    @Test
    void answerBeforeItsRequestBreaksR2() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 50);
        sb.observe(sample(0, false, 0, false, true, 0, 0));
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> sb.observe(sample(1, true, 5, true, true, 1, 0)));
        assertEquals("R2", v.rule());
        assertTrue(v.getMessage().contains("no match request was outstanding"), v.getMessage());
    }

    @Test
    void validDroppedBeforeTakenBreaksPortRules() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 50);
        sb.observe(sample(0, true, 5, false, true, 0, 0));
        sb.observe(sample(1, false, 0, true, false, 1, 0));
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> sb.observe(sample(2, false, 0, false, true, 0, 0)));
        assertEquals("PORTS", v.rule());
        assertTrue(v.history().contains("accepted req(match=0x5)"), v.history());
    }

    @Test
    void responseRightAfterRstBreaksResetRule() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 50);
        sb.observe(new PortSample(0, true, false, false, BigInteger.ZERO, BigInteger.ZERO, false, false, 0,
                BigInteger.ZERO, BigInteger.ZERO, 0, false, true, 0, 0, 0, 0, false, false));
        AlpuViolation v = assertThrows(AlpuViolation.class, () -> sb.observe(sample(1, false, 0, true, true, 1, 0)));
        assertEquals("RST", v.rule());
    }
}
