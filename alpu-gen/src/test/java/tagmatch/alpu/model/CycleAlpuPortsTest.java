package tagmatch.alpu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * The cycle-accurate unit at its pins, driven by hand: FIFO capacities, step latencies, the R9
 * bound it documents, what rst clears, how the engine alternates between the two streams, and
 * which input bits it keeps. The scoreboard tests use this unit as the correct reference, so its
 * own timing and port behaviour are pinned here exactly.
 */
class CycleAlpuPortsTest {
    private static final AlpuConfig PRQ = AlpuConfig.of(8, 2, 8, 8, Variant.PRQ);

    private static PortInputs in(boolean rst, Request req, Command cmd, boolean rspReady) {
        return PortInputs.offering(rst, req, cmd, rspReady);
    }

    /** Offers a request every cycle with rsp_ready low; returns how many the unit accepted. */
    private static int acceptedRequestsWithoutReady(CycleAlpu u, int cycles) {
        int accepted = 0;
        for (int i = 0; i < cycles; i++) {
            if (u.outputs().reqReady()) accepted++;
            u.tick(in(false, Request.of(0x40 + i), null, false));
        }
        return accepted;
    }

    private static int acceptedCommandsWithoutReady(CycleAlpu u, int cycles) {
        int accepted = 0;
        for (int i = 0; i < cycles; i++) {
            if (u.outputs().cmdReady()) accepted++;
            u.tick(in(false, null, Command.insert(i, 0, i), false));
        }
        return accepted;
    }

    /** Offers one request or command until taken, then runs idle cycles, collecting every response. */
    private static final class Driver {
        final CycleAlpu unit;
        final List<Response> responses = new ArrayList<>();

        Driver(CycleAlpu unit) {
            this.unit = unit;
        }

        Driver offer(Request r, Command c) {
            for (int i = 0; i < 100; i++) {
                PortOutputs o = unit.outputs();
                boolean taken = r != null ? o.reqReady() : o.cmdReady();
                step(in(false, r, c, true));
                if (taken) return this;
            }
            throw new AssertionError("not accepted within 100 cycles: " + (r != null ? r : c));
        }

        Driver drain() {
            for (int i = 0; i < 100; i++) step(PortInputs.IDLE);
            return this;
        }

        private void step(PortInputs i) {
            PortOutputs o = unit.outputs();
            if (o.rspValid() && i.rspReady()) responses.add(new Response(Kind.ofCode(o.rspKind()), o.rspTag(), o.rspFree()));
            unit.tick(i);
        }
    }

    @Test
    void cycleCountsEveryTickIncludingReset() {
        CycleAlpu u = new CycleAlpu(PRQ, CycleTiming.FAST, 1);
        assertEquals(0, u.cycle());
        for (int i = 0; i < 4; i++) u.tick(PortInputs.IDLE);
        u.tick(in(true, null, null, true));
        assertEquals(5, u.cycle());
    }

    @Test
    void r9BoundIsTheDocumentedFormula() {
        // step = max(4, 6) + 2 = 8; depth = max(cmd 8, req 2) + 2 = 10; 10 * (3 + 1) * 8 + rsp 4 + 2
        CycleAlpu u = new CycleAlpu(PRQ.withFifoDepths(2, 8, 4), new CycleTiming(4, 6, 3, 0.5), 1);
        assertEquals(326, u.r9Bound());
    }

    @Test
    void fifosHoldExactlyTheirConfiguredDepthsWhenResponsesAreNotTaken() {
        CycleAlpu u = new CycleAlpu(PRQ.withFifoDepths(2, 4, 2), CycleTiming.FAST, 1);
        // Two answers fill the response FIFO, a third request waits in the engine, two more fill
        // the request FIFO.
        assertEquals(2 + 1 + 2, acceptedRequestsWithoutReady(u, 30));
        // The engine is stuck behind the full response FIFO: commands only fill their FIFO.
        assertEquals(4, acceptedCommandsWithoutReady(u, 30));
        PortOutputs o = u.outputs();
        assertFalse(o.reqReady());
        assertFalse(o.cmdReady());
        assertTrue(o.rspValid());
        assertEquals(Kind.MATCH_FAILURE.code, o.rspKind());
    }

