package tagmatch.sim.peekpoke;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * Runs testbench threads in lockstep on one clock, cooperatively: exactly one thread runs at a
 * time, until it waits ({@code step}, {@code waitUntil}, {@code join}) or returns. In each cycle
 * the waiting threads whose wait is over run in the order they were forked, again until none is
 * ready; then the clock advances one cycle. A forked thread runs at once, until its first wait,
 * before its parent goes on. Each thread is a Java thread, but only as a place to keep its stack:
 * the hand-over through semaphores makes the order, and so every run, deterministic.
 */
final class Scheduler {
    /** Passes over the threads within one cycle before the testbench is judged to chase its own tail. */
    private static final int MAX_PASSES = 100_000;

    private final Testbench bench;
    private final List<TestThread> threads = new ArrayList<>();
    private final Semaphore main = new Semaphore(0);
    private TestThread current;

    Scheduler(Testbench bench) {
        this.bench = bench;
    }

    /** Runs {@code body} as the main thread; returns when it does, ending the threads still waiting. */
    void run(Runnable body, long timeout) {
        TestThread root = spawn("main", body);
        long start = bench.simulator().cycle();
        try {
            handOver(root, main);
            while (true) {
                for (int pass = 0; ; pass++) {
                    if (pass == MAX_PASSES)
                        throw new AssertionError("cycle " + bench.simulator().cycle() + ": testbench threads keep waking each other within one cycle: "
                                + waiting());
                    boolean progressed = false;
                    for (int i = 0; i < threads.size(); i++) {
                        TestThread t = threads.get(i);
                        if (!t.done && t.waiting != null && t.waiting.over()) {
                            t.waiting = null;
                            handOver(t, main);
                            progressed = true;
                        }
                    }
                    if (!progressed) break;
                }
                if (root.done) return;
                if (bench.simulator().cycle() - start >= timeout)
                    throw new AssertionError("cycle " + bench.simulator().cycle() + ": the main testbench thread did not finish within " + timeout
                            + " cycles; " + waiting());
                bench.simulator().step(1);
            }
        } finally {
            endAll();
        }
    }

    TestThread fork(String name, Runnable body) {
        TestThread parent = requireCurrent("fork");
        TestThread child = spawn(name, body);
        handOver(child, parent.wake);
        return child;
    }

    void step(long cycles) {
        long until = bench.simulator().cycle() + cycles;
        await(new TestThread.Wait() {
            public boolean over() { return bench.simulator().cycle() >= until; }
            public String describe() { return "step until cycle " + until; }
        });
    }

    void waitUntil(BooleanSupplier condition, String what) {
        if (condition.getAsBoolean()) return;
        await(new TestThread.Wait() {
            public boolean over() { return condition.getAsBoolean(); }
            public String describe() { return "waitUntil " + what; }
        });
    }

    void join(TestThread target) {
        if (target.done) return;
        await(new TestThread.Wait() {
            public boolean over() { return target.done; }
            public String describe() { return "join " + target.name; }
        });
    }

    /** Called on a thread's own Java thread when its body ends: the turn goes back. */
    void finished(TestThread t) {
        current = null;
        t.returnTo.release();
    }

    private TestThread spawn(String name, Runnable body) {
        TestThread t = new TestThread(this, name, body);
        threads.add(t);
        t.start();
        return t;
    }

    /** Gives {@code t} the turn and blocks {@code self} until it is handed back. */
    private void handOver(TestThread t, Semaphore self) {
        TestThread previous = current;
        t.returnTo = self;
        current = t;
        t.wake.release();
        self.acquireUninterruptibly();
        current = previous;
        if (t.failure != null) fail(t);
    }

    private void await(TestThread.Wait w) {
        TestThread me = requireCurrent(w.describe().split(" ")[0]);
        me.waiting = w;
        current = null;
        me.returnTo.release();
        me.wake.acquireUninterruptibly();
        current = me;
        if (me.ended) throw new TestThread.Ended();
    }

    private TestThread requireCurrent(String what) {
        if (current == null || Thread.currentThread() != current.thread)
            throw new IllegalStateException(what + " must be called from a testbench thread (inside Testbench.run or a forked thread)");
        return current;
    }

    private void fail(TestThread t) {
        Throwable f = t.failure;
        String where = t.name.equals("main") ? "" : "testbench thread " + t.name + ": ";
        if (f instanceof AssertionError && where.isEmpty()) throw (AssertionError) f;
        if (f instanceof RuntimeException && where.isEmpty()) throw (RuntimeException) f;
        throw new AssertionError(where + f.getMessage(), f);
    }

    private String waiting() {
        List<String> w = new ArrayList<>();
        for (TestThread t : threads) if (!t.done && t.waiting != null) w.add(t.name + " waits on " + t.waiting.describe());
        return w.isEmpty() ? "no thread waits" : String.join("; ", w);
    }

    /** Ends every thread still waiting: each unwinds its body from the wait it is in. */
    private void endAll() {
        for (TestThread t : threads) {
            if (!t.done) {
                t.ended = true;
                t.failure = null;
                TestThread previous = current;
                t.returnTo = main;
                current = t;
                t.wake.release();
                main.acquireUninterruptibly();
                current = previous;
            }
        }
    }
}
