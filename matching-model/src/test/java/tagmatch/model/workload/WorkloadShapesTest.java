package tagmatch.model.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Mpi;

/** The exact shape each generator promises (see {@link Workloads}): counts, sources, tags and order per round. */
class WorkloadShapesTest {
    /** The posts and arrivals of a workload, block ends dropped. */
    private static List<Event> ops(WorkloadSpec spec) {
        List<Event> out = new ArrayList<>();
        for (Event e : Workloads.generate(spec).events()) if (!(e instanceof Event.BlockEnd)) out.add(e);
        return out;
    }

    private static List<Event.Post> posts(List<Event> ops) {
        List<Event.Post> out = new ArrayList<>();
        for (Event e : ops) if (e instanceof Event.Post p) out.add(p);
        return out;
    }

    private static List<Event.Arrive> arrivals(List<Event> ops) {
        List<Event.Arrive> out = new ArrayList<>();
        for (Event e : ops) if (e instanceof Event.Arrive a) out.add(a);
        return out;
    }

    private static List<Integer> pair(int source, int tag) {
        return List.of(source, tag);
    }

    @Test
    void noConflictPostsDistinctSourceTagPairsThenTheirMessagesShuffled() {
        WorkloadSpec spec = WorkloadSpec.of("no-conflict").withSize(12).withPeers(5).withRounds(2).withSeed(3);
        List<Event> ops = ops(spec);
        assertEquals(48, ops.size());
        for (int round = 0; round < 2; round++) {
            List<Event> r = ops.subList(24 * round, 24 * round + 24);
            Set<List<Integer>> posted = new HashSet<>(), arrived = new HashSet<>();
            List<Integer> arrivalOrder = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                Event.Post p = (Event.Post) r.get(i);
                assertEquals(pair(i % 5, i / 5), pair(p.source(), p.tag()), "post " + i);
                posted.add(pair(p.source(), p.tag()));
                Event.Arrive a = (Event.Arrive) r.get(12 + i);
                arrived.add(pair(a.source(), a.tag()));
                arrivalOrder.add(a.tag() * 5 + a.source());
            }
            assertEquals(posted, arrived);
            assertTrue(!arrivalOrder.equals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)), "shuffled: " + arrivalOrder);
        }
    }

    @Test
    void withConflictPostsOnePairSizeTimesThenAsManyMessages() {
        List<Event> ops = ops(WorkloadSpec.of("with-conflict").withSize(5).withRounds(3));
        assertEquals(30, ops.size());
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 10; i++) {
                Event e = ops.get(10 * round + i);
                assertEquals(i < 5, e instanceof Event.Post, "round " + round + " event " + i);
                int tag = e instanceof Event.Post p ? p.tag() : ((Event.Arrive) e).tag();
                int source = e instanceof Event.Post p ? p.source() : ((Event.Arrive) e).source();
                assertEquals(pair(0, round), pair(source, tag));
            }
        }
    }

    @Test
    void shuffleAndBurstPostFirstInEvenRoundsAndSendFirstInOddOnes() {
        for (String kind : List.of("shuffle", "burst")) {
            List<Event> ops = ops(WorkloadSpec.of(kind).withSize(6).withRounds(4).withSeed(5));
            assertEquals(48, ops.size(), kind);
            for (int round = 0; round < 4; round++) {
                List<Event> r = ops.subList(12 * round, 12 * round + 12);
                boolean postsFirst = round % 2 == 0;
                List<Integer> postTags = new ArrayList<>(), arrivalTags = new ArrayList<>();
                for (int i = 0; i < 12; i++) {
                    Event e = r.get(i);
                    assertEquals(postsFirst == i < 6, e instanceof Event.Post, kind + " round " + round + " event " + i);
                    if (e instanceof Event.Post p) postTags.add(p.tag());
                    else arrivalTags.add(((Event.Arrive) e).tag());
                }
                assertEquals(List.of(0, 1, 2, 3, 4, 5), postTags, kind);
                if (kind.equals("burst")) assertEquals(List.of(0, 1, 2, 3, 4, 5), arrivalTags);
                else assertEquals(Set.of(0, 1, 2, 3, 4, 5), new HashSet<>(arrivalTags));
            }
        }
    }

    @Test
    void halosPostFieldMajorAndDeliverEachNeighboursFieldsInOrder() {
        for (int neighbours : new int[] {4, 6}) {
            String kind = neighbours == 4 ? "halo-2d" : "halo-3d";
            WorkloadSpec spec = WorkloadSpec.of(kind).withSize(neighbours * 3).withRounds(1).withSeed(9);
            List<Event> ops = ops(spec);
            List<Event.Post> posts = posts(ops);
            List<Event.Arrive> arrivals = arrivals(ops);
            assertEquals(neighbours * 3, posts.size(), kind);
            assertEquals(neighbours * 3, arrivals.size(), kind);
            for (int i = 0; i < posts.size(); i++) assertEquals(pair(i % neighbours, i / neighbours), pair(posts.get(i).source(), posts.get(i).tag()));
            int[] next = new int[neighbours];
            for (Event.Arrive a : arrivals) assertEquals(next[a.source()]++, a.tag(), kind + " neighbour " + a.source());
            // interleaved at random, not all posts first
            assertTrue(ops.get(0) instanceof Event.Arrive || ops.get(ops.size() - 1) instanceof Event.Post
                    || !(ops.get(posts.size()) instanceof Event.Arrive && ops.get(posts.size() - 1) instanceof Event.Post), kind + ": " + ops);
        }
        // fewer messages than neighbours still gives one field each
        assertEquals(8, ops(WorkloadSpec.of("halo-2d").withSize(2).withRounds(1)).size());
    }

    @Test
    void allToAllTakesEveryPeerAsANeighbour() {
        List<Event> ops = ops(WorkloadSpec.of("all-to-all").withPeers(3).withSize(7).withRounds(1));
        assertEquals(12, ops.size()); // max(1, 7 / 3) = 2 fields of 3 peers, posts and arrivals
        Set<Integer> sources = new HashSet<>();
        for (Event.Arrive a : arrivals(ops)) sources.add(a.source());
        assertEquals(Set.of(0, 1, 2), sources);
    }

    @Test
    void manyToOneNamesEachSenderUnderTheNoAnySourceHint() {
        WorkloadSpec spec = WorkloadSpec.of("many-to-one").withSize(10).withRounds(1).withSeed(4);
        List<Event> free = ops(spec);
        for (Event.Post p : posts(free)) assertEquals(Mpi.ANY_SOURCE, p.source());
        List<Event> hinted = ops(spec.withHints(Hints.parse("no-any-source")));
        List<Event.Post> posts = posts(hinted);
        List<Event.Arrive> arrivals = arrivals(hinted);
        assertEquals(10, posts.size());
        for (int i = 0; i < 10; i++) assertEquals(arrivals.get(i).source(), posts.get(i).source(), "post " + i);
    }

    @Test
    void randomMakesSizeOperationsPerRoundWithWildcardsInTheRequestedShare() {
        WorkloadSpec spec = WorkloadSpec.of("random").withSize(2000).withRounds(2).withPeers(3).withWildcardMix(0.5).withComms(3).withSeed(11);
        List<Event> ops = ops(spec);
        assertEquals(4000, ops.size());
        List<Event.Post> posts = posts(ops);
        assertTrue(posts.size() > 1800 && posts.size() < 2200, "about half are posts: " + posts.size());
        int anySource = 0, anyTag = 0, both = 0;
        Set<Integer> tags = new HashSet<>(), comms = new HashSet<>();
        for (Event.Post p : posts) {
            if (p.source() == Mpi.ANY_SOURCE) anySource++;
            if (p.tag() == Mpi.ANY_TAG) anyTag++;
            if (p.source() == Mpi.ANY_SOURCE && p.tag() == Mpi.ANY_TAG) both++;
            if (p.tag() != Mpi.ANY_TAG) tags.add(p.tag());
            comms.add(p.comm());
        }
        // half the receives use a wildcard, each kind (source, tag, both) a third of those
        double wild = (anySource + anyTag - both) / (double) posts.size();
        assertTrue(wild > 0.45 && wild < 0.55, "wildcard share " + wild);
        assertTrue(both > posts.size() / 6 - 100 && both < posts.size() / 6 + 100, "both wildcards: " + both);
        assertTrue(anySource - both > posts.size() / 6 - 100 && anySource - both < posts.size() / 6 + 100, "ANY_SOURCE only: " + (anySource - both));
        assertEquals(Set.of(0, 1, 2), tags); // max(2, min(8, peers)) tags
        assertEquals(Set.of(0, 1, 2), comms);
        for (Event.Arrive a : arrivals(ops)) assertTrue(a.source() >= 0 && a.source() < 3 && a.tag() >= 0 && a.tag() < 3);
        List<Event> tagless = ops(spec.withHints(Hints.parse("no-any-tag")));
        int anySourceHinted = 0;
        for (Event.Post p : posts(tagless)) {
            assertTrue(p.tag() != Mpi.ANY_TAG);
            if (p.source() == Mpi.ANY_SOURCE) anySourceHinted++;
        }
        assertTrue(anySourceHinted > posts.size() / 3 - 150, "ANY_SOURCE still used under no-any-tag: " + anySourceHinted);
    }
}
