package tagmatch.model.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Matcher;
import tagmatch.model.Matchers;
import tagmatch.model.Result;

/** Hand-written scenarios with hand-written answers, run on the reference and on every strategy. */
class StrategyScenariosTest {
    private static final int ANY = -1;

    static Stream<String> all() {
        List<String> n = new ArrayList<>(Strategies.names());
        n.add(0, "reference");
        return n.stream();
    }

    static Stream<String> wildcardCapable() {
        return all().filter(n -> !n.equals("single-hash"));
    }

    private static Matcher create(String name, Capacities caps) {
        // Small bins and thresholds so that collisions and partner extraction happen in tiny scenarios.
        return Strategies.create(name, StrategyOptions.defaults().withCapacities(caps).withBins(2).withThreads(4)
                .withPartners(PartnerSettings.defaults().withThreshold(2).withStaticPartners(java.util.Set.of(3))));
    }

    private static List<Result> run(String name, Capacities caps, Event... events) {
        return Matchers.run(create(name, caps), List.of(events));
    }

    private static Event.Post p(long id, int comm, int source, int tag) { return new Event.Post(id, comm, source, tag); }
    private static Event.Arrive a(long id, int comm, int source, int tag) { return new Event.Arrive(id, comm, source, tag); }
    private static final Event.BlockEnd END = new Event.BlockEnd();

