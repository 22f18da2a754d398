package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.strategy.StrategyOptions;

class TraceAnalysisTest {
    private static final StrategyOptions OPTIONS = StrategyOptions.defaults();

    /** Rank 1 posts receives for tags 1, 2, 3 from rank 0, which then sends tags 3, 2, 1. */
    private static List<RankLog> reversedTags() {
        RankLog r0 = EventStreamsTest.log(0, new Dumpi().isend(10, 1, 3, 2).isend(11, 1, 2, 2).isend(12, 1, 1, 2));
        RankLog r1 = EventStreamsTest.log(1, new Dumpi().irecv(1, 0, 1, 2).irecv(2, 0, 2, 2).irecv(3, 0, 3, 2));
        return List.of(r0, r1);
    }

    @Test
    void queueDepthWithOneBinIsTheWholeQueueEachOperationSearches() {
        TraceAnalysis.Result r = TraceAnalysis.run("reversed", reversedTags(), List.of("reference"), List.of(1, 256), OPTIONS);
        // posts find an empty unexpected queue (0, 0, 0); arrivals search 3, 2, 1 posted receives
        assertEquals(1.0, r.depthMean(1), 1e-12);
        assertEquals(3, r.depthMax(1));
        assertTrue(r.depthMean(256) >= 0.5 && r.depthMean(256) < 1.0, "with 256 bins each arrival finds little more than its own receive: " + r.depthMean(256));
        StrategyStats ref = r.byStrategy().get("reference").get(1);
        assertEquals(3, ref.posts());
        assertEquals(3, ref.arrivals());
        assertEquals(1.0, ref.inspectedPerOp(), 1e-12); // 3 + 2 + 1 entries compared over 6 operations
        assertEquals(3, ref.maxInspected());
        StrategyStats idle = r.byStrategy().get("reference").get(0);
        assertEquals(0, idle.posts() + idle.arrivals());
    }

    @Test
    void seedDepthCountsOnlyTheEntriesPassedOverBeforeTheMatch() {
        TraceAnalysis.Result r = TraceAnalysis.run("reversed", reversedTags(), List.of("reference"), List.of(1, 256), OPTIONS);
        // 1 bin: posts pass nothing (empty unexpected bins); arrival tag 3 passes receives 1 and 2, tag 2 passes 1, tag 1 none:
        // 3 entries over 6 operations, where the project's depth counts 3 + 2 + 1 = 6
        assertEquals(0.5, r.seedDepthMean(1), 1e-12);
        assertEquals(1.0, r.depthMean(1), 1e-12);
        // 256 bins: an arrival passes the receives of other tags that share its bin
        long passed = 0;
        int[] bin = new int[4];
        for (int t = 1; t <= 3; t++) bin[t] = tagmatch.model.strategy.Bins.of(256, 2, 0, t);
        for (int t = 1; t <= 3; t++) for (int older = 1; older < t; older++) if (bin[older] == bin[t]) passed++;
        assertEquals(passed / 6.0, r.seedDepthMean(256), 1e-12);
        assertTrue(r.seedDepthMean(256) < r.depthMean(256), "the match is not counted: " + r.seedDepthMean(256) + " vs " + r.depthMean(256));
    }

