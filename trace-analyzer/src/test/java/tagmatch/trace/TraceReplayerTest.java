package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TraceReplayerTest {
    @Test
    void aDifferenceIsReportedWithTheFirstEvent() {
        RankReplay same = new RankReplay(0, 1, 2, 2, 4, null, 4, 0, 20, 1, 0, 0, 0, 0, 0, 0);
        RankReplay differs = new RankReplay(1, 1, 2, 2, 3, "communicator 2, event 3 Arrive[...]: reference MATCHED(1), ALPU UNEXPECTED", 3, 1, 30, 1,
                0, 0, 0, 0, 0, 0);
        String t = TraceReplayer.table("t", "x", true, List.of(same, differs));
        assertTrue(t.contains("1 of 8 posts and arrivals differ from the reference matcher; the first: communicator 2, event 3"), t);
        assertTrue(!differs.allAgree() && same.allAgree());
    }
}
