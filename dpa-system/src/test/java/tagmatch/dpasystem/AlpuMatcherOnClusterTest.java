package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.otm.OtmConfig;

/**
 * The four matchers behind the handler on a cluster with two 8-cell ALPUs on its bus (seed 001's
 * NIC driver, the hybrid, the list, optimistic matching): every result equals the MPI reference,
 * overflow and wildcards included, the list and the units on one thread and on two.
 */
class AlpuMatcherOnClusterTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final AlpuUnits UNITS = AlpuUnits.of(8, 4, 64, 16);
    static DpaRun dpa;
    static HandlerImage image;
    static HandlerImage hybrid;
    static HandlerImage list;
    static HandlerImage otm;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(new DpaConfig(1, 2, 1, 16), "verilator", UNITS.slots());
        image = HandlerImage.build(OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(64, 64), HandlerImage.Matcher.ALPU, ROOT);
        hybrid = HandlerImage.build(OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(64, 64), HandlerImage.Matcher.HYBRID, ROOT);
        list = HandlerImage.build(OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(64, 64), HandlerImage.Matcher.LIST, ROOT);
        otm = HandlerImage.build(OtmConfig.defaults().withThreads(2).withBins(16).withCapacities(64, 64), HandlerImage.Matcher.OTM, ROOT);
    }

    private void check(int depth, double wildcards, long seed) {
        check(image, depth, wildcards, seed);
    }

    private void check(HandlerImage image, int depth, double wildcards, long seed) {
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, DeepQueues.events(depth, wildcards, seed), DpaRun.Options.defaults(),
                ROOT.resolve("work"));
        assertNull(o.difference(), image.matcher() + ", depth " + depth + ", wildcards " + wildcards + ", seed " + seed);
        assertTrue(o.messages() == 2 * depth, o.messages() + " messages");
    }

    @Test
    void queuesWithinTheUnitsEqualTheReference() {
        check(UNITS.prq().cells(), 0.0, 1);
    }

    @Test
    void queuesFourTimesTheUnitsOverflowToSoftwareAndRefillInMpiOrder() {
        check(4 * UNITS.prq().cells(), 0.0, 2);
    }

    @Test
    void wildcardMixesAtEveryDepthEqualTheReference() {
        for (int depth : new int[] {3, 8, 32}) check(depth, 0.3, 10 + depth);
    }

    @Test
    void theListAndOptimisticMatchingBehindTheSameHandlerAtFourTimesTheCellsWithWildcardsEqualTheReference() {
        check(list, 4 * UNITS.prq().cells(), 0.3, 5);
        check(otm, 4 * UNITS.prq().cells(), 0.3, 6);
    }

    @Test
    void theListAndTheUnitsOnTwoThreadsMatchOneMessageAtATimeInBlockOrder() {
        for (HandlerImage.Matcher m : List.of(HandlerImage.Matcher.LIST, HandlerImage.Matcher.ALPU, HandlerImage.Matcher.HYBRID)) {
            HandlerImage two = HandlerImage.build(OtmConfig.defaults().withThreads(2).withBins(1).withCapacities(64, 64), m, ROOT);
            check(two, 4 * UNITS.prq().cells(), 0.3, 7);
            checkBlocks(two, BenchCase.CONFLICT);
            checkBlocks(two, BenchCase.NO_CONFLICT);
        }
    }

    @Test
    void twoThreadsMatchingTheListAtOnceDifferFromTheReference() {
        HandlerImage unordered = HandlerImage.build(OtmConfig.defaults().withThreads(2).withBins(1).withCapacities(64, 64),
                HandlerImage.Matcher.LIST, ROOT, List.of("OTM_SERIAL_UNORDERED"));
        HandlerRun.Outcome o = HandlerRun.run(dpa, unordered, HandlerFeed.afterSetup(HandlerBench.workload(BenchCase.CONFLICT, 16, 32, 2, 1),
                HandlerFeed.Pace.defaults()), DpaRun.Options.defaults(), ROOT.resolve("work"));
        assertNotNull(o.difference(), "both threads of a block took a receive at once");
        System.out.println("list without the serial order: " + o.difference());
    }

    /** Blocks of two messages, each block followed by its reposts ({@link HandlerBench#workload}). */
    private void checkBlocks(HandlerImage image, BenchCase kase) {
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, HandlerFeed.afterSetup(HandlerBench.workload(kase, 16, 32, 2, 1),
                HandlerFeed.Pace.defaults()), DpaRun.Options.defaults(), ROOT.resolve("work"));
        assertNull(o.difference(), image.matcher() + " on 2 threads, " + kase.label());
    }

    @Test
    void theHybridsHashedOverflowEqualsTheReferenceWithAndWithoutWildcards() {
        check(hybrid, 4 * UNITS.prq().cells(), 0.0, 3);
        check(hybrid, 4 * UNITS.prq().cells(), 0.3, 4);
    }
}