    @Test
    void aStepTakesExactlyItsConfiguredCycles() {
        for (int cycles = 1; cycles <= 5; cycles += 2) {
            CycleAlpu u = new CycleAlpu(PRQ, new CycleTiming(cycles, cycles + 1, 2, 0.5), 1);
            u.tick(in(false, Request.of(1), null, true));
            int waited = 0;
            while (!u.outputs().rspValid()) {
                u.tick(PortInputs.IDLE);
                waited++;
            }
            assertEquals(cycles, waited, "match latency");
            u.tick(in(false, null, Command.START_INSERT, true));
            waited = 0;
            while (!u.outputs().rspValid()) {
                u.tick(PortInputs.IDLE);
                waited++;
            }
            assertEquals(cycles + 1, waited, "command latency");
            assertEquals(Kind.START_ACK.code, u.outputs().rspKind());
        }
    }

    @Test
    void rstEmptiesAllThreeFifosAndTheEngine() {
        CycleAlpu u = new CycleAlpu(PRQ.withFifoDepths(2, 2, 2), CycleTiming.FAST, 1);
        acceptedRequestsWithoutReady(u, 20);
        acceptedCommandsWithoutReady(u, 20);
        u.tick(in(true, null, null, false));
        PortOutputs o = u.outputs();
        assertFalse(o.rspValid(), "response FIFO emptied");
        assertTrue(o.reqReady(), "request FIFO emptied");
        assertTrue(o.cmdReady(), "command FIFO emptied");
        assertEquals(0, o.occupancy());
        Driver d = new Driver(u).drain();
        assertEquals(List.of(), d.responses, "nothing queued before rst is processed after it");
    }

    /** Which stream the engine served, in order: R for a match, C for a command. */
    private static String schedule(double commandBias) {
        StringBuilder order = new StringBuilder();
        AlpuBehaviour recording = new DelegatingBehaviour(PRQ) {
            @Override
            public Optional<Response> command(Command c) {
                order.append('C');
                return model.command(c);
            }

            @Override
            public Optional<Response> match(Request r) {
                order.append('R');
                return model.match(r);
            }
        };
        CycleAlpu u = new CycleAlpu(PRQ, new CycleTiming(1, 1, 2, commandBias), recording, 1);
        // Both streams offered every cycle: both FIFOs always have work.
        for (int i = 0; i < 12; i++) u.tick(in(false, Request.of(i), Command.RESET, true));
        return order.substring(0, 9);
    }

    @Test
    void engineServesAtMostMaxRunStepsOfOneStreamWhileTheOtherWaits() {
        assertEquals("RRCRRCRRC", schedule(0.0), "bias 0 prefers requests until maxRun");
        assertEquals("CCRCCRCCR", schedule(1.0), "bias 1 prefers commands until maxRun");
    }

    @Test
    void umqRequestsKeepTheirMaskAndPrqRequestsDropIt() {
        for (Variant v : Variant.values()) {
            AlpuConfig c = AlpuConfig.of(8, 2, 8, 8, v);
            Driver d = new Driver(new CycleAlpu(c, CycleTiming.FAST, 1));
            d.offer(null, Command.START_INSERT).offer(null, Command.insert(0x10, 0, 3)).offer(null, Command.STOP_INSERT).drain();
            d.offer(Request.of(0x11, 0x01), null).drain();
            Response expected = v == Variant.UMQ ? Response.success(3) : Response.FAILURE;
            assertEquals(List.of(Response.startAck(8), expected), d.responses, v.name());
        }
    }

    @Test
    void commandTagsAndMatchBitsAreCutToTheConfiguredWidthsBeforeTheBehaviourSeesThem() {
        List<Command> seen = new ArrayList<>();
        AlpuBehaviour recording = new DelegatingBehaviour(PRQ) {
            @Override
            public Optional<Response> command(Command c) {
                seen.add(c);
                return model.command(c);
            }
        };
        Driver d = new Driver(new CycleAlpu(PRQ, CycleTiming.FAST, recording, 1));
        d.offer(null, Command.START_INSERT)
                .offer(null, new Command(Op.INSERT, BigInteger.valueOf(0x310), BigInteger.valueOf(0x301), 0x1A5))
                .offer(null, Command.STOP_INSERT).drain();
        d.offer(Request.of(0x10), null).drain();
        assertEquals(Command.insert(0x10, 0x01, 0xA5), seen.get(1), "MATCH_W = TAG_W = 8");
        assertEquals(List.of(Response.startAck(8), Response.success(0xA5)), d.responses);
    }
}
