package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.otm.OtmConfig;

/** The DPA memory measured for a matcher follows its tables: one node per entry it may hold, the ALPU driver's tag tables on top. */
class MatcherMemoryTest {
    static final Path ROOT = Path.of("target", "handler-builds-memory");
    static DpaRun dpa;
    static MatcherMemory list64, list128, alpu64, alpu128;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(new DpaConfig(1, 2, 1, 16), "verilator", AlpuMatcherOnClusterTest.UNITS.slots());
        list64 = of(HandlerImage.Matcher.LIST, 64);
        list128 = of(HandlerImage.Matcher.LIST, 128);
        alpu64 = of(HandlerImage.Matcher.ALPU, 64);
        alpu128 = of(HandlerImage.Matcher.ALPU, 128);
    }

    private static MatcherMemory of(HandlerImage.Matcher m, int capacity) {
        OtmConfig c = OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(capacity, capacity);
        return MatcherMemory.of(dpa, HandlerImage.build(c, m, ROOT));
    }

    /** Bytes per entry between two builds whose tables differ by 64 receives and 64 messages, checked to be whole entries. */
    private static long perEntry(MatcherMemory small, MatcherMemory large) {
        long grown = large.allocated() - small.allocated();
        assertEquals(0, grown % 128, small + " against " + large);
        assertEquals(small.context(), large.context(), "the context does not grow with the tables");
        return grown / 128;
    }

    @Test
    void theListAllocatesANodeOfAtLeastFourWordsPerEntry() {
        long node = perEntry(list64, list128);
        assertTrue(node >= 32 && node <= 128, node + " B per entry");
        assertTrue(list64.code() > 0, "no code in the list's object: " + list64);
    }

    @Test
    void theAlpuDriverAllocatesLargerNodesAndItsUnitsTagTablesOnTop() {
        long node = perEntry(alpu64, alpu128);
        assertTrue(node > perEntry(list64, list128) && node <= 128, node + " B per entry");
        long tags = alpu64.allocated() - 128 * node;
        assertTrue(tags >= 2L * AlpuMatcherOnClusterTest.UNITS.prq().cells() * 12, "tag tables of " + tags + " B for two units of 8 cells: " + alpu64);
    }
}
