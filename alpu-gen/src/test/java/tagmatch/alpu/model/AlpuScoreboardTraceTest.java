package tagmatch.alpu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * The scoreboard on hand-written port traces, where the exact cycle of each transfer is chosen:
 * the R9 deadlines fire in exactly the cycle the bound runs out, a response may only answer what
 * was accepted before it became valid, tags and masks are cut to the configured widths, and the
 * violation report (rule, cycle, message, history) says exactly what happened.
 */
class AlpuScoreboardTraceTest {
    private static final AlpuConfig PRQ = AlpuConfig.of(8, 2, 8, 8, Variant.PRQ);
    private static final CycleTiming TIMING = new CycleTiming(3, 2, 2, 0.5);

    /** One cycle of port traffic; by default nothing is offered and responses are taken. */
    private static final class At {
        private final long cycle;
        private boolean rst;
        private Request request;
        private Command command;
        private Response response;
        private boolean rspReady = true;
        private int rspKind = -1;
        private int occupancy;

        At(long cycle) {
            this.cycle = cycle;
        }

        At rst() {
            rst = true;
            return this;
        }

        At request(long match) {
            request = Request.of(match);
            return this;
        }

        At command(Command c) {
            command = c;
            return this;
        }

        At response(Response r) {
            response = r;
            return this;
        }

        At kind(int code) {
            rspKind = code;
            return this;
        }

        At notReady() {
            rspReady = false;
            return this;
        }

        At occupancy(int n) {
            occupancy = n;
            return this;
        }

        PortSample sample() {
            Request r = request == null ? Request.of(0) : request;
            Command c = command == null ? Command.RESET : command;
            Response o = response == null ? Response.FAILURE : response;
            return new PortSample(cycle, rst, request != null, true, r.match(), r.mask(), command != null, true,
                    c.op().code, c.match(), c.mask(), c.tag(), response != null || rspKind >= 0, rspReady,
                    rspKind >= 0 ? rspKind : o.kind().code, o.tag(), o.free(), occupancy, false, false);
        }
    }

    private static At at(long cycle) {
        return new At(cycle);
    }

    /** Feeds the cycles in order and returns the violation the last one must raise. */
    private static AlpuViolation violation(AlpuScoreboard sb, At... cycles) {
        for (int i = 0; i < cycles.length - 1; i++) sb.observe(cycles[i].sample());
        return assertThrows(AlpuViolation.class, () -> sb.observe(cycles[cycles.length - 1].sample()));
    }

    /** Feeds idle ready cycles from {@code from} on until the scoreboard objects; returns that. */
    private static AlpuViolation idleUntilViolation(AlpuScoreboard sb, long from) {
        for (long c = from; c < from + 1000; c++) {
            try {
                sb.observe(at(c).sample());
            } catch (AlpuViolation v) {
                return v;
            }
        }
        throw new AssertionError("no violation within 1000 idle cycles");
    }

    private static String firstLine(AlpuViolation v) {
        return v.getMessage().lines().findFirst().orElseThrow();
    }

