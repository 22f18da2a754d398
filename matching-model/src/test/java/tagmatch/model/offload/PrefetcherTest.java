package tagmatch.model.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Seed 003 §5.3 on Fig. 8's skewed window of 64 messages of 1 MiB (a read takes α·bytes + β ≈ 84.9 µs). */
class PrefetcherTest {
    private static final long MIB = 1 << 20;
    private static final OffloadSettings OFFLOAD = OffloadSettings.defaults();

    private static Map<String, Long> run(PrefetchSettings p, long bytes, int iterations, long... skewNs) {
        return Prefetcher.run(SkewedWindow.generate(64, bytes, iterations, skewNs), OFFLOAD, p).summary();
    }

    private static Map<String, Long> counts(long unexpected, long prefetched, long useful, long useless, long noSlot, long tooLarge, long declined) {
        return Map.of("unexpected_rendezvous", unexpected, "prefetched", prefetched, "useful", useful, "useless", useless, "no_slot", noSlot,
                "too_large", tooLarge, "declined", declined);
    }

    @Test
    void aReceiverLateByMoreThanAReadHasEveryUnexpectedMessagePrefetchedAndEachIsUseful() {
        assertEquals(counts(192, 192, 192, 0, 0, 0, 0), run(PrefetchSettings.defaults(), MIB, 3, 1_000_000));
    }

    @Test
    void aPoolOfSixteenSlotsPrefetchesSixteenMessagesOfEachWindow() {
        assertEquals(counts(192, 48, 48, 0, 144, 0, 0), run(PrefetchSettings.defaults().withPool(16, MIB), MIB, 3, 1_000_000));
    }

    @Test
    void aReceiverLateByLessThanAReadStopsBeingPrefetchedAfterItsFirstUselessPrefetch() {
        // Ten messages arrive before the first receive, 10 µs late: each of those prefetches is
        // still running when its receive comes, and from the first outcome on the history declines.
        assertEquals(counts(192, 10, 0, 10, 0, 0, 182), run(PrefetchSettings.defaults(), MIB, 3, 10_000));
    }

    @Test
    void aReceiverThatBecomesLateIsPrefetchedAgainByTheOutcomesOfTheMessagesTheHistoryDeclined() {
        // Window 1 (10 µs late): 10 useless, the rest declined. Window 2 (1 ms late): declined, but
        // each would have been useful, which fills the history with useful outcomes. Window 3: all.
        assertEquals(counts(192, 74, 64, 10, 0, 0, 118), run(PrefetchSettings.defaults(), MIB, 3, 10_000, 1_000_000, 1_000_000));
    }

    @Test
    void messagesLargerThanASlotAndEagerMessagesAreNotPrefetched() {
        assertEquals(counts(64, 0, 0, 0, 0, 64, 0), run(PrefetchSettings.defaults(), 2 * MIB, 1, 1_000_000));
        assertEquals(counts(0, 0, 0, 0, 0, 0, 0), run(PrefetchSettings.defaults(), 1024, 1, 1_000_000));
    }

    @Test
    void aReceiverOnTimeHasNoUnexpectedMessage() {
        assertEquals(counts(0, 0, 0, 0, 0, 0, 0), run(PrefetchSettings.defaults(), MIB, 2, 0));
    }

    @Test
    void badSettingsNameTheParameterAndItsRange() {
        assertEquals("pool-slots must be >= 0, got -1",
                assertThrows(IllegalArgumentException.class, () -> new PrefetchSettings(-1, MIB, 16, 0.5)).getMessage());
        assertEquals("useful-share must be in [0, 1], got 1.5",
                assertThrows(IllegalArgumentException.class, () -> PrefetchSettings.defaults().withHistory(16, 1.5)).getMessage());
        assertEquals("history must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> PrefetchSettings.defaults().withHistory(0, 0.5)).getMessage());
    }
}
