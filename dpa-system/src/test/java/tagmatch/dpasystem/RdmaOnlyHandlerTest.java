package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * The handler built without matching (figure 8's RDMA-only line): message j lands in the j-th
 * posted receive, which the reference confirms wherever posting order is MPI's answer, and which
 * the same check refuses where it is not.
 */
class RdmaOnlyHandlerTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final OtmConfig CONFIG = OtmConfig.defaults().withThreads(4).withBins(8).withCapacities(16, 16).withInOrderRun(0);
    static DpaRun dpa;
    static HandlerImage rdma, otm;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
        rdma = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT, List.of(HandlerImage.RDMA_ONLY));
        otm = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    @Test
    void withoutMatchingThePingPongStillChecksOutAndRetiresLessWork() {
        for (boolean conflict : new boolean[] {false, true}) {
            // PingPong.run fails on any entry or payload that differs from the reference
            PingPong pp = new PingPong(conflict, 6, 3, 100);
            PingPong.Result r = pp.run(dpa, rdma, MemorySetting.LIKELY, ROOT.resolve("work"));
            PingPong.Result m = pp.run(dpa, otm, MemorySetting.LIKELY, ROOT.resolve("work"));
            assertEquals(18, r.messages());
            assertEquals(0.0, r.hostRoundTripsPerMessage());
            assertTrue(r.retired() < m.retired(), () -> "RDMA only retired " + r.retired() + " instructions, the matcher " + m.retired());
        }
    }

    @Test
    void whereMpiMatchesOutOfPostingOrderTheCheckRefusesIt() {
        List<Event> ev = List.of(new Event.Post(0, 0, 0, 1), new Event.Post(1, 0, 0, 2),
                new Event.Arrive(WorkloadFile.eagerId(8, 0), 0, 0, 2), new Event.Arrive(WorkloadFile.eagerId(8, 1), 0, 0, 1));
        HandlerFeed feed = new HandlerFeed(ev, HandlerFeed.Pace.defaults());
        DpaRun.Options opts = DpaRun.Options.defaults().withMemory(MemorySetting.LIKELY);
        assertTrue(HandlerRun.run(dpa, otm, feed, opts, ROOT.resolve("work")).passed(), "the matcher pairs each message with its tag's receive");
        HandlerRun.Outcome o = HandlerRun.run(dpa, rdma, feed, opts, ROOT.resolve("work"));
        assertFalse(o.passed(), "posting order gave message 0 the receive of tag 1");
        System.out.println("rdma-only, out of posting order: " + o.difference());
    }
}
