package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Mpi;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.otm.OtmConfig;

/**
 * The DPA handler and host software's fallback as one system at tiny capacities: seed 003's
 * section 4.1 hazards (a receive kept in software, a later one offloaded, a message matching
 * both; the same for messages) answered as MPI orders them, and the build without the rule
 * caught on them; a few hundred small seeded workloads natively, and some under
 * ThreadSanitizer and qemu-riscv64.
 */
class FallbackCosimTest {
    private static final OtmConfig ONE_EACH = OtmConfig.defaults().withThreads(4).withBins(16).withCapacities(1, 1);
    private static final Path WORK = Path.of("target", "otm-work").toAbsolutePath();
    private static final Hints NO_HINTS = new Hints(false, false);

    /**
     * Receive r0 fills the table, r1 is kept in software, a message takes r0 and frees the
     * table, and r2 (ANY_SOURCE) could be offloaded: s1 matches r1 and r2 and must take r1
     * (C1), s2 takes r2.
     */
    static List<Event> receiveKeptInSoftware() {
        return List.of(new Event.Post(0, 0, 1, 1), new Event.Post(1, 0, 1, 5), new Event.Arrive(10, 0, 1, 1), new Event.BlockEnd(),
                new Event.Post(2, 0, -1, 5), new Event.Arrive(11, 0, 1, 5), new Event.BlockEnd(),
                new Event.Arrive(12, 0, 1, 5), new Event.BlockEnd());
    }

    /**
     * Message u0 fills the unexpected storage, u1 of the same sender goes to software, a post
     * takes u0 and frees the storage, and u2 could be stored on the DPA: the next post must
     * take u1 (C2), the one after it u2.
     */
    static List<Event> messageKeptInSoftware() {
        return List.of(new Event.Arrive(20, 0, 1, 1), new Event.BlockEnd(), new Event.Arrive(21, 0, 1, 1), new Event.BlockEnd(),
                new Event.Post(0, 0, 1, 1), new Event.Arrive(22, 0, 1, 1), new Event.BlockEnd(),
                new Event.Post(1, 0, 1, 1), new Event.Post(2, 0, 1, 1));
    }

    @Test
    void seed003TheCallKeptInSoftwareIsMatchedBeforeTheOneOffloadedAfterIt() {
        FirmwareBuild b = FirmwareBuild.generate(ONE_EACH, CosimSupport.ROOT);
        Path handler = b.artifact("handler", "otm_handler");
        for (List<Event> events : List.of(receiveKeptInSoftware(), messageKeptInSoftware())) {
            assertEquals(OpResult.MATCHED, SystemCosim.expected(events, NO_HINTS).get(4).status());
            SystemCosim.Verdict v = SystemCosim.run(List.of(), handler, events, NO_HINTS, WORK, List.of());
            assertNull(v.problem(), events.toString());
            // certain whatever the timing: the kept call and the one after it find the DPA's table full or
            // the DPA held, and their matches can meet them only in host software
            assertEquals(new SystemCosim.ByHost(2, 2), SystemCosim.certainlyByHost(events, NO_HINTS, CosimSupport.caps(ONE_EACH)));
            assertTrue(v.byHost() >= 4, "the kept call, the one after it and both matches were host software's: " + v.byHost());
        }
    }

    @Test
    void theBuildWithoutTheRuleLetsTheOffloadedCallOvertake() {
        FirmwareBuild b = FirmwareBuild.generate(ONE_EACH, CosimSupport.ROOT);
        Path unordered = b.artifact("handler-unordered", "otm_handler_unordered");
        SystemCosim.Verdict c1 = SystemCosim.run(List.of(), unordered, receiveKeptInSoftware(), NO_HINTS, WORK, List.of());
        assertNotNull(c1.problem(), "s1 took r2, offloaded after r1");
        assertTrue(c1.problem().startsWith("operation 4 Arrive[id=11"), c1.problem());
        assertTrue(c1.problem().contains("reference MATCHED(1), firmware MATCHED(2)"), c1.problem());
        SystemCosim.Verdict c2 = SystemCosim.run(List.of(), unordered, messageKeptInSoftware(), NO_HINTS, WORK, List.of());
        assertNotNull(c2.problem(), "the post took u2, stored after u1");
        assertTrue(c2.problem().contains("reference MATCHED(21), firmware MATCHED(22)"), c2.problem());
    }

