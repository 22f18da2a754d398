package tagmatch.testbench.firmware;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tagmatch.model.Event;

/**
 * Runs event streams through a loaded library: posts on the calling thread, each block's
 * messages on N long-lived Java threads released together by a barrier, so the C code sees
 * really concurrent otm_match_msg calls in whatever interleaving the scheduler picks.
 */
public final class NativeCosim implements AutoCloseable {
    private final OtmApi api;
    private final int threads;
    private final CyclicBarrier start;
    private final CyclicBarrier done;
    private final Thread[] workers;
    private final int[] status;
    private final long[] partner;
    private final Event.Arrive[] block;
    private volatile Pointer ctx;
    private volatile int count;
    private volatile boolean stop;
    private volatile Throwable failure;
    private long[] lastStats = new long[OtmApi.STATS];

    public NativeCosim(OtmApi api, int threads) {
        this.api = api;
        this.threads = threads;
        this.start = new CyclicBarrier(threads + 1);
        this.done = new CyclicBarrier(threads + 1);
        this.status = new int[threads];
        this.partner = new long[threads];
        this.block = new Event.Arrive[threads];
        this.workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int tid = t;
            workers[t] = new Thread(() -> work(tid), "otm-t" + t);
            workers[t].setDaemon(true);
            workers[t].start();
        }
    }

    private void work(int tid) {
        long[] out = new long[1];
        try {
            for (;;) {
                start.await();
                if (stop) return;
                if (tid < count) {
                    Event.Arrive a = block[tid];
                    out[0] = -1;
                    int st = api.matchMsg(ctx, tid, a.source(), a.tag(), a.id(), out);
                    status[tid] = st;
                    partner[tid] = st == OpResult.MATCHED ? out[0] : -1;
                }
                done.await();
            }
        } catch (InterruptedException | BrokenBarrierException e) {
            if (!stop) failure = e;
        } catch (Throwable e) {
            failure = e;
        }
    }

    /** Runs one communicator's events on a fresh context; one result per post or arrival. */
    public List<OpResult> run(List<Event> events) {
        long bytes = api.ctxBytes();
        try (Memory mem = new Memory(bytes + 64)) {
            ctx = mem.align(64);
            int rc = api.init(ctx);
            if (rc != 0) throw new IllegalStateException("otm_init returned " + rc);
            List<OpResult> results = new ArrayList<>();
            long[] out = new long[1];
            count = 0;
            for (Event e : events) {
                if (e instanceof Event.Post p) {
                    flush(results);
                    out[0] = -1;
                    int st = api.postRecv(ctx, p.source(), p.tag(), p.id(), out);
                    results.add(new OpResult(st, st == OpResult.MATCHED ? out[0] : -1));
                } else if (e instanceof Event.Arrive a) {
                    if (count == threads) flush(results);
                    block[count++] = a;
                } else {
                    flush(results);
                }
            }
            flush(results);
            lastStats = api.stats(ctx);
            return results;
        }
    }

    /** otm_get_stats after the last {@link #run}. */
    public long[] lastStats() {
        return lastStats.clone();
    }

    private void flush(List<OpResult> results) {
        if (count == 0) return;
        api.blockBegin(ctx, count);
        try {
            start.await();
            done.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException("block barrier broken", e);
        }
        if (failure != null) throw new IllegalStateException("worker failed: " + failure, failure);
        api.blockEnd(ctx);
        for (int t = 0; t < count; t++) results.add(new OpResult(status[t], partner[t]));
        count = 0;
    }

    @Override
    public void close() {
        stop = true;
        try {
            // a worker stuck in a block (a lost wake-up, a broken barrier) never arrives: a
            // failed test must end, not hang on it
            start.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (BrokenBarrierException | TimeoutException e) {
            // the workers that can leave have left
        }
        for (Thread w : workers) {
            try {
                w.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
