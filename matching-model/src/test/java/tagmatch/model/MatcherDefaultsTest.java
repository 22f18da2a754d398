package tagmatch.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.strategy.StrategyOptions;

/** What every {@link Matcher} inherits, and that each strategy answers to the name it is created by. */
class MatcherDefaultsTest {
    /** A matcher that implements only what it must: records what reached it. */
    private static final class Minimal implements Matcher {
        int posts, arrivals;

        @Override public String name() { return "minimal"; }
        @Override public Result post(Event.Post receive) { posts++; return Result.POSTED; }
        @Override public Result arrive(Event.Arrive message) { arrivals++; return Result.UNEXPECTED; }
    }

    @Test
    void applyDispatchesByKindAndBlockEndsAnswerNothing() {
        Minimal m = new Minimal();
        assertEquals(Result.POSTED, m.apply(new Event.Post(0, 0, 1, 2)));
        assertEquals(Result.UNEXPECTED, m.apply(new Event.Arrive(1, 0, 1, 2)));
        assertNull(m.apply(new Event.BlockEnd()));
        assertEquals(1, m.posts);
        assertEquals(1, m.arrivals);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.apply(null));
        assertEquals("event must not be null", e.getMessage());
    }

    @Test
    void aMatcherThatCountsNothingReportsFreshEmptyCosts() {
        Minimal m = new Minimal();
        Costs c = m.costs();
        assertEquals(0, c.operations());
        c.endOperation(true, 0, 0);
        assertNotSame(c, m.costs());
        assertEquals(0, m.costs().operations());
    }

    @Test
    void everyStrategyAnswersToItsOwnName() {
        assertEquals("reference", Strategies.create("reference", StrategyOptions.defaults()).name());
        for (String name : Strategies.names()) assertEquals(name, Strategies.create(name, StrategyOptions.defaults()).name());
    }
}
