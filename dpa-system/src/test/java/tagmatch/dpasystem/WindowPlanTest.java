package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.offload.OffloadPolicy;

/** What the engines offload of a window, and the order in which the NIC gets it. */
class WindowPlanTest {
    static final long BYTES = 1 << 20;

    @Test
    void theNaiveEngineOffloadsTheReceivesBeforeTheNonContiguousOneAndSequenceNumbersAllButIt() {
        WindowPlan naive = WindowPlan.of(OffloadPolicy.NAIVE, 16, BYTES, 5, 16);
        WindowPlan seqnum = WindowPlan.of(OffloadPolicy.SEQNUM, 16, BYTES, 5, 16);
        assertEquals(5, naive.offloadedCount());
        assertEquals(15, seqnum.offloadedCount());
        assertFalse(seqnum.offloaded(5));
        assertTrue(seqnum.offloaded(6));
    }

    @Test
    void aListShorterThanTheWindowTakesTheOldestAndNoListTakesNone() {
        WindowPlan eight = WindowPlan.of(OffloadPolicy.SEQNUM, 16, BYTES, -1, 8);
        assertEquals(8, eight.offloadedCount());
        for (int j = 0; j < 16; j++) assertEquals(j < 8, eight.offloaded(j), "receive " + j);
        assertEquals(0, WindowPlan.of(OffloadPolicy.ADAPTIVE, 16, BYTES, -1, 0).offloadedCount());
    }

    @Test
    void theOverlapFeedPostsOffloadedReceivesFirstAndSoftwaresAfterEveryMessage() {
        WindowPlan plan = WindowPlan.of(OffloadPolicy.SEQNUM, 4, BYTES, 1, 4);
        List<Event> ev = plan.overlapFeed().events();
        // receives 0, 2, 3 offloaded; then the four messages; then receive 1 at the progress call
        assertEquals(List.of("P0", "P2", "P3", "A0", "A1", "A2", "A3", "P1"), names(ev));
        assertEquals(List.of("P0", "P2", "P3", "A0", "A1", "P1", "A2", "A3"), names(plan.bandwidthFeed().events()));
    }

    private static List<String> names(List<Event> ev) {
        return ev.stream().map(e -> e instanceof Event.Post p ? "P" + p.tag() : "A" + ((Event.Arrive) e).tag()).toList();
    }
}
