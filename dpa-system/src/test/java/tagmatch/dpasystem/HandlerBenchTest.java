package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.OpResult;

/** The bench's workloads: every message takes a posted receive, and each block's consumed receives are posted again. */
class HandlerBenchTest {
    @Test
    void threadZerosShareIsItsWorkOverTheMeanThreadsWaitingLeftOut() {
        // phases: CQs and tickets, match, protocol and copy, posts, waiting
        List<long[]> even = List.of(new long[] {10, 10, 10, 10, 0}, new long[] {0, 20, 20, 0, 999});
        List<long[]> lead = List.of(new long[] {300, 10, 10, 80, 0}, new long[] {0, 10, 10, 0, 380}, new long[] {0, 10, 10, 0, 380});
        assertEquals(1.0, outcome(even).threadZeroOverMean(), 1e-12);
        assertEquals(400.0 / (440.0 / 3), outcome(lead).threadZeroOverMean(), 1e-12);
    }

    private static HandlerRun.Outcome outcome(List<long[]> phases) {
        return new HandlerRun.Outcome(1000, 0, 0, 10, 1, 0, 0, 0, new tagmatch.dpa.nic.HostAccesses(0, 0, 0), phases, 0, 0, 0, null, null);
    }

    @Test
    void everyMessageMatchesAndTheDepthIsKept() {
        for (BenchCase k : List.of(BenchCase.NO_CONFLICT, BenchCase.CONFLICT)) {
            List<Event> ev = HandlerBench.workload(k, 64, 200, 32, 1);
            List<OpResult> r = Expected.of(ev, new Capacities(128, 128), new Hints(false, false));
            int posted = 0, i = 0, arrivals = 0;
            for (Event e : ev) {
                if (e instanceof Event.BlockEnd) continue;
                OpResult o = r.get(i++);
                if (e instanceof Event.Post) {
                    assertEquals(OpResult.POSTED, o.status());
                    posted++;
                } else {
                    assertEquals(OpResult.MATCHED, o.status(), k + " message " + ((Event.Arrive) e).id());
                    posted--;
                    arrivals++;
                }
            }
            assertEquals(64, posted);
            assertEquals(224, arrivals);
        }
    }
}