    @Test
    void binUsageCountsDistinctSourceTagPairsEmptyBinsAndCollisions() {
        List<RankLog> logs = reversedTags();
        // one more message with a pair seen before: still three distinct pairs at rank 1
        RankLog r0 = EventStreamsTest.log(0, new Dumpi().isend(10, 1, 3, 2).isend(11, 1, 2, 2).isend(12, 1, 1, 2).isend(13, 1, 1, 2));
        RankLog r1 = EventStreamsTest.log(1, new Dumpi().irecv(1, 0, 1, 2).irecv(2, 0, 2, 2).irecv(3, 0, 3, 2).irecv(4, 0, 1, 2));
        TraceAnalysis.Result r = TraceAnalysis.run("pairs", List.of(r0, r1), List.of("reference"), List.of(1, 4, 256), OPTIONS);
        BinUsage u = r.binUsage();
        assertEquals(1, u.streams(), "rank 0 receives nothing");
        assertEquals(3, u.pairs());
        assertEquals(3, u.maxPairs());
        assertEquals(0, u.emptyBins().get(1));
        assertEquals(2, u.collisions().get(1), "three pairs in one bin: two collide");
        assertEquals(100.0 * 2 / 3, u.collidingPercent(1), 1e-9);
        for (int bins : new int[] {4, 256}) {
            java.util.Set<Integer> occupied = new java.util.HashSet<>();
            for (int t = 1; t <= 3; t++) occupied.add(tagmatch.model.strategy.Bins.of(bins, 2, 0, t));
            assertEquals(bins - occupied.size(), u.emptyBins().get(bins));
            assertEquals(3 - occupied.size(), u.collisions().get(bins));
            assertEquals(100.0 * (bins - occupied.size()) / bins, u.emptyPercent(bins), 1e-9);
        }
        assertEquals(3, logs.get(1).ops().size());
    }

    @Test
    void callMixSortsTheFootersCallsByKind() {
        RankLog r0 = EventStreamsTest.log(0, new Dumpi().isend(10, 1, 3, 2).counts("MPI_Init 1", "MPI_Isend 1", "MPI_Waitall 1",
                "MPI_Allreduce 3", "MPI_Iallreduce 1", "MPI_Comm_rank 2", "MPI_Finalize 1"));
        RankLog r1 = EventStreamsTest.log(1, new Dumpi().irecv(1, 0, 3, 2).counts("MPI_Init 1", "MPI_Irecv 1", "MPI_Testany 5",
                "MPI_Allreduce 3", "MPI_Sendrecv 2", "MPI_Startall 1", "MPI_Iprobe 2", "MPI_Finalize 1"));
        CallMix m = TraceAnalysis.run("mix", List.of(r0, r1), List.of("reference"), List.of(1), OPTIONS).callMix();
        assertEquals(26, m.total());
        assertEquals(1L, m.calls().get(CallMix.Kind.ISEND));
        assertEquals(1L, m.calls().get(CallMix.Kind.IRECV));
        assertEquals(6L, m.calls().get(CallMix.Kind.COMPLETION));
        assertEquals(7L, m.calls().get(CallMix.Kind.COLLECTIVE), "MPI_Allreduce twice 3, MPI_Iallreduce 1");
        assertEquals(2L, m.calls().get(CallMix.Kind.SENDRECV));
        assertEquals(1L, m.calls().get(CallMix.Kind.PERSISTENT));
        assertEquals(2L, m.calls().get(CallMix.Kind.PROBE));
        assertEquals(6L, m.calls().get(CallMix.Kind.OTHER), "init, finalize, comm_rank");
        assertEquals(0L, m.calls().get(CallMix.Kind.SEND));
        assertEquals(100.0 * 7 / 26, m.percent(CallMix.Kind.COLLECTIVE), 1e-9);
        assertTrue(m.collectivesCounted());
        assertTrue(!TraceAnalysis.run("old", reversedTags(), List.of("reference"), List.of(1), OPTIONS).callMix().collectivesCounted(),
                "a footer without collectives says so");
    }

    @Test
    void theUnexpectedFractionCountsMessagesThatFoundNoPostedReceive() {
        assertEquals(0.0, TraceAnalysis.run("reversed", reversedTags(), List.of("reference"), List.of(1), OPTIONS).unexpectedFraction());
        // tag 1 is posted before the three sends, tags 2 and 3 after them
        RankLog r0 = EventStreamsTest.log(0, new Dumpi().isend(10, 1, 1, 2).isend(11, 1, 2, 2).isend(12, 1, 3, 2));
        RankLog r1 = EventStreamsTest.log(1, new Dumpi().irecv(1, 0, 1, 2).irecv(20, 0, 2, 2).irecv(21, 0, 3, 2));
        assertEquals(2 / 3.0, TraceAnalysis.run("late", List.of(r0, r1), List.of("reference"), List.of(1), OPTIONS).unexpectedFraction(), 1e-12);
    }

