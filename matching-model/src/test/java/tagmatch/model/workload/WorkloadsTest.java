package tagmatch.model.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Mpi;

class WorkloadsTest {
    private static long id(Event e) {
        return e instanceof Event.Post p ? p.id() : ((Event.Arrive) e).id();
    }

    @Test
    void sameSpecGivesTheSameEventsAndAnotherSeedOthers() {
        for (String kind : Workloads.kinds()) {
            WorkloadSpec spec = WorkloadSpec.of(kind).withSeed(7);
            assertEquals(Workloads.generate(spec), Workloads.generate(spec), kind);
            if (!kind.equals("with-conflict") && !kind.equals("burst")) {
                assertNotEquals(Workloads.generate(spec).events(), Workloads.generate(spec.withSeed(8)).events(), kind);
            }
        }
    }

    @Test
    void blocksHoldAtMostNArrivalsAndNeverAPost() {
        for (String kind : Workloads.kinds()) {
            for (int n : new int[] {1, 3, 8}) {
                Workload w = Workloads.generate(WorkloadSpec.of(kind).withBlockSize(n).withSeed(n));
                int open = 0;
                Set<Long> ids = new HashSet<>();
                for (Event e : w.events()) {
                    if (e instanceof Event.Arrive) {
                        open++;
                        assertTrue(open <= n, kind + ": block longer than " + n);
                    } else if (e instanceof Event.Post) {
                        assertEquals(0, open, kind + ": post inside a block");
                    } else {
                        assertTrue(open > 0, kind + ": empty block");
                        open = 0;
                    }
                    if (!(e instanceof Event.BlockEnd)) assertTrue(ids.add(id(e)), kind + ": duplicate id " + id(e));
                }
                assertEquals(0, open, kind + ": last block not closed");
            }
        }
    }

    @Test
    void hintsKeepTheForbiddenWildcardsOut() {
        for (String kind : Workloads.kinds()) {
            Workload w = Workloads.generate(WorkloadSpec.of(kind).withWildcardMix(1.0).withHints(Hints.NO_WILDCARDS));
            for (Event e : w.events()) {
                if (e instanceof Event.Post p) {
                    assertTrue(p.source() >= 0 && p.tag() >= 0, kind + ": wildcard under no-wildcards: " + p);
                }
            }
        }
        Workload anyTagOnly = Workloads.generate(WorkloadSpec.of("random").withWildcardMix(1.0)
                .withHints(new Hints(true, false)).withSize(200));
        assertTrue(anyTagOnly.events().stream().anyMatch(e -> e instanceof Event.Post p && p.tag() == Mpi.ANY_TAG));
        assertTrue(anyTagOnly.events().stream().noneMatch(e -> e instanceof Event.Post p && p.source() == Mpi.ANY_SOURCE));
    }

    @Test
    void manyToOneUsesAnySourceAndRandomMixesWildcards() {
        Workload m = Workloads.generate(WorkloadSpec.of("many-to-one"));
        assertTrue(m.events().stream().filter(e -> e instanceof Event.Post)
                .allMatch(e -> ((Event.Post) e).source() == Mpi.ANY_SOURCE));
        Workload r = Workloads.generate(WorkloadSpec.of("random").withSize(400).withWildcardMix(0.5).withComms(3));
        assertTrue(r.events().stream().anyMatch(e -> e instanceof Event.Post p && p.source() == Mpi.ANY_SOURCE));
        assertTrue(r.events().stream().anyMatch(e -> e instanceof Event.Post p && p.tag() == Mpi.ANY_TAG));
        assertTrue(r.events().stream().anyMatch(e -> e instanceof Event.Arrive a && a.comm() == 2));
    }

    @Test
    void shuffleAndBurstPostTagsInOrderAndDifferInArrivalOrder() {
        Workload burst = Workloads.generate(WorkloadSpec.of("burst").withSize(16).withRounds(1));
        Workload shuffle = Workloads.generate(WorkloadSpec.of("shuffle").withSize(16).withRounds(1));
        List<Integer> burstTags = burst.events().stream().filter(e -> e instanceof Event.Arrive)
                .map(e -> ((Event.Arrive) e).tag()).toList();
        List<Integer> shuffleTags = shuffle.events().stream().filter(e -> e instanceof Event.Arrive)
                .map(e -> ((Event.Arrive) e).tag()).toList();
        assertEquals(java.util.stream.IntStream.range(0, 16).boxed().toList(), burstTags);
        assertNotEquals(burstTags, shuffleTags);
        assertEquals(Set.copyOf(burstTags), Set.copyOf(shuffleTags));
        assertEquals(32, shuffle.operations());
    }

    @Test
    void everyKindHasADescription() {
        for (String kind : Workloads.kinds()) assertTrue(Workloads.description(kind).length() > 10, kind);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workloads.description("x"));
        assertTrue(e.getMessage().startsWith("workload kind = 'x' is unknown: legal kinds are no-conflict"), e.getMessage());
    }

    @Test
    void badSpecsAreRejectedNamingTheParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.of("nope"));
        assertEquals("workload kind = 'nope' is unknown: legal kinds are no-conflict, with-conflict, shuffle, burst, "
                + "halo-2d, halo-3d, all-to-all, many-to-one, random", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.of("random").withBlockSize(65));
        assertEquals("blockSize = 65 is illegal: must be 1..64", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.of("random").withWildcardMix(1.5));
        assertEquals("wildcardMix = 1.5 is illegal: must be 0..1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.of("random").withSize(0));
        assertEquals("size = 0 is illegal: must be 1..10000000", e.getMessage());
    }
}
