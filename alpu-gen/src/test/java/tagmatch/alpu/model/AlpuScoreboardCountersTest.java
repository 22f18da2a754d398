package tagmatch.alpu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * The scoreboard's counters, which the testbenches print as coverage: what was accepted, what
 * was checked, and which corner cases (answers in insert mode, answers after an R4 hold) a run
 * reached. A run that reports coverage it did not reach would hide a weak test.
 */
class AlpuScoreboardCountersTest {
    private static final AlpuConfig PRQ = AlpuConfig.of(8, 2, 8, 8, Variant.PRQ);
    private static final CycleTiming TIMING = new CycleTiming(3, 2, 2, 0.5);

    @Test
    void acceptedCommandsRequestsAndCheckedResponsesAreCounted() {
        MiniBench b = new MiniBench(new CycleAlpu(PRQ, TIMING, 5), 5, 0.7);
        b.command(Command.START_INSERT).insert(0x10, 0, 1).insert(0x11, 0, 2).insert(0x20, 0x0f, 4).command(Command.STOP_INSERT).run();
        b.request(0x10).request(0x11).request(0x25).request(0x10).run();
        AlpuScoreboard s = b.scoreboard();
        assertEquals(5, s.commandsSeen());
        assertEquals(4, s.requestsSeen());
        assertEquals(5, s.responsesChecked(), "one START_ACK and four match answers");
        assertEquals(0, s.outstandingRequests());
        assertEquals(0, s.answeredAfterHold(), "nothing was held: not in insert mode");
        assertEquals(0, s.answeredInInsertMode());
        assertTrue(s.maxHypotheses() >= 1);
        assertTrue(s.idleChecks() > 0);
    }

    @Test
    void aRequestHeldInInsertModeCountsWhenALaterInsertAnswersIt() {
        MiniBench b = new MiniBench(new CycleAlpu(PRQ, TIMING, 3), 3, 0.8);
        b.command(Command.START_INSERT).insert(0x10, 0, 1).run();
        b.request(0x77).runCycles(200);
        assertEquals(0, b.scoreboard().answeredAfterHold());
        b.insert(0x77, 0, 5).command(Command.STOP_INSERT).run();
        assertEquals(1, b.scoreboard().answeredAfterHold());
        assertEquals(1, b.scoreboard().answeredInInsertMode());
        assertEquals(4, b.scoreboard().commandsSeen());
    }

    @Test
    void aResetClearsWhatWasOutstanding() {
        MiniBench b = new MiniBench(new CycleAlpu(PRQ, TIMING, 4), 4, 0.8);
        b.command(Command.START_INSERT).insert(0x10, 0, 1).run();
        b.request(0x77).runCycles(100);
        assertEquals(1, b.scoreboard().outstandingRequests());
        b.pulseReset().run();
        assertEquals(0, b.scoreboard().outstandingRequests());
        b.command(Command.START_INSERT).insert(0x10, 0, 2).command(Command.STOP_INSERT).request(0x10).run();
        assertEquals(0, b.scoreboard().outstandingRequests());
    }
}
