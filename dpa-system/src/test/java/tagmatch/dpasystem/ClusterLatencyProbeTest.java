package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.alpu.LatencyProbe.Queue;

/** One search's latency on the cluster, two 8-cell ALPUs on its bus: the list grows with the entries it walks, the unit is flat until it overflows. */
class ClusterLatencyProbeTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final AlpuUnits UNITS = AlpuUnits.of(8, 4, 64, 16);
    static ClusterLatencyProbe list, alpu;

    @BeforeAll
    static void build() {
        DpaRun dpa = DpaRun.build(new DpaConfig(1, 2, 1, 16), "verilator", UNITS.slots());
        OtmConfig c = OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(64, 64);
        Path work = ROOT.resolve("latency");
        list = new ClusterLatencyProbe(dpa, HandlerImage.build(c, HandlerImage.Matcher.LIST, ROOT), MemorySetting.LIKELY, work);
        alpu = new ClusterLatencyProbe(dpa, HandlerImage.build(c, HandlerImage.Matcher.ALPU, ROOT), MemorySetting.LIKELY, work);
    }

    @Test
    void theListsLatencyGrowsWithTheEntriesItWalks() {
        long near = list.measure(Queue.POSTED, 24, 1.0 / 24), far = list.measure(Queue.POSTED, 24, 1.0);
        assertTrue(far > near + 23 * 10, () -> "the whole queue " + far + " cycles, its first entry " + near);
    }

    @Test
    void theUnitsLatencyIsFlatWhileTheQueueFitsAndGrowsBeyondIt() {
        long one = alpu.measure(Queue.POSTED, 1, 1.0), full = alpu.measure(Queue.POSTED, 8, 1.0), over = alpu.measure(Queue.POSTED, 24, 1.0);
        assertTrue(Math.abs(full - one) < one / 10, () -> "1 entry " + one + " cycles, 8 entries " + full);
        assertTrue(over > full + 10 * 10, () -> "24 entries (16 searched in software) " + over + " cycles, 8 entries " + full);
    }

    @Test
    void theUnexpectedQueueIsSearchedByTheReceive() {
        long near = list.measure(Queue.UNEXPECTED, 16, 1.0 / 16), far = list.measure(Queue.UNEXPECTED, 16, 1.0);
        assertTrue(far > near + 15 * 10, () -> "the whole queue " + far + " cycles, its first entry " + near);
        assertTrue(alpu.measure(Queue.UNEXPECTED, 0, 1.0) > 0, "an empty queue's search still costs the round trip");
    }

    @Test
    void theProbeMatchesTheEntryTheFractionNames() {
        List<Event> ev = ClusterLatencyProbe.events(Queue.POSTED, 10, 0.5);
        assertEquals(13, ev.size(), "the warm-up pair, ten receives, the probe");
        assertEquals(ClusterLatencyProbe.WARM_UP_TAG, ((Event.Arrive) ev.get(1)).tag());
        assertEquals(4, ((Event.Arrive) ev.get(12)).tag(), "half way down ten receives: the fifth, tag 4");
        assertEquals(0, ((Event.Post) ClusterLatencyProbe.events(Queue.UNEXPECTED, 3, 0.1).get(5)).tag());
    }

    @Test
    void aQueueAtTheHandlersCapacityIsRefusedWithTheLimit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> list.measure(Queue.POSTED, 64, 1.0));
        assertEquals("length must be below the handler's capacities (64), got 64", e.getMessage());
    }
}
