package tagmatch.eda.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tagmatch.process.ProgressMeter;
import tagmatch.process.Release;
import tagmatch.process.WorkerPool;

/**
 * Runs a sweep's tasks on this machine on a {@link WorkerPool}: no more workers than cores (so at
 * most one yosys or Verilator build per core) and than the available memory divided by what one
 * worker may need. Each finished task is written to the store at once, so an interrupted run
 * loses only the tasks in flight.
 */
public final class LocalRunner {
    /** What one worker may need by default: a 256-cell synthesis takes about 1.5 GiB. */
    public static final long DEFAULT_MEM_PER_WORKER_MB = WorkerPool.DEFAULT_MEM_PER_WORKER_MB;

    private final ResultStore store;
    private final SweepSettings settings;
    private final int workers;
    private final ProgressMeter.Factory progress;

    LocalRunner(ResultStore store, SweepSettings settings, int workers, ProgressMeter.Factory progress) {
        this.store = store;
        this.settings = settings;
        this.workers = workers;
        this.progress = progress;
    }

    /** Workers for {@code jobs} requested and {@code memPerWorkerMb} each: bounded by cores and available memory, at least one. */
    public static int workers(int jobs, long memPerWorkerMb) {
        return WorkerPool.workers(jobs, memPerWorkerMb);
    }

    /**
     * Hears, before any task runs, how many tasks will run and how many were already done; and
     * each task's line as soon as it is written (from the worker that ran it, so one at a time
     * only if the listener synchronizes).
     */
    public interface Plan {
        void start(int toRun, int alreadyDone);

        default void finished(ResultLine line) {}
    }

    /**
     * Runs the tasks of {@code tasks} that {@code store} does not hold yet (and, with
     * {@code retryFailed}, those that failed) on {@code workers} workers; returns the line of every
     * task of {@code tasks}, in order, null for one that has none. What {@code tagmatch sweep} runs
     * here, and what {@code tagmatch synth --table} runs on the Table IV/V sweep.
     */
    public static List<ResultLine> runMissing(ResultStore store, Sweep sweep, List<Task> tasks, boolean retryFailed, int workers,
                                              String label, Plan plan, ProgressMeter.Factory progress) throws IOException, InterruptedException {
        store.removeStaleTemporaries();
        List<Task> todo = new ArrayList<>();
        for (Task t : tasks) if (!store.settled(t, retryFailed)) todo.add(t);
        plan.start(todo.size(), tasks.size() - todo.size());
        new LocalRunner(store, new SweepSettings(sweep.ops(), sweep.family(), sweep.pnrSeed(), sweep.proveDepth(), store.dir()), workers, progress).run(todo, label, plan);
        List<ResultLine> lines = new ArrayList<>();
        for (Task t : tasks) lines.add(store.read(t.key()).orElse(null));
        return lines;
    }

    /** Runs every task of {@code todo}; returns the lines written, in the order of {@code todo}. */
    List<ResultLine> run(List<Task> todo, String label, Plan plan) throws IOException, InterruptedException {
        List<ResultLine> lines = new ArrayList<>();
        if (todo.isEmpty()) return lines;
        try (ProgressMeter p = progress.start(label, todo.size(), "tasks")) {
            lines.addAll(WorkerPool.map(todo, workers, t -> {
                p.note(t.key());
                ResultLine l = runOne(t);
                try {
                    store.write(l);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                plan.finished(l);
                p.step();
                return l;
            }));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return lines;
    }

    /** Runs one task; anything the step throws becomes an ERROR line naming it, never a lost task. */
    ResultLine runOne(Task t) {
        long start = System.nanoTime();
        Step.Outcome o;
        try {
            o = t.step().run(t, settings);
        } catch (Exception | AssertionError e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            o = new Step.Outcome(TaskVerdict.ERROR, Map.of(), m.strip());
        }
        double seconds = Math.round((System.nanoTime() - start) / 1e6) / 1e3;
        return line(t, o, seconds);
    }

    static ResultLine line(Task t, Step.Outcome o, double seconds) {
        Map<String, String> tools = new TreeMap<>(t.step().tools());
        tools.put("tagmatch", Release.VERSION);
        tools.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        var c = t.config();
        return new ResultLine(t.configKey(), c.variant().name().toLowerCase(java.util.Locale.ROOT), c.cells(), c.block(),
                c.matchWidth(), c.tagWidth(), c.reqFifoDepth(), t.step().name(), t.step().seeded() ? t.seed() : null,
                o.verdict(), o.figures(), o.message(), seconds, tools, ResultStore.host(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }
}
