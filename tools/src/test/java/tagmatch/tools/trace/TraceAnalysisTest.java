package tagmatch.tools.trace;

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
        List<RankLog> logs = TraceParser.parse(t.ranks(), 2, n -> {});
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
