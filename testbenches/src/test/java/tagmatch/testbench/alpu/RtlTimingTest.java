package tagmatch.testbench.alpu;

import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.alpu.rtl.AlpuTiming;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Directed traffic measures the RTL's cycle figures and checks them against what the generator
 * states in its header ({@link AlpuTiming}): match latency, back-to-back match interval, insert
 * interval, and a few datasheet rules at the pins (R5 free count, R7 error, R8 RESET).
 */
class RtlTimingTest {
    private static final BigInteger Z = BigInteger.ZERO;

    private static PortInputs idle() {
        return PortInputs.IDLE;
    }

    private static PortInputs cmd(int op, long match, long tag) {
        return new PortInputs(false, false, Z, Z, true, op, BigInteger.valueOf(match), Z, tag, true);
    }

    private static PortInputs req(long match) {
        return new PortInputs(false, true, BigInteger.valueOf(match), Z, false, 0, Z, Z, 0, true);
    }

    /** Drives {@code in} for one cycle; returns the outputs sampled before the edge. */
    private static PortOutputs cycle(SimulatorPins p, PortInputs in) {
        p.drive(in);
        PortOutputs o = p.sample();
        p.tick();
        return o;
    }

    /** Offers {@code in} until accepted; returns the cycle of acceptance. */
    private static long offer(SimulatorPins p, PortInputs in, boolean isCmd, List<PortOutputs> seen) {
        for (int i = 0; i < 1000; i++) {
            long c = p.cycle();
            PortOutputs o = cycle(p, in);
            seen.add(o);
            if (isCmd ? o.cmdReady() : o.reqReady()) return c;
        }
        throw new AssertionError("never accepted");
    }

    @Test
    void seedConfigurationReachesTheStatedLatencyAndIntervals() {
        for (AlpuConfig cfg : List.of(AlpuConfig.seed(256, 8, Variant.PRQ),
                AlpuConfig.of(16, 4, 12, 8, Variant.PRQ).withPipelining(Pipelining.SEED))) {
            AlpuTiming t = AlpuTiming.of(cfg);
            try (SimulatorPins p = RtlPins.open(cfg)) {
                List<PortOutputs> seen = new ArrayList<>();
                // START_INSERT: R5 free count on an empty unit is CELLS.
                long opened = offer(p, cmd(0, 0, 0), true, seen);
                PortOutputs ack = waitResponse(p);
                assertEquals(t.ackLatency(), p.cycle() - 1 - opened, "START_ACK latency");
                assertEquals(2, ack.rspKind());
                assertEquals(cfg.cells(), ack.rspFree());
                // Eight INSERTs offered back to back: occupancy must rise by one per insert interval.
                p.drive(idle());
                int start = p.sample().occupancy();
                long first = -1;
                long last = -1;
                int k = 0;
                for (int i = 0; i < 60; i++) {
                    p.drive(k < 8 ? cmd(1, 7, 1 + k) : idle());
                    PortOutputs o = p.sample();
                    if (o.occupancy() == start + 1 && first < 0) first = p.cycle();
                    if (o.occupancy() == start + 8 && last < 0) last = p.cycle();
                    if (k < 8 && o.cmdReady()) k++;
                    p.tick();
                }
                assertTrue(first >= 0 && last >= 0, "inserts never landed");
                assertEquals(t.insertInterval() * 7L, last - first, "insert interval");
                offer(p, cmd(2, 0, 0), true, seen);
                for (int i = 0; i < 5; i++) cycle(p, idle());
                // Match latency: one request into an idle unit.
                long accepted = offer(p, req(7), false, seen);
                long valid = -1;
                for (int i = 0; i < 50 && valid < 0; i++) {
                    p.drive(idle());
                    if (p.sample().rspValid()) valid = p.cycle();
                    p.tick();
                }
                assertEquals(t.matchLatency(), valid - accepted, "match latency");
                // Back-to-back matches: seven requests queued, responses taken at once.
                List<Long> answers = new ArrayList<>();
                int offered = 0;
                for (int i = 0; i < 200 && answers.size() < 7; i++) {
                    PortInputs in = offered < 7 ? req(7) : idle();
                    p.drive(in);
                    PortOutputs o = p.sample();
                    if (o.rspValid()) {
                        assertEquals(0, o.rspKind());
                        answers.add(p.cycle());
                    }
                    if (offered < 7 && o.reqReady()) offered++;
                    p.tick();
                }
                for (int j = 2; j < answers.size(); j++)
                    assertEquals(t.matchInterval(), answers.get(j) - answers.get(j - 1), "match interval " + answers);
            }
        }
    }

