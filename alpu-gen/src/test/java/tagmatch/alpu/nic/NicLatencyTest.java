package tagmatch.alpu.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NicLatencyTest {
    private final NicLatency seed = NicLatency.seed();

    @Test
    void seedDefaultsGiveTheSeedsFourHundredEntryTraversal() {
        // seed 001 VI-B: "the time to traverse an entire 400-entry list is 13 us"
        assertEquals(256 * 15 + 144 * 64, seed.traversalNs(400), 1e-9);
        assertEquals(13.0, seed.traversalNs(400) / 1000, 0.1);
        assertEquals(15 * 10, seed.traversalNs(10), 1e-9);
    }

    @Test
    void alpuCostsTheInteractionPlusItsCyclesAtTheClock() {
        assertEquals(80 + 7 * 2, seed.alpuNs(7), 1e-9);
        assertEquals(80 + 7 * 10, new NicLatency(15, 64, 256, 80, 100, 1000, 30).alpuNs(7), 1e-9);
    }

    @Test
    void postedBreakEvenIsAFewEntriesAndTheAlpuDelaysTheCacheCliff() {
        int breakEven = 0;
        while (seed.postedNs(breakEven) < seed.postedNs(7, 0)) breakEven++;
        assertTrue(breakEven >= 5 && breakEven <= 7, "break-even " + breakEven);
        // 300 entries, 256 of them in the ALPU: 44 entries at cache speed, none beyond
        assertEquals(seed.alpuNs(7) + 44 * 15, seed.postedNs(7, 44), 1e-9);
    }

    @Test
    void unexpectedQueueLosesAFewTensOfNanosecondsShortAndBreaksEvenNearSeventy() {
        double loss = seed.unexpectedNs(7, 0) - seed.unexpectedNs(0);
        assertEquals(30, loss, 1e-9);
        int breakEven = 1;
        while (seed.unexpectedNs(breakEven) < seed.unexpectedNs(7, 0)) breakEven++;
        assertTrue(breakEven >= 65 && breakEven <= 75, "break-even " + breakEven);
    }

    @Test
    void badParametersAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new NicLatency(15, 64, 256, 80, 0, 1000, 30));
        assertEquals("clockMhz must be a positive number, got 0.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new NicLatency(-1, 64, 256, 80, 500, 1000, 30));
        assertEquals("inCacheNs must be >= 0, got -1.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new NicLatency(15, 64, -3, 80, 500, 1000, 30));
        assertEquals("cacheEntries must be >= 0, got -3", e.getMessage());
    }
}
