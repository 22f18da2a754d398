package tagmatch.model.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ProgressCallsTest {
    @Test
    void recordedCallsGiveTheFirstAtOrAfterAndTheTimeItselfWhenNoneFollows() {
        ProgressCalls p = ProgressCalls.at(300, 100, 200);
        assertEquals(100, p.nextAtOrAfter(0));
        assertEquals(200, p.nextAtOrAfter(200));
        assertEquals(300, p.nextAtOrAfter(201));
        assertEquals(400, p.nextAtOrAfter(400));
    }

    @Test
    void aPeriodicReceiverProgressesAtEveryMultipleOfItsInterval() {
        ProgressCalls p = ProgressCalls.every(1_000);
        assertEquals(0, p.nextAtOrAfter(0));
        assertEquals(1_000, p.nextAtOrAfter(1));
        assertEquals(3_000, p.nextAtOrAfter(3_000));
        assertEquals(-1_000, p.nextAtOrAfter(-1_500));
        assertEquals("progress interval must be >= 1 ns, got 0",
                assertThrows(IllegalArgumentException.class, () -> ProgressCalls.every(0)).getMessage());
    }

    @Test
    void theReadStartsAtThePostWhenTheMessageWaitedAndAtTheNextCallAfterItsArrivalOtherwise() {
        ProgressCalls p = ProgressCalls.every(1_000);
        assertEquals(500, p.readStartNanos(500, 100), "the post finds the waiting message and starts the read");
        assertEquals(2_000, p.readStartNanos(500, 1_200));
        assertEquals(1_200, ProgressCalls.CONTINUOUS.readStartNanos(500, 1_200));
    }
}
