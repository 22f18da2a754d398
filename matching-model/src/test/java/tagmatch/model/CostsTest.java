package tagmatch.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every counter of {@link Costs} after a scripted run of operations whose figures are worked out by hand. */
class CostsTest {
    private static Costs scripted() {
        Costs c = new Costs();
        c.inspect(3);
        c.binSearched(5);
        c.endOperation(true, Outcome.MATCHED, 2, 7);      // post, matched: 3 inspected
        c.inspect(1);
        c.binSearched(2);
        c.endOperation(true, Outcome.POSTED, 6, 1);       // post, unmatched: 1 inspected
        c.inspect(4);
        c.inspect(2);
        c.endOperation(false, Outcome.MATCHED, 1, 3);     // arrival, matched: 6 inspected
        c.endOperation(false, Outcome.FULL, 0, 0);        // arrival, unmatched (FULL): 0 inspected
        c.endOperation(false, 4, 2);                      // arrival in no path: 0 inspected
        c.recordConflict();
        c.recordConflict();
        c.recordFastPath();
        c.recordSlowPath();
        c.recordSlowPath();
        c.recordSlowPath();
        c.recordBlock();
        return c;
    }

    @Test
    void entriesPassedBeforeAMatchLeaveOutTheMatchesSearchesStoppedAt() {
        Costs c = scripted();
        assertEquals(10, c.passedBeforeMatch(), "nothing found: every inspected entry was passed over");
        c.found();
        c.found();
        assertEquals(8, c.passedBeforeMatch());
        assertEquals(10, c.inspected(), "found() does not change what was inspected");
    }

    @Test
    void aFourIndexSearchStopsAtItsMatchAndCountsOnlyTheEntriesBeforeIt() {
        Matcher m = tagmatch.model.strategy.Strategies.create("four-index", tagmatch.model.strategy.StrategyOptions.defaults().withBins(1));
        for (int tag = 1; tag <= 3; tag++) m.apply(new Event.Post(tag, 0, 0, tag));
        m.apply(new Event.Arrive(10, 0, 0, 3)); // passes receives 1 and 2, stops at 3
        m.apply(new Event.Arrive(11, 0, 0, 9)); // finds none: passes 1 and 2
        assertEquals(4, m.costs().passedBeforeMatch());
        assertEquals(5, m.costs().inspected());
    }

    @Test
    void countersAddUpOverOperations() {
        Costs c = scripted();
        assertEquals(2, c.posts());
        assertEquals(3, c.arrivals());
        assertEquals(5, c.operations());
        assertEquals(10, c.inspected());
        assertEquals(6, c.maxInspected());
        assertEquals(6, c.postedDepthMax());
        assertEquals(7, c.unexpectedDepthMax());
        assertEquals(2, c.binSearches());
        assertEquals(5, c.binDepthMax());
        assertEquals(2, c.conflicts());
        assertEquals(1, c.fastPath());
        assertEquals(3, c.slowPath());
        assertEquals(1, c.blocks());
        assertEquals(1, c.full());
    }

    @Test
    void theFourPathsCountAndAverageTheirOwnOperations() {
        Costs c = scripted();
        assertEquals(List.of(1L, 1L, 1L, 1L), List.of(c.postsMatched(), c.postsUnmatched(), c.arrivalsMatched(), c.arrivalsUnmatched()));
        assertEquals(3.0, c.inspectedPerPostMatched());
        assertEquals(1.0, c.inspectedPerPostUnmatched());
        assertEquals(6.0, c.inspectedPerArrivalMatched());
        assertEquals(0.0, c.inspectedPerArrivalUnmatched());
    }

    @Test
    void meansDivideByOperationsOrSearches() {
        Costs c = scripted();
        assertEquals(2.0, c.inspectedPerOperation());
        assertEquals((2 + 6 + 1 + 0 + 4) / 5.0, c.postedDepthMean());
        assertEquals((7 + 1 + 3 + 0 + 2) / 5.0, c.unexpectedDepthMean());
        assertEquals(3.5, c.binDepthMean());
    }

    @Test
    void nothingRunGivesZerosNotNaN() {
        Costs c = new Costs();
        assertEquals(0.0, c.inspectedPerOperation());
        assertEquals(0.0, c.binDepthMean());
        assertEquals(0.0, c.inspectedPerPostMatched());
        assertEquals(0L, c.summary().get("posts"));
    }

    @Test
    void theSummaryNamesEveryCounterInAStableOrder() {
        Costs c = scripted();
        assertEquals(List.of("posts", "arrivals", "posts_matched", "posts_unmatched", "arrivals_matched", "arrivals_unmatched", "full",
                "inspected", "inspected_per_op", "max_inspected_per_op", "inspected_per_post_matched", "inspected_per_post_unmatched",
                "inspected_per_arrival_matched", "inspected_per_arrival_unmatched", "posted_depth_mean", "posted_depth_max",
                "unexpected_depth_mean", "unexpected_depth_max", "bin_depth_mean", "bin_depth_max", "conflicts", "fast_path", "slow_path",
                "blocks"), List.copyOf(c.summary().keySet()));
        assertEquals(2L, c.summary().get("posts"));
        assertEquals(3L, c.summary().get("slow_path"));
        assertEquals(2.6, c.summary().get("unexpected_depth_mean"));
        assertEquals(c.summary().toString(), c.toString());
    }
}