    @Test
    void dpaAndHostTogetherEqualTheReferenceOnSeededWorkloadsAtTinyCapacities() {
        FallbackSoak s = FallbackSoak.run("native", 6_000, 1, 0, 0, CosimSupport.ROOT, n -> { });
        assertNull(s.failure());
        assertTrue(s.streams() >= 40, "streams: " + s.streams());
        for (int c : FallbackSoak.CAPACITIES) {
            assertTrue(s.byCapacity().stream().anyMatch(x -> x.receives() == c && x.byHost() > 0), "receive capacity " + c + " overflowed");
            assertTrue(s.byCapacity().stream().anyMatch(x -> x.unexpected() == c && x.byHost() > 0), "unexpected capacity " + c + " overflowed");
        }
        assertAtLeastTheCertainCalls(s);
        // the share certain whatever the timing: host software answers more when it reports late
        assertTrue(s.certainByHost() > s.operations() / 10, "host software answers " + s.certainByHost() + " of " + s.operations() + " calls");
        assertTrue(s.certainReceivesByHost() > 0 && s.certainReceivesByHost() < s.certainByHost(),
                "host software answers receives and messages both: " + s.certainReceivesByHost() + " receives of " + s.certainByHost());
        assertTrue(s.wildcardPosts() > s.posts() / 10, "wildcard receives: " + s.wildcardPosts() + " of " + s.posts());
    }

    @Test
    void everyWorkloadKindGetsWildcardsTheHintsAllow() {
        for (String kind : Workloads.kinds()) {
            List<Event> ev = Workloads.generate(WorkloadSpec.of(kind)
                    .withSeed(3).withSize(16).withRounds(2).withComms(1)).events();
            List<Event> all = FallbackSoak.mixWildcards(ev, Hints.NONE, 3);
            assertEquals(ev.size(), all.size());
            assertTrue(count(all, true, false) > 0 && count(all, false, true) > 0, kind + ": ANY_SOURCE and ANY_TAG both mixed in");
            List<Event> tagsOnly = FallbackSoak.mixWildcards(ev, new Hints(true, false), 3);
            assertEquals(count(ev, true, false), count(tagsOnly, true, false), kind + ": no ANY_SOURCE added under mpi_assert_no_any_source");
            assertTrue(count(tagsOnly, false, true) > count(ev, false, true), kind);
        }
    }

    /** Host software answered every call that no room on the DPA left to it, receives and messages each. */
    private static void assertAtLeastTheCertainCalls(FallbackSoak s) {
        long messages = s.byHost() - s.receivesByHost(), certainMessages = s.certainByHost() - s.certainReceivesByHost();
        assertTrue(s.receivesByHost() >= s.certainReceivesByHost() && messages >= certainMessages,
                "host software answered " + s.receivesByHost() + " receives and " + messages + " messages, the DPA had no room for "
                        + s.certainReceivesByHost() + " and " + certainMessages);
    }

    /** Receives with ANY_SOURCE (source) or ANY_TAG (tag). */
    private static long count(List<Event> events, boolean source, boolean tag) {
        return events.stream().filter(e -> e instanceof Event.Post p
                && ((source && p.source() == Mpi.ANY_SOURCE) || (tag && p.tag() == Mpi.ANY_TAG))).count();
    }

    @Test
    void theSystemIsCleanUnderThreadSanitizer() {
        FallbackSoak s = FallbackSoak.run("tsan", 700, 11, 0, 0, CosimSupport.ROOT, n -> { });
        assertNull(s.failure());
        assertAtLeastTheCertainCalls(s);
        assertTrue(s.certainByHost() > 0, "host software answers calls");
    }

    @Test
    void theSystemEqualsTheReferenceUnderQemuRiscv() {
        FallbackSoak s = FallbackSoak.run("riscv", 500, 21, 0, 0, CosimSupport.ROOT, n -> { });
        assertNull(s.failure());
        assertAtLeastTheCertainCalls(s);
        assertTrue(s.certainByHost() > 0, "host software answers calls");
    }
}
