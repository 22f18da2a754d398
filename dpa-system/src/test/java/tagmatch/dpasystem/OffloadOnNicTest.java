package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.model.offload.OffloadPolicy;

/**
 * Seed 003's window on a one-core cluster whose hardware list is an 8-cell PRQ unit: the receives
 * an engine offloads are matched by the NIC's list as their messages arrive and read while the
 * host computes, the others only after the progress call; every run equals the reference.
 */
class OffloadOnNicTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final int LIST = 8;
    static final long BYTES = 64 * 1024;
    static DpaRun dpa;
    static HandlerImage image;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(new DpaConfig(1, 2, 1, 16), "verilator", OffloadOnNic.units(LIST).slots());
        image = HandlerImage.build(OffloadOnNic.config(HandlerImage.Matcher.ALPU, LIST, 12, 1), HandlerImage.Matcher.ALPU, ROOT);
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    private static OffloadOnNic.Result run(WindowPlan plan) {
        return OffloadOnNic.run(dpa, image, plan, BYTES, MemorySetting.LIKELY, LatencyOverrides.NONE, ROOT.resolve("work"));
    }

    @Test
    void sequenceNumbersOffloadAsManyAsTheListHoldsAndTheNicsListMatchesEachOfThem() {
        WindowPlan plan = WindowPlan.of(OffloadPolicy.SEQNUM, 12, BYTES, -1, LIST);
        OffloadOnNic.Result r = run(plan);
        assertEquals(LIST, plan.offloadedCount());
        assertEquals(LIST, plan.counts().hardwareMatched());
        assertEquals(LIST, r.nicMatchedOverlap(), "messages the NIC matched in its list, overlap run");
        assertEquals(LIST, r.nicMatchedBandwidth(), "messages the NIC matched in its list, bandwidth run");
        assertTrue(r.afterProgressCycles() > 0, "software's four receives move after the progress call");
    }

    @Test
    void aWindowTheListHoldsWholeOverlapsMoreThanTheOnloadedOne() {
        OffloadOnNic.Result offloaded = run(WindowPlan.of(OffloadPolicy.SEQNUM, LIST, BYTES, -1, LIST));
        OffloadOnNic.Result onloaded = run(WindowPlan.of(OffloadPolicy.SEQNUM, LIST, BYTES, -1, 0));
        assertEquals(LIST, offloaded.nicMatchedOverlap());
        assertEquals(0, offloaded.afterProgressCycles(), "nothing left for the progress call");
        assertEquals(0, onloaded.nicMatchedOverlap(), "an onloaded window gives the NIC's list nothing to match");
        assertTrue(offloaded.overlap() > onloaded.overlap() + 0.5, offloaded.overlap() + " against " + onloaded.overlap());
    }

    @Test
    void theNaiveEngineOffloadsOnlyTheReceivesBeforeTheNonContiguousOne() {
        WindowPlan plan = WindowPlan.of(OffloadPolicy.NAIVE, 12, BYTES, 3, LIST);
        OffloadOnNic.Result r = run(plan);
        assertEquals(3, plan.offloadedCount());
        assertEquals(3, r.nicMatchedOverlap());
    }

    @Test
    void theOptimisticMatchersTableAtTheListSizeMatchesTheOffloadedReceivesOnTwoThreads() {
        HandlerImage table = HandlerImage.build(OffloadOnNic.config(HandlerImage.Matcher.OTM, LIST, 12, 2), HandlerImage.Matcher.OTM, ROOT);
        assertEquals(LIST, table.config().maxRecvs(), "the table holds the list's receives");
        WindowPlan plan = WindowPlan.of(OffloadPolicy.SEQNUM, 12, BYTES, -1, LIST);
        OffloadOnNic.Result r = OffloadOnNic.run(dpa, table, plan, BYTES, MemorySetting.LIKELY, LatencyOverrides.NONE, ROOT.resolve("work"));
        assertEquals(LIST, r.nicMatchedOverlap());
        assertEquals(LIST, r.nicMatchedBandwidth());
    }

    @Test
    void anOrderedEngineANegativeListOrASmallMessageIsRefusedNamingIt() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WindowPlan.of(OffloadPolicy.ORDERED, 12, BYTES, -1, LIST))
                .getMessage().contains("policy"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WindowPlan.of(OffloadPolicy.SEQNUM, 12, BYTES, -1, -1))
                .getMessage().contains("list size"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WindowPlan.of(OffloadPolicy.SEQNUM, 12, 100, -1, LIST))
                .getMessage().contains("bytes"));
    }
}
