package tagmatch.model.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.Matchers;

class OffloadCountsTest {
    @Test
    void successCountsEveryOffloadNotCancelledAndTheHardwareMatchRateOnlyThoseMatched() {
        // Peer 1's receive is matched in hardware, peer 2's finds its message waiting (cancelled),
        // peer 3's is still open at the end: seed 003 §6.3's measure counts it as a success.
        List<Event> events = List.of(new Event.Post(0, 0, 1, 0), new Event.Arrive(1, 0, 1, 0), new Event.Arrive(2, 0, 2, 0),
                new Event.Post(3, 0, 2, 0), new Event.Post(4, 0, 3, 0));
        List<Transfer> t = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) t.add(new Transfer(1 << 20, true, i));
        OffloadEngine e = OffloadEngines.create(OffloadPolicy.SEQNUM, OffloadSettings.defaults(), Transfers.byIndex(t));
        Matchers.run(e, events);
        OffloadCounts c = e.counts();
        assertEquals(3, c.offloaded(), c.toString());
        assertEquals(1, c.cancelled(), c.toString());
        assertEquals(1, c.hardwareMatched(), c.toString());
        assertEquals(2 / 3.0, c.successRate(), 1e-12);
        assertEquals(1 / 3.0, c.hardwareMatchRate(), 1e-12);
        assertEquals(1 / 3.0, c.hardwareShare(), 1e-12, "three rendezvous receives, one matched in hardware");
    }

    @Test
    void nothingOffloadedGivesZeroRatherThanADivisionByZero() {
        OffloadCounts c = new OffloadCounts();
        assertEquals(0, c.successRate());
        assertEquals(0, c.hardwareMatchRate());
        assertEquals(0, c.hardwareShare());
    }
}
