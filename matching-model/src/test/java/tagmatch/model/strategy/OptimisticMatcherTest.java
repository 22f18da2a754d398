package tagmatch.model.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Costs;
import tagmatch.model.Event;
import tagmatch.model.Matcher;
import tagmatch.model.Matchers;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

/** The optimistic matcher's conflict accounting on seed 000's NC and WC cases and on a slow-path case. */
class OptimisticMatcherTest {
    private static Matcher optimistic(int threads) {
        return Strategies.create("optimistic", StrategyOptions.defaults().withThreads(threads));
    }

    @Test
    void withConflictWorkloadResolvesEveryConflictOnTheFastPath() {
        // 2 rounds of 8 identical receives then 8 messages, blocks of 4: in each block thread 0
        // takes the head and threads 1..3 find it booked, then take head+1..head+3 by shifting.
        Workload w = Workloads.generate(WorkloadSpec.of("with-conflict").withSize(8).withRounds(2).withBlockSize(4));
        Matcher m = optimistic(4);
        assertEquals(Matchers.run(new ReferenceMatcher(Capacities.UNBOUNDED), w.events()), Matchers.run(m, w.events()));
        Costs c = m.costs();
        assertEquals(4, c.blocks());
        assertEquals(12, c.conflicts());
        assertEquals(12, c.fastPath());
        assertEquals(0, c.slowPath());
    }

    @Test
    void noConflictWorkloadHasNoConflicts() {
        Workload w = Workloads.generate(WorkloadSpec.of("no-conflict").withSize(32).withRounds(3).withBlockSize(8));
        Matcher m = optimistic(8);
        assertEquals(Matchers.run(new ReferenceMatcher(Capacities.UNBOUNDED), w.events()), Matchers.run(m, w.events()));
        assertEquals(0, m.costs().conflicts());
        assertEquals(0, m.costs().fastPath() + m.costs().slowPath());
        assertEquals(12, m.costs().blocks());
    }

    @Test
    void incompatibleNextReceiveForcesTheSlowPath() {
        // R0 (0, ANY_TAG) and R1 (0, 5) are different sequences. Both messages of the block pick R0;
        // thread 1 conflicts, R0's label + 1 is R1 but in another sequence: slow path, which finds R1.
        List<Event> events = List.of(new Event.Post(0, 0, 0, -1), new Event.Post(1, 0, 0, 5),
                new Event.Arrive(10, 0, 0, 5), new Event.Arrive(11, 0, 0, 5), new Event.BlockEnd());
        Matcher m = optimistic(4);
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.matched(0), Result.matched(1)), Matchers.run(m, events));
        assertEquals(1, m.costs().conflicts());
        assertEquals(0, m.costs().fastPath());
        assertEquals(1, m.costs().slowPath());
    }

    @Test
    void youngerThreadsResolveAfterAnOlderConflictEvenWithoutTheirOwn() {
        // Thread 1 conflicts with thread 0 on R0 and resolves to R1 (fast path); thread 2's own
        // candidate R2 is unbooked by others, but it must still resolve (slow path) after the conflict.
        List<Event> events = List.of(new Event.Post(0, 0, 1, 1), new Event.Post(1, 0, 1, 1), new Event.Post(2, 0, 2, 2),
                new Event.Arrive(10, 0, 1, 1), new Event.Arrive(11, 0, 1, 1), new Event.Arrive(12, 0, 2, 2),
                new Event.BlockEnd());
        Matcher m = optimistic(4);
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.POSTED, Result.matched(0), Result.matched(1),
                Result.matched(2)), Matchers.run(m, events));
        assertEquals(1, m.costs().conflicts());
        assertEquals(1, m.costs().fastPath());
        assertEquals(1, m.costs().slowPath());
    }

    @Test
    void blocksCloseAfterNArrivalsAndBeforeAPost() {
        Matcher m = optimistic(2);
        m.arrive(new Event.Arrive(0, 0, 1, 1));
        m.arrive(new Event.Arrive(1, 0, 1, 1)); // N reached: block closes
        m.arrive(new Event.Arrive(2, 0, 1, 1));
        assertEquals(Result.matched(0), m.post(new Event.Post(3, 0, 1, 1))); // closes the open block first
        m.endBlock(); // nothing open: not a block
        assertEquals(2, m.costs().blocks());
        assertTrue(m.costs().inspectedPerOperation() >= 0);
    }
}
