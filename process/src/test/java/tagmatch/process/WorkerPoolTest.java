package tagmatch.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {
    @Test
    void resultsComeInTheTasksOrderWhateverOrderTheyFinishIn() throws InterruptedException {
        // the first task waits until the second has run, so it finishes last
        CountDownLatch second = new CountDownLatch(1);
        List<String> out = WorkerPool.map(List.of(1, 2, 3), 2, n -> {
            if (n == 1) {
                try {
                    assertTrue(second.await(60, TimeUnit.SECONDS), "the second task never ran beside the first");
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (n == 2) second.countDown();
            return "t" + n;
        });
        assertEquals(List.of("t1", "t2", "t3"), out);
    }

    @Test
    void oneWorkerRunsTheTasksInOrderOnTheCallersThread() throws InterruptedException {
        Thread caller = Thread.currentThread();
        assertEquals(List.of(2, 4), WorkerPool.map(List.of(1, 2), 1, n -> {
            assertSame(caller, Thread.currentThread());
            return 2 * n;
        }));
    }

    @Test
    void aTasksFailureIsRethrownAsItself() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkerPool.map(List.of(1, 2, 3), 2, n -> {
            if (n == 2) throw new IllegalArgumentException("task 2 failed");
            return n;
        }));
        assertEquals("task 2 failed", e.getMessage());
    }

    @Test
    void workersAreBoundedByTheCoresAndAtLeastOne() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(1, WorkerPool.workers(1, 64));
        assertTrue(WorkerPool.workers(1000, 64) <= cores);
        assertEquals(1, WorkerPool.workers(4, Long.MAX_VALUE / 2), "one worker even when the memory allows none");
    }
}
