package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.OpResult;
import tagmatch.testbench.firmware.WorkloadFile;

/** The ping-pong's workload: posts before messages each sequence, 8-byte eager messages, and MPI pairs message j of a sequence with its receive j. */
class PingPongTest {
    @Test
    void eachSequencePostsKReceivesThenItsKMessagesMatchThemInOrder() {
        for (boolean conflict : new boolean[] {false, true}) {
            List<Event> ev = new PingPong(conflict, 3, 4).events(4);
            assertEquals(24, ev.size());
            List<OpResult> want = Expected.of(ev, new Capacities(1024, 1024), new Hints(false, false));
            for (int s = 0; s < 4; s++) {
                for (int j = 0; j < 3; j++) {
                    Event.Post p = (Event.Post) ev.get(6 * s + j);
                    Event.Arrive a = (Event.Arrive) ev.get(6 * s + 3 + j);
                    assertEquals(conflict ? 0 : j, p.tag());
                    assertEquals(p.tag(), a.tag());
                    assertEquals(0, WorkloadFile.proto(a.id()), "eager");
                    assertEquals(PingPong.PAYLOAD_BYTES, WorkloadFile.length(a.id()), "the MPI side's size");
                    assertEquals(new OpResult(OpResult.POSTED, -1), want.get(6 * s + j));
                    assertEquals(new OpResult(OpResult.MATCHED, p.id()), want.get(6 * s + 3 + j), "sequence " + s + ", message " + j);
                }
            }
        }
    }

    @Test
    void aLongPingPongIsSplitIntoRunsOfWholeSequences() {
        assertEquals(40, new PingPong(false, 100, 500).sequencesPerRun());
        assertEquals(20, new PingPong(false, 100, 20).sequencesPerRun());
        assertEquals(1, new PingPong(true, PingPong.MAX_RUN_MESSAGES, 3).sequencesPerRun());
        assertEquals("k must be in 1..4096, got 0", assertThrows(IllegalArgumentException.class, () -> new PingPong(false, 0, 1)).getMessage());
        assertEquals("sequences must be >= 1, got 0", assertThrows(IllegalArgumentException.class, () -> new PingPong(false, 1, 0)).getMessage());
    }

    @Test
    void itsRunsCoverEverySequenceOnceInRunsOfAtMostARunsWorth() {
        List<PingPong> runs = new PingPong(true, 100, 500, 7).runs();
        assertEquals(13, runs.size());
        assertEquals(500, runs.stream().mapToInt(PingPong::sequences).sum());
        assertEquals(new PingPong(true, 100, 40, 7), runs.get(0));
        assertEquals(new PingPong(true, 100, 20, 7), runs.get(12));
        // each run is one run of its own, so a run's runs are itself
        for (PingPong r : runs) assertEquals(List.of(r), r.runs());
        assertEquals(List.of(new PingPong(false, 100, 4)), new PingPong(false, 100, 4).runs());
    }
}