    @Test
    void optimisticMatchingConflictsWhenABlockWantsTheSameReceive() {
        RankLog r0 = EventStreamsTest.log(0, new Dumpi().isend(10, 1, 1, 2).isend(11, 1, 1, 2).isend(12, 1, 1, 2));
        RankLog r1 = EventStreamsTest.log(1, new Dumpi().irecv(1, 0, 1, 2).irecv(2, 0, 1, 2).irecv(3, 0, 1, 2));
        long conflicts4 = TraceAnalysis.run("same", List.of(r0, r1), List.of("optimistic"), List.of(1), OPTIONS.withThreads(4))
                .byStrategy().get("optimistic").get(1).conflicts();
        long conflicts1 = TraceAnalysis.run("same", List.of(r0, r1), List.of("optimistic"), List.of(1), OPTIONS.withThreads(1))
                .byStrategy().get("optimistic").get(1).conflicts();
        assertEquals(2, conflicts4, "threads 1 and 2 of the block both find receive 0 booked by thread 0");
        assertEquals(0, conflicts1);
    }

    @Test
    void aStrategyThatRefusesWildcardsIsReportedAsRejected() {
        RankLog r0 = EventStreamsTest.log(0, new Dumpi().isend(10, 1, 1, 2));
        RankLog r1 = EventStreamsTest.log(1, new Dumpi().irecv(1, -1, 1, 2));
        TraceAnalysis.Result r = TraceAnalysis.run("any", List.of(r0, r1), List.of("single-hash", "reference"), List.of(1), OPTIONS);
        assertTrue(r.byStrategy().get("single-hash").get(1).rejected().contains("ANY_SOURCE"), r.byStrategy().get("single-hash").get(1).rejected());
        assertNull(r.byStrategy().get("reference").get(1).rejected());
    }

    @Test
    void theCommittedLammpsTraceIsBalancedAndBinsNeverDeepenTheQueue() {
        TraceFiles.Trace t = TraceFiles.find(List.of(Dumpi.root().resolve("data/traces/lammps-melt"))).get(0);
        assertEquals("lammps-melt", t.name());
        assertEquals(8, t.ranks().size());
        List<RankLog> logs = RankFileScheduler.parse(t.ranks(), 2, n -> {});
        TraceAnalysis.Result r = TraceAnalysis.run(t.name(), logs, List.of("reference", "linked-list", "four-index", "optimistic"),
                List.of(1, 32, 128), OPTIONS);
        assertEquals(0, r.conversion().unresolvedSends());
        assertEquals(8, r.conversion().streams().size());
        StrategyStats ref = AnalysisReport.total(r.byStrategy().get("reference"));
        assertEquals(ref.posts(), ref.arrivals(), "every message of the run was received");
        for (String s : List.of("linked-list", "four-index", "optimistic")) {
            StrategyStats other = AnalysisReport.total(r.byStrategy().get(s));
            assertEquals(ref.posts(), other.posts(), s);
            assertEquals(ref.postedDepthMean(), other.postedDepthMean(), 1e-9, s + " sees the same queues as the reference");
            assertEquals(0, other.disagreements(), s + " matches every message as the reference does");
        }
        assertTrue(r.depthMean(1) >= r.depthMean(32) && r.depthMean(32) >= r.depthMean(128), r.depthMean(1) + " " + r.depthMean(32) + " " + r.depthMean(128));
        long irecvs = 0;
        for (RankLog l : logs) irecvs += l.calls().getOrDefault("MPI_Irecv", 0L) + l.calls().getOrDefault("MPI_Sendrecv", 0L);
        assertEquals(irecvs, ref.posts());
    }
}
