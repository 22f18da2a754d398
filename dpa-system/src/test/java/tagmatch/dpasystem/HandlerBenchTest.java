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