    @Test
    void startAckProcessedRightAfterAMatchDecisionFollowsItsAnswer() {
        // With slot tags a match answer waits a cycle for its tag; a START_INSERT that the frozen
        // cells held back until the cycle after the decision must not overtake it.
        AlpuConfig cfg = AlpuConfig.of(16, 4, 12, 8, Variant.PRQ).withPipelining(Pipelining.SEED);
        assertTrue(AlpuTiming.slotTags(cfg), "4-bit slots are narrower than 8-bit tags");
        try (SimulatorPins p = RtlPins.open(cfg)) {
            List<PortOutputs> seen = new ArrayList<>();
            offer(p, cmd(0, 0, 0), true, seen);
            waitResponse(p);
            offer(p, cmd(1, 7, 5), true, seen);
            offer(p, cmd(2, 0, 0), true, seen);
            for (int i = 0; i < 5; i++) cycle(p, idle());
            offer(p, req(7), false, seen);
            offer(p, cmd(0, 0, 0), true, seen);
            List<PortOutputs> answers = new ArrayList<>();
            List<Long> at = new ArrayList<>();
            for (int i = 0; i < 50 && answers.size() < 2; i++) {
                p.drive(idle());
                PortOutputs o = p.sample();
                if (o.rspValid()) {
                    answers.add(o);
                    at.add(p.cycle());
                }
                p.tick();
            }
            assertEquals(2, answers.size(), "two answers");
            assertEquals(0, answers.get(0).rspKind(), "the match answer first");
            assertEquals(5L, answers.get(0).rspTag());
            assertEquals(2, answers.get(1).rspKind(), "then the START_ACK");
            assertEquals(cfg.cells(), answers.get(1).rspFree(), "processed after the delete");
            assertEquals(1, at.get(1) - at.get(0), "the START_ACK waited one cycle behind the answer");
        }
    }

    @Test
    void badCommandsSetErrorAndResetClearsIt() {
        AlpuConfig cfg = AlpuConfig.of(4, 2, 6, 4, Variant.PRQ);
        try (SimulatorPins p = RtlPins.open(cfg)) {
            List<PortOutputs> seen = new ArrayList<>();
            offer(p, cmd(1, 3, 1), true, seen); // INSERT outside insert mode
            for (int i = 0; i < 4; i++) cycle(p, idle());
            assertTrue(p.sample().error());
            assertEquals(0, p.sample().occupancy());
            offer(p, cmd(3, 0, 0), true, seen); // RESET
            for (int i = 0; i < 4; i++) cycle(p, idle());
            assertTrue(!p.sample().error());
            offer(p, cmd(0, 0, 0), true, seen);
            assertEquals(4, waitResponse(p).rspFree());
            for (int k = 0; k < 5; k++) offer(p, cmd(1, k, k), true, seen); // the fifth overflows
            for (int i = 0; i < 4; i++) cycle(p, idle());
            assertEquals(4, p.sample().occupancy());
            assertTrue(p.sample().error());
            assertTrue(p.sample().insertMode());
            offer(p, cmd(0, 0, 0), true, seen); // START_INSERT inside insert mode: discarded, no ACK
            for (int i = 0; i < 10; i++) assertTrue(!cycle(p, idle()).rspValid());
        }
    }

    private static PortOutputs waitResponse(SimulatorPins p) {
        for (int i = 0; i < 100; i++) {
            p.drive(idle());
            PortOutputs o = p.sample();
            p.tick();
            if (o.rspValid()) return o;
        }
        throw new AssertionError("no response");
    }
}