    @ParameterizedTest
    @MethodSource("wildcardCapable")
    void c1AcrossIndexesTakesTheEarliestPostedReceive(String name) {
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.POSTED, Result.POSTED,
                        Result.matched(0), Result.matched(1), Result.matched(2), Result.matched(3), Result.UNEXPECTED),
                run(name, Capacities.UNBOUNDED,
                        p(0, 0, ANY, ANY), p(1, 0, 3, ANY), p(2, 0, ANY, 5), p(3, 0, 3, 5),
                        a(10, 0, 3, 5), a(11, 0, 3, 5), a(12, 0, 3, 5), a(13, 0, 3, 5), END, a(14, 0, 3, 5), END));
    }

    @ParameterizedTest
    @MethodSource("wildcardCapable")
    void anySourceReceiveBetweenTwoSpecificOnesIsTakenInPostingOrder(String name) {
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.POSTED,
                        Result.matched(0), Result.matched(1), Result.matched(2)),
                run(name, Capacities.UNBOUNDED, p(0, 0, 3, 5), p(1, 0, ANY, 5), p(2, 0, 3, 5),
                        a(10, 0, 3, 5), a(11, 0, 3, 5), a(12, 0, 3, 5), END));
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.POSTED,
                        Result.matched(1), Result.matched(0), Result.matched(2)),
                run(name, Capacities.UNBOUNDED, p(0, 0, 3, 5), p(1, 0, ANY, 5), p(2, 0, 3, 5),
                        a(10, 0, 4, 5), a(11, 0, 3, 5), a(12, 0, 3, 5), END));
    }

    @ParameterizedTest
    @MethodSource("all")
    void c2MessagesFromOneSenderMatchInArrivalOrder(String name) {
        assertEquals(List.of(Result.UNEXPECTED, Result.UNEXPECTED, Result.UNEXPECTED,
                        Result.matched(10), Result.matched(12), Result.matched(11)),
                run(name, Capacities.UNBOUNDED, a(10, 0, 3, 5), a(11, 0, 3, 6), a(12, 0, 3, 5), END,
                        p(0, 0, 3, 5), p(1, 0, 3, 5), p(2, 0, 3, 6)));
    }

    @ParameterizedTest
    @MethodSource("wildcardCapable")
    void wildcardReceiveTakesTheEarliestArrivedMessageOfAnySource(String name) {
        assertEquals(List.of(Result.UNEXPECTED, Result.UNEXPECTED, Result.UNEXPECTED, Result.UNEXPECTED,
                        Result.matched(11), Result.matched(10), Result.matched(12), Result.matched(13)),
                run(name, Capacities.UNBOUNDED, a(10, 0, 4, 1), a(11, 0, 3, 2), a(12, 0, 3, 1), a(13, 0, 5, 9), END,
                        p(0, 0, ANY, 2), p(1, 0, ANY, 1), p(2, 0, 3, ANY), p(3, 0, ANY, ANY)));
    }

    @ParameterizedTest
    @MethodSource("all")
    void communicatorsAreSeparate(String name) {
        assertEquals(List.of(Result.POSTED, Result.UNEXPECTED, Result.matched(0), Result.matched(10)),
                run(name, Capacities.UNBOUNDED, p(0, 1, 3, 5), a(10, 0, 3, 5), a(11, 1, 3, 5), END, p(1, 0, 3, 5)));
    }

    @ParameterizedTest
    @MethodSource("all")
    void capacityExhaustionReportsFullAndStoresNothing(String name) {
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.FULL,
                        Result.UNEXPECTED, Result.FULL, Result.matched(0),
                        Result.matched(12), Result.POSTED),
                run(name, new Capacities(2, 1),
                        p(0, 0, 1, 1), p(1, 0, 1, 2), p(2, 0, 1, 3),
                        a(12, 0, 1, 3), a(13, 0, 1, 4), a(14, 0, 1, 1), END,
                        p(3, 0, 1, 3), p(4, 0, 1, 9)));
    }

    @ParameterizedTest
    @MethodSource("all")
    void badInputIsRejectedWithTheSameMessageAndChangesNothing(String name) {
        Matcher m = create(name, new Capacities(2, 2));
        assertEquals(Result.POSTED, m.post(p(0, 0, 1, 1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.arrive(a(9, 0, -1, 1)));
        assertEquals("arrive.source = -1 is illegal: a message's source must be >= 0 (messages never carry wildcards)",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.post(p(9, 0, 1, -2)));
        assertEquals("post.tag = -2 is illegal: must be >= 0 or ANY_TAG (-1)", e.getMessage());
        // Nothing changed: the one stored receive still matches, the queue still has room for exactly one more.
        assertEquals(Result.POSTED, m.post(p(1, 0, 2, 2)));
        assertEquals(Result.FULL, m.post(p(2, 0, 3, 3)));
        assertEquals(Result.matched(0), m.arrive(a(10, 0, 1, 1)));
        assertEquals(4, m.costs().operations(), "only accepted calls are operations");
    }

    @ParameterizedTest
    @MethodSource("all")
    void aForbiddenWildcardIsRejectedUnderItsHint(String name) {
        Matcher m = Strategies.create(name, StrategyOptions.defaults().withHints(Hints.NO_WILDCARDS).withCommunicators(2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.post(p(0, 0, ANY, 1)));
        assertEquals("post.source = ANY_SOURCE (-1) is forbidden by the no-any-source hint", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.post(p(0, 0, 1, ANY)));
        assertEquals("post.tag = ANY_TAG (-1) is forbidden by the no-any-tag hint", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.arrive(a(0, 2, 1, 1)));
        assertEquals("arrive.comm = 2 is an unknown communicator: known are 0..1", e.getMessage());
        assertEquals(Result.POSTED, m.post(p(1, 0, 1, 1)));
    }

    @org.junit.jupiter.api.Test
    void singleHashRejectsWildcardsEvenWithoutHints() {
        Matcher m = Strategies.create("single-hash", StrategyOptions.defaults());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.post(p(0, 0, ANY, 1)));
        assertEquals("post.source = ANY_SOURCE (-1) is forbidden by the no-any-source hint", e.getMessage());
        assertEquals(Result.UNEXPECTED, m.arrive(a(1, 0, 4, 1)));
        assertEquals(Result.matched(1), m.post(p(2, 0, 4, 1)));
    }

    @org.junit.jupiter.api.Test
    void onlySingleHashNeedsTheNoWildcardHints() {
        for (String n : Strategies.names()) {
            assertEquals(!n.equals("single-hash"), Strategies.accepts(n, new Hints(true, false)), n);
            assertEquals(true, Strategies.accepts(n, Hints.NO_WILDCARDS), n);
        }
        assertThrows(IllegalArgumentException.class, () -> Strategies.accepts("bogus", Hints.NONE));
    }

    @org.junit.jupiter.api.Test
    void unknownStrategyNameListsTheLegalOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Strategies.create("bogus", StrategyOptions.defaults()));
        assertEquals("strategy = 'bogus' is unknown: legal strategies are reference, linked-list, per-source, "
                + "four-index, single-hash, optimistic, partner-static, partner-dynamic", e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void optionsRejectIllegalValuesNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StrategyOptions.defaults().withThreads(65));
        assertEquals("threads = 65 is illegal: must be 1..64", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> StrategyOptions.defaults().withBins(0));
        assertEquals("bins = 0 is illegal: must be 1..1048576", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PartnerSettings.defaults().withThreshold(0));
        assertEquals("partner threshold = 0 is illegal: must be >= 1", e.getMessage());
    }
}
