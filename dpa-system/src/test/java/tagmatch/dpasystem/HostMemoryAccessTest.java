package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.nic.HostAccesses;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * A message, eager or rendezvous, costs the handler no wait on host memory: commands and the
 * receives' descriptors are DPA memory, the NIC moves the payload (an RDMA write from DPA memory,
 * or an RDMA read from the sender), and the receive's completion and the to-host entry are
 * posted stores. The NIC block counts the harts' loads and AMOs on host
 * memory from its start on; a handler that reads a receive's descriptor back from its host
 * record is caught by that count. A to-host ring far smaller than the workload's entries makes
 * the handler wait for the host's credits, which the host returns into DPA memory: still no load.
 */
class HostMemoryAccessTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final OtmConfig CONFIG = OtmConfig.defaults().withThreads(8).withBins(16).withCapacities(64, 64);
    static final int RECEIVES = 48;
    static DpaRun dpa;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    /** Receives posted, then an 8-byte eager message for each, every one its own tag. */
    static List<Event> eagerPingOfEachReceive() {
        List<Event> ev = new ArrayList<>();
        for (int i = 0; i < RECEIVES; i++) ev.add(new Event.Post(i, 0, 0, i));
        for (int i = 0; i < RECEIVES; i++) ev.add(new Event.Arrive(WorkloadFile.eagerId(8, i), 0, 0, i));
        return ev;
    }

    /** Receives posted, then a message for each, eager or rendezvous by its id, every one its own tag. */
    static List<Event> mixedPingOfEachReceive() {
        List<Event> ev = new ArrayList<>();
        for (int i = 0; i < RECEIVES; i++) ev.add(new Event.Post(i, 0, 0, i));
        for (int i = 0; i < RECEIVES; i++) ev.add(new Event.Arrive(i, 0, 0, i));
        return ev;
    }

    @Test
    void aMessageEagerOrRendezvousWaitsOnHostMemoryNever() {
        List<Event> work = mixedPingOfEachReceive();
        assertTrue(work.stream().filter(e -> e instanceof Event.Arrive a && WorkloadFile.proto(a.id()) == 1).count() >= RECEIVES / 8,
                "the workload has rendezvous messages");
        HandlerImage image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, work, DpaRun.Options.defaults(), ROOT.resolve("work"));
        assertNull(o.difference());
        HostAccesses h = o.host();
        assertEquals(0, h.loads(), "host-memory loads: " + h);
        assertEquals(0, h.amos(), "host-memory AMOs: " + h);
        assertTrue(h.stores() >= 3L * RECEIVES, "every delivery stores its completion and to-host entry: " + h);
    }

    @Test
    void aFullToHostRingWaitsForTheHostsCreditsInDpaMemory() {
        HandlerFeed.Pace smallRing = new HandlerFeed.Pace(8, 8, 4, 0);
        List<Event> work = eagerPingOfEachReceive();
        assertTrue(work.size() > 4 * (1 << smallRing.thLog()), "the ring wraps several times");
        HandlerImage image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, work, DpaRun.Options.defaults(), smallRing, ROOT.resolve("work"));
        assertNull(o.difference());
        assertEquals(0, o.host().loads(), "host-memory loads: " + o.host());
        assertEquals(0, o.host().amos(), "host-memory AMOs: " + o.host());
    }

    @Test
    void aHandlerThatReadsADescriptorFromHostMemoryIsCaught() {
        HandlerImage image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT, List.of("OTM_DPA_DESCRIPTOR_FROM_HOST"));
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, eagerPingOfEachReceive(), DpaRun.Options.defaults(), ROOT.resolve("work"));
        assertNull(o.difference(), "the build still delivers every message right");
        assertTrue(o.host().loads() >= RECEIVES, "each delivery read its descriptor across PCIe: " + o.host());
    }
}
