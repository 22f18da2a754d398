package tagmatch.model.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Seed 004's edge point (section 4.1) worked out by hand, and the partners chosen above it. */
class EdgeMetricAndPartnerSelectionTest {
    @Test
    void averageMedianAndUpperFenceOfUnsortedCounts() {
        long[] counts = {8, 1, 4, 2};
        assertEquals(3.75, EdgeMetric.AVERAGE.edge(counts, 1.5));
        assertEquals(3.0, EdgeMetric.MEDIAN.edge(counts, 1.5));                 // sorted 1 2 4 8: halfway between 2 and 4
        assertEquals(5.0 + 1.0 * (5.0 - 1.75), EdgeMetric.UPPER_FENCE.edge(counts, 1.0)); // Q1 = 1.75, Q3 = 5
        assertEquals(4.0 + 1.5 * 2.0, EdgeMetric.UPPER_FENCE.edge(new long[] {5, 4, 3, 2, 1}, 1.5));
        assertEquals(8, counts[0], "the caller's counts stay unsorted");
    }

    @Test
    void noCountsMeansNoEdgeAnyoneCouldExceed() {
        for (EdgeMetric m : EdgeMetric.values()) assertEquals(Double.POSITIVE_INFINITY, m.edge(new long[0], 1.5));
    }

    @Test
    void metricsParseFromTheirNames() {
        assertEquals(EdgeMetric.AVERAGE, EdgeMetric.parse("average"));
        assertEquals(EdgeMetric.MEDIAN, EdgeMetric.parse("median"));
        assertEquals(EdgeMetric.UPPER_FENCE, EdgeMetric.parse("upper-fence"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EdgeMetric.parse("mean"));
        assertTrue(e.getMessage().startsWith("edge metric = 'mean' is unknown"), e.getMessage());
    }

    @Test
    void partnersAreTheLargestCountsStrictlyAboveTheEdgeTiesBySmallerSource() {
        Map<Integer, Long> counts = Map.of(7, 10L, 3, 10L, 5, 12L, 1, 1L, 2, 1L);
        // average 6.8: 5, 3 and 7 are above; largest first, then the smaller source of the tie
        assertEquals(Set.of(5), PartnerSettings.select(counts, EdgeMetric.AVERAGE, 1.5, 1));
        assertEquals(Set.of(5, 3), PartnerSettings.select(counts, EdgeMetric.AVERAGE, 1.5, 2));
        assertEquals(Set.of(3, 5, 7), PartnerSettings.select(counts, EdgeMetric.AVERAGE, 1.5, 8));
        assertEquals(Set.of(), PartnerSettings.select(Map.of(1, 2L, 2, 2L), EdgeMetric.AVERAGE, 1.5, 8), "equal to the edge is not above it");
        assertEquals(Set.of(), PartnerSettings.select(Map.<Integer, Long>of(), EdgeMetric.MEDIAN, 1.5, 8));
    }

    @Test
    void binsAreTheSameFixedMixOnEveryRunAndJvm() {
        // published bin figures (docs/BENCHMARKS.md) depend on these exact bins
        assertEquals(95, Bins.of(128, 1, 2, 3));
        assertEquals(91, Bins.of(128, 3, 2, 1));
        assertEquals(708, Bins.of(1000, 7, -1, 5));
        assertEquals(22, Bins.of(64, 0, 1, 0));
        assertEquals(16, Bins.of(64, 0, 0, 1));
        assertEquals(81, Bins.of(97, 123456, 2, -1));
    }
}
