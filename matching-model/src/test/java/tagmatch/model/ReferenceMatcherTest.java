package tagmatch.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The judge's own rules, each on a hand-written scenario, and its rejection of bad input. */
class ReferenceMatcherTest {
    private static final int ANY = -1;
    private long ids = 100;

    private Event.Post post(int comm, int source, int tag) { return new Event.Post(ids++, comm, source, tag); }
    private Event.Arrive msg(int comm, int source, int tag) { return new Event.Arrive(ids++, comm, source, tag); }

    @Test
    void messageTakesTheEarliestPostedMatchingReceiveC1() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
        Event.Post wild = post(0, ANY, 5);
        Event.Post specific = post(0, 3, 5);
        m.post(wild);
        m.post(specific);
        assertEquals(Result.matched(wild.id()), m.arrive(msg(0, 3, 5)));
        assertEquals(Result.matched(specific.id()), m.arrive(msg(0, 3, 5)));
        assertEquals(Result.UNEXPECTED, m.arrive(msg(0, 3, 5)));
    }

    @Test
    void messagesFromOneSenderMatchInArrivalOrderC2() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
        Event.Arrive first = msg(0, 2, 7);
        Event.Arrive second = msg(0, 2, 7);
        assertEquals(Result.UNEXPECTED, m.arrive(first));
        assertEquals(Result.UNEXPECTED, m.arrive(second));
        assertEquals(Result.matched(first.id()), m.post(post(0, 2, ANY)));
        assertEquals(Result.matched(second.id()), m.post(post(0, ANY, 7)));
    }

    @Test
    void receiveTakesTheEarliestArrivedMatchingUnexpectedMessage() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
        Event.Arrive a = msg(0, 4, 1);
        Event.Arrive b = msg(0, 1, 1);
        m.arrive(a);
        m.arrive(b);
        assertEquals(Result.matched(b.id()), m.post(post(0, 1, 1)));
        assertEquals(Result.matched(a.id()), m.post(post(0, ANY, ANY)));
    }

    @Test
    void anySourceReceivePostedBetweenTwoSpecificOnesKeepsItsPlace() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
        Event.Post r0 = post(0, 3, 5);
        Event.Post r1 = post(0, ANY, 5);
        Event.Post r2 = post(0, 3, 5);
        m.post(r0);
        m.post(r1);
        m.post(r2);
        assertEquals(Result.matched(r0.id()), m.arrive(msg(0, 3, 5)));
        assertEquals(Result.matched(r1.id()), m.arrive(msg(0, 3, 5)));
        assertEquals(Result.matched(r2.id()), m.arrive(msg(0, 3, 5)));
    }

    @Test
    void aReceiveOnlyMatchesMessagesOfItsCommunicator() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
        Event.Post onOne = post(1, ANY, ANY);
        m.post(onOne);
        assertEquals(Result.UNEXPECTED, m.arrive(msg(0, 3, 5)));
        assertEquals(Result.matched(onOne.id()), m.arrive(msg(1, 3, 5)));
    }

    @Test
    void fullPostedQueueReportsFullAndStoresNothing() {
        ReferenceMatcher m = new ReferenceMatcher(new Capacities(1, 1));
        Event.Post kept = post(0, 1, 1);
        assertEquals(Result.POSTED, m.post(kept));
        assertEquals(Result.FULL, m.post(post(0, 2, 2)));
        assertEquals(List.of(kept), m.postedQueue());
        // The refused receive was not stored: its message is unexpected.
        Event.Arrive forRefused = msg(0, 2, 2);
        assertEquals(Result.UNEXPECTED, m.arrive(forRefused));
        assertEquals(Result.FULL, m.arrive(msg(0, 3, 3)));
        assertEquals(List.of(forRefused), m.unexpectedQueue());
        // A post that finds its message matches even though the receive table is full.
        assertEquals(Result.matched(forRefused.id()), m.post(post(0, 2, 2)));
    }

    @Test
    void badInputIsRejectedNamingFieldAndValueAndChangesNothing() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED, new InputRules(new Hints(true, false), 2));
        Event.Post p = post(0, 1, 1);
        Event.Arrive a = msg(1, 2, 2);
        m.post(p);
        m.arrive(a);
        assertRejected(m, "arrive.source = -1 is illegal: a message's source must be >= 0 (messages never carry wildcards)",
                new Event.Arrive(1, 0, -1, 1));
        assertRejected(m, "arrive.tag = -3 is illegal: a message's tag must be >= 0 (messages never carry wildcards)",
                new Event.Arrive(1, 0, 1, -3));
        assertRejected(m, "post.source = -2 is illegal: must be >= 0 or ANY_SOURCE (-1)", new Event.Post(1, 0, -2, 1));
        assertRejected(m, "post.tag = -7 is illegal: must be >= 0 or ANY_TAG (-1)", new Event.Post(1, 0, 1, -7));
        assertRejected(m, "post.source = ANY_SOURCE (-1) is forbidden by the no-any-source hint",
                new Event.Post(1, 1, -1, 2));
        assertRejected(m, "post.comm = 2 is an unknown communicator: known are 0..1", new Event.Post(1, 2, 1, 1));
        assertRejected(m, "arrive.comm = -1 is illegal: must be >= 0", new Event.Arrive(1, -1, 1, 1));
        assertRejected(m, "post.id = -4 is illegal: ids must be >= 0", new Event.Post(-4, 0, 1, 1));
        assertRejected(m, "post must not be null", (Event.Post) null);
        assertEquals(List.of(p), m.postedQueue());
        assertEquals(List.of(a), m.unexpectedQueue());
        assertEquals(2, m.costs().operations(), "rejected events count no operation");
    }

    private static void assertRejected(ReferenceMatcher m, String message, Event event) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> {
                    if (event instanceof Event.Arrive a) m.arrive(a); else m.post((Event.Post) event);
                });
        assertEquals(message, e.getMessage());
    }

    @Test
    void runReturnsOneResultPerPostOrArrivalSkippingBlockEnds() {
        List<Event> events = List.of(new Event.Post(0, 0, 1, 1), new Event.BlockEnd(), new Event.Arrive(1, 0, 1, 1),
                new Event.BlockEnd());
        assertEquals(List.of(Result.POSTED, Result.matched(0)),
                Matchers.run(new ReferenceMatcher(Capacities.UNBOUNDED), events));
    }

    @Test
    void costsCountEntriesInspectedAndDepths() {
        ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
        m.post(post(0, 1, 1));
        m.post(post(0, 2, 2));
        m.arrive(msg(0, 2, 2)); // inspects both receives
        Costs c = m.costs();
        assertEquals(3, c.operations());
        assertEquals(2, c.inspected());
        assertEquals(2, c.maxInspected());
        assertEquals(2, c.postedDepthMax());
        assertEquals((0 + 1 + 2) / 3.0, c.postedDepthMean(), 1e-9);
    }

    @Test
    void costsSplitOperationsIntoSeed002PathsAndCountFull() {
        ReferenceMatcher m = new ReferenceMatcher(new Capacities(1, 1));
        m.post(post(0, 1, 1));   // fail from receive: stored
        m.post(post(0, 2, 2));   // fail from receive: FULL
        m.arrive(msg(0, 3, 3));  // fail from send: inspects the one receive, stored
        m.arrive(msg(0, 1, 1));  // success from send: inspects 1
        m.post(post(0, 3, 3));   // success from receive: inspects 1
        Costs c = m.costs();
        assertEquals(1, c.postsMatched());
        assertEquals(2, c.postsUnmatched());
        assertEquals(1, c.arrivalsMatched());
        assertEquals(1, c.arrivalsUnmatched());
        assertEquals(1, c.full());
        assertEquals(1.0, c.inspectedPerPostMatched(), 1e-9);
        assertEquals(0.0, c.inspectedPerPostUnmatched(), 1e-9);
        assertEquals(1.0, c.inspectedPerArrivalMatched(), 1e-9);
        assertEquals(1.0, c.inspectedPerArrivalUnmatched(), 1e-9);
        assertEquals(List.of("posts", "arrivals", "posts_matched", "posts_unmatched", "arrivals_matched",
                "arrivals_unmatched", "full", "inspected", "inspected_per_op", "max_inspected_per_op",
                "inspected_per_post_matched", "inspected_per_post_unmatched", "inspected_per_arrival_matched",
                "inspected_per_arrival_unmatched", "posted_depth_mean", "posted_depth_max", "unexpected_depth_mean",
                "unexpected_depth_max", "bin_depth_mean", "bin_depth_max", "conflicts", "fast_path", "slow_path",
                "blocks"), List.copyOf(c.summary().keySet()));
    }

    @Test
    void hintsParseAndRejectUnknownNames() {
        assertEquals(Hints.NO_WILDCARDS, Hints.parse("no-wildcards"));
        assertEquals(new Hints(false, true), Hints.parse("no-any-tag"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hints.parse("nope"));
        assertEquals("hints = 'nope' is unknown: legal values are none, no-any-source, no-any-tag, no-wildcards",
                e.getMessage());
    }
}