    @Test
    void theSmallestBoundIsOneCycle() {
        assertEquals(0, new AlpuScoreboard(PRQ, 1).outstandingRequests());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AlpuScoreboard(PRQ, 0));
        assertEquals("r9Bound must be >= 1, got 0", e.getMessage());
    }

    @Test
    void anUnansweredRequestBreaksR9InTheCycleTheBoundRunsOut() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 5);
        sb.observe(at(0).request(5).sample());
        AlpuViolation v = idleUntilViolation(sb, 1);
        assertEquals("R9", v.rule());
        assertEquals(5, v.cycle(), "ready cycles 0..5 are six, one more than the bound");
        assertEquals("R9 violated at cycle 5: request #0 req(match=0x5) accepted at cycle 0 cannot be held by R4"
                + " but was not answered within 5 cycles with rsp_ready high", firstLine(v));
    }

    @Test
    void anUnacknowledgedStartInsertBreaksR9InTheCycleTheBoundRunsOut() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 5);
        sb.observe(at(0).command(Command.START_INSERT).sample());
        AlpuViolation v = idleUntilViolation(sb, 1);
        assertEquals(5, v.cycle());
        assertEquals("R9 violated at cycle 5: command #0 START_INSERT accepted at cycle 0 was not answered within"
                + " 5 cycles with rsp_ready high (no START_ACK)", firstLine(v));
    }

    @Test
    void aResponseCannotAnswerARequestAcceptedInTheCycleItBecameValid() {
        AlpuViolation v = violation(new AlpuScoreboard(PRQ, 50),
                at(0),
                at(1).request(5).response(Response.FAILURE).notReady(),
                at(2).response(Response.FAILURE));
        assertEquals("R2", v.rule());
        assertEquals("R2 violated at cycle 2: MATCH_FAILURE but no match request was outstanding when it became"
                + " valid (cycle 1)", firstLine(v));
    }

    @Test
    void aStartAckCannotAnswerAStartInsertAcceptedInTheCycleItBecameValid() {
        AlpuViolation v = violation(new AlpuScoreboard(PRQ, 50),
                at(0),
                at(1).command(Command.START_INSERT).response(Response.startAck(8)).notReady(),
                at(2).response(Response.startAck(8)));
        assertEquals("R2", v.rule(), v.getMessage());
    }

    @Test
    void aStartAckForACommandAcceptedBeforeItBecameValidIsLegal() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 50);
        sb.observe(at(0).command(Command.START_INSERT).sample());
        sb.observe(at(1).response(Response.startAck(8)).notReady().sample());
        sb.observe(at(2).response(Response.startAck(8)).sample());
        assertEquals(1, sb.responsesChecked());
    }

    @Test
    void historyNamesEachResetOnceAndEveryAcceptanceAndResponse() {
        AlpuViolation v = violation(new AlpuScoreboard(PRQ, 50),
                at(0), at(1).rst(), at(2).rst(), at(3).request(5), at(4),
                at(5).response(Response.FAILURE), at(6).command(Command.START_INSERT), at(7),
                at(8).response(Response.startAck(8)), at(9).kind(3));
        assertEquals("R2", v.rule());
        assertEquals(9, v.cycle());
        assertEquals(String.join("\n",
                "  cycle 1: rst",
                "  cycle 3: accepted req(match=0x5)",
                "  cycle 5: response MATCH_FAILURE for req(match=0x5)",
                "  cycle 6: accepted START_INSERT",
                "  cycle 8: response START_ACK(free=8)"), v.history());
    }

    @Test
    void aDroppedValidIsReportedWithTheResponseThatWasOffered() {
        AlpuViolation v = violation(new AlpuScoreboard(PRQ, 50),
                at(0).request(5), at(1).response(Response.FAILURE).notReady(), at(2));
        assertEquals("PORTS violated at cycle 2: rsp_valid fell before the response MATCH_FAILURE(tag=0, free=0)"
                + " was taken", firstLine(v));
    }

    @Test
    void aChangedResponseIsReportedWithBothVersions() {
        AlpuViolation v = violation(new AlpuScoreboard(PRQ, 50),
                at(0).request(5), at(1).response(Response.FAILURE).notReady(), at(2).kind(3).notReady());
        assertEquals("PORTS violated at cycle 2: response changed while not taken: MATCH_FAILURE(tag=0, free=0)"
                + " became kind 3(tag=0, free=0)", firstLine(v));
    }

    @Test
    void aWrongAnswerListsEveryAnswerTheAcceptedSilentCommandsAllow() {
        // The INSERT and STOP_INSERT were accepted before the answer became valid, so the unit may
        // have processed none, one or both of them: held, or tag 1.
        AlpuViolation v = violation(new AlpuScoreboard(PRQ, 50),
                at(0).command(Command.START_INSERT), at(1).response(Response.startAck(8)),
                at(2).command(Command.insert(0x10, 0, 1)), at(3).command(Command.STOP_INSERT), at(4).request(0x10),
                at(5).response(Response.success(2)));
        assertEquals("R3", v.rule());
        assertTrue(firstLine(v).startsWith("R3 violated at cycle 5: observed MATCH_SUCCESS(tag=2) for req(match=0x10)"
                + " (request #0); the datasheet allows only nothing yet (request held in insert mode) or"
                + " MATCH_SUCCESS(tag=1); model state: "), firstLine(v));
    }

    @Test
    void anIdleStatusMismatchWithOneLegalStateNamesExactlyThatState() {
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 4);
        AlpuViolation v = null;
        for (long c = 0; v == null && c < 100; c++) {
            try {
                sb.observe(at(c).occupancy(1).sample());
            } catch (AlpuViolation e) {
                v = e;
            }
        }
        assertEquals("STATUS violated at cycle 4: idle unit shows error=0 insert_mode=0 occupancy=1, the datasheet"
                + " requires error=0 insert_mode=0 occupancy=0", firstLine(v));
    }

    @Test
    void tagsWiderThanTheTagPortAreCutOnBothSides() {
        // TAG_W = 8: the unit keeps tag 0x1A5 as 0xA5, and so must the scoreboard's model.
        MiniBench b = new MiniBench(new CycleAlpu(PRQ, TIMING, 2), 2, 0.8);
        b.command(Command.START_INSERT).insert(0x10, 0, 0x1A5).command(Command.STOP_INSERT).run();
        b.request(0x10).run();
        assertEquals(2, b.scoreboard().responsesChecked());
    }

    @Test
    void aResponseTagIsReadInItsTagWidthBitsOnly() {
        // TAG_W = 8: bit 8 of the sampled rsp_tag is not part of the port.
        AlpuScoreboard sb = new AlpuScoreboard(PRQ, 50);
        At[] trace = {at(0).command(Command.START_INSERT), at(1).response(Response.startAck(8)),
                at(2).command(Command.insert(0x10, 0, 1)), at(3).command(Command.STOP_INSERT), at(4), at(5).request(0x10),
                at(6).response(Response.success(0x101))};
        for (At a : trace) sb.observe(a.sample());
        assertEquals(2, sb.responsesChecked());
        assertEquals(0, sb.outstandingRequests());
    }

    @Test
    void umqRequestMasksReachTheScoreboardsModel() {
        AlpuConfig umq = AlpuConfig.of(8, 2, 8, 8, Variant.UMQ);
        MiniBench b = new MiniBench(new CycleAlpu(umq, TIMING, 2), 2, 0.8);
        // The requests only after the insert session: the two streams are independent.
        b.command(Command.START_INSERT).insert(0x10, 0, 3).command(Command.STOP_INSERT).run();
        b.request(0x11, 0x01).request(0x11, 0x01).run();
        assertEquals(3, b.scoreboard().responsesChecked(), "START_ACK, MATCH_SUCCESS(3), MATCH_FAILURE");
    }
}
