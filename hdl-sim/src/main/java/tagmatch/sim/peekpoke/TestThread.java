package tagmatch.sim.peekpoke;

import java.util.concurrent.Semaphore;

/**
 * One concurrent part of a testbench (a driver, a monitor, a checker), made by
 * {@link Testbench#fork}. It runs only when the {@link Scheduler} hands it the turn, so at most
 * one runs at a time, in a fixed order: its code needs no locks and a run is deterministic.
 */
public final class TestThread {
    /** Thrown inside a thread that the run ends while it waits; it unwinds the thread's body. */
    static final class Ended extends Error {
        private static final long serialVersionUID = 1L;

        Ended() {
            super(null, null, false, false);
        }
    }

    /** What a waiting thread waits for, and how a timeout message shows it. */
    interface Wait {
        boolean over();

        String describe();
    }

    final String name;
    final Semaphore wake = new Semaphore(0);
    private final Scheduler scheduler;
    final Thread thread;
    /** Who handed this thread the turn, to hand it back to. */
    Semaphore returnTo;
    Wait waiting;
    boolean done;
    boolean ended;
    Throwable failure;

    TestThread(Scheduler scheduler, String name, Runnable body) {
        this.scheduler = scheduler;
        this.name = name;
        this.thread = new Thread(() -> {
            wake.acquireUninterruptibly();
            try {
                if (!ended) body.run();
            } catch (Ended e) {
                // the run is over; nothing to report
            } catch (Throwable t) {
                failure = t;
            } finally {
                done = true;
                waiting = null;
                scheduler.finished(this);
            }
        }, "testbench-" + name);
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Waits (in lockstep with the other threads) until this thread has finished. */
    public void join() {
        scheduler.join(this);
    }

    public String name() {
        return name;
    }

    /** Whether the thread's body has returned (or failed, or the run ended it). */
    public boolean done() {
        return done;
    }

    @Override
    public String toString() {
        return name;
    }
}
