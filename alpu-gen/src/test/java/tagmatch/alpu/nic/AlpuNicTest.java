package tagmatch.alpu.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Matcher;
import tagmatch.model.Mpi;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

class AlpuNicTest {

    private static AlpuNic nic(int cells, int threshold, Capacities caps, long seed) {
        return new AlpuNic(new ModelDevice(AlpuConfig.seed(cells, 2, Variant.PRQ), seed),
                new ModelDevice(AlpuConfig.seed(cells, 2, Variant.UMQ), seed + 1), MatchLayout.DEFAULT, caps, threshold);
    }

    private static void assertSameAsReference(Matcher nic, Capacities caps, List<Event> events, String what) {
        ReferenceMatcher ref = new ReferenceMatcher(caps);
        int i = 0;
        for (Event e : events) {
            Result expected = ref.apply(e);
            Result actual = nic.apply(e);
            assertEquals(expected, actual, what + ", event #" + i + " " + e);
            i++;
        }
    }

    @Test
    void givesExactlyTheReferenceMatchesOnRandomWorkloadsWithWildcards() {
        int[][] setups = {{2, 1}, {4, 1}, {4, 3}, {8, 2}, {16, 5}, {128, 1}};
        long seed = 1;
        for (String kind : Workloads.kinds()) {
            for (int[] s : setups) {
                WorkloadSpec spec = WorkloadSpec.of(kind).withSeed(seed).withSize(24).withRounds(3).withWildcardMix(0.3)
                        .withComms(2);
                Workload w = Workloads.generate(spec);
                assertSameAsReference(nic(s[0], s[1], Capacities.UNBOUNDED, seed), Capacities.UNBOUNDED, w.events(),
                        kind + " cells=" + s[0] + " threshold=" + s[1]);
                seed++;
            }
        }
    }

    @Test
    void manySeedsOfTheRandomWorkloadWithHeavyWildcardsAndBoundedQueues() {
        Capacities caps = new Capacities(20, 20);
        for (long seed = 1; seed <= 40; seed++) {
            WorkloadSpec spec = WorkloadSpec.of("random").withSeed(seed).withSize(60).withRounds(4).withPeers(3)
                    .withWildcardMix(0.5).withComms(2);
            assertSameAsReference(nic(4 << (seed % 3), 1 + (int) (seed % 4), caps, seed), caps,
                    Workloads.generate(spec).events(), "random seed " + seed);
        }
    }

    @Test
    void matchesInTheAlpuNeedNoSoftwareSearch() {
        AlpuNic n = nic(8, 1, Capacities.UNBOUNDED, 3);
        for (int i = 0; i < 6; i++) n.post(new Event.Post(i, 0, 1, i));
        assertEquals(6, n.postedInAlpu());
        assertEquals(Result.matched(4), n.arrive(new Event.Arrive(100, 0, 1, 4)));
        assertEquals(0, n.lastTraversed());
        assertEquals(Result.UNEXPECTED, n.arrive(new Event.Arrive(101, 0, 1, 77)));
        assertEquals(0, n.lastTraversed(), "all posted receives are in the ALPU: nothing to search");
        assertEquals(Result.matched(101), n.post(new Event.Post(102, 0, Mpi.ANY_SOURCE, Mpi.ANY_TAG)));
    }

    @Test
    void entriesBeyondTheAlpuAreSearchedInSoftwareInOrder() {
        AlpuNic n = nic(2, 1, Capacities.UNBOUNDED, 4);
        for (int i = 0; i < 5; i++) n.post(new Event.Post(i, 0, 1, 9));
        assertEquals(2, n.postedInAlpu());
        assertEquals(Result.matched(0), n.arrive(new Event.Arrive(10, 0, 1, 9)));
        assertEquals(0, n.lastTraversed());
        // The ALPU refills from the software part after each event; the oldest stays first.
        for (long expect = 1; expect < 5; expect++) assertEquals(Result.matched(expect), n.arrive(new Event.Arrive(10 + expect, 0, 1, 9)));
    }

    @Test
    void insertThresholdKeepsShortQueuesInSoftware() {
        AlpuNic n = nic(8, 4, Capacities.UNBOUNDED, 5);
        for (int i = 0; i < 3; i++) n.post(new Event.Post(i, 0, 1, i));
        assertEquals(0, n.postedInAlpu());
        assertEquals(0, n.batches());
        n.post(new Event.Post(3, 0, 1, 3));
        assertEquals(4, n.postedInAlpu());
        assertEquals(1, n.batches());
        assertEquals(Result.matched(2), n.arrive(new Event.Arrive(9, 0, 1, 2)));
    }

    @Test
    void badInputIsRefusedLikeTheReferenceAndOversizedFieldsAreNamed() {
        AlpuNic n = nic(4, 1, Capacities.UNBOUNDED, 6);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> n.arrive(new Event.Arrive(1, 0, -1, 0)));
        assertTrue(e.getMessage().contains("arrive.source = -1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> n.post(new Event.Post(1, 0, 70_000, 0)));
        assertEquals("post.source = 70000 does not fit the 16-bit source field of the match bits: must be 0..65535",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> n.arrive(new Event.Arrive(1, 1024, 0, 0)));
        assertEquals("arrive.comm = 1024 does not fit the 10-bit comm field of the match bits: must be 0..1023",
                e.getMessage());
    }

    @Test
    void devicesMustFitTheLayout() {
        ModelDevice prq = new ModelDevice(AlpuConfig.seed(8, 2, Variant.PRQ), 1);
        ModelDevice umq = new ModelDevice(AlpuConfig.seed(8, 2, Variant.UMQ), 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new AlpuNic(umq, prq, MatchLayout.DEFAULT, Capacities.UNBOUNDED, 1));
        assertEquals("prq device must be a PRQ ALPU, got UMQ", e.getMessage());
        ModelDevice narrow = new ModelDevice(AlpuConfig.of(8, 2, 40, 16, Variant.UMQ), 1);
        e = assertThrows(IllegalArgumentException.class,
                () -> new AlpuNic(prq, narrow, MatchLayout.DEFAULT, Capacities.UNBOUNDED, 1));
        assertEquals("UMQ ALPU MATCH_W = 40 is too narrow for the 42-bit match layout", e.getMessage());
        ModelDevice fewTags = new ModelDevice(AlpuConfig.of(8, 2, 42, 2, Variant.UMQ), 1);
        e = assertThrows(IllegalArgumentException.class,
                () -> new AlpuNic(prq, fewTags, MatchLayout.DEFAULT, Capacities.UNBOUNDED, 1));
        assertEquals("UMQ ALPU TAG_W = 2 cannot name 8 cells: need TAG_W >= log2(CELLS)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new AlpuNic(prq, umq, MatchLayout.DEFAULT, Capacities.UNBOUNDED, 0));
        assertEquals("insertThreshold must be >= 1, got 0", e.getMessage());
    }
}
