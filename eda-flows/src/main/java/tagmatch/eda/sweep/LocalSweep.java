package tagmatch.eda.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import tagmatch.process.ProgressMeter;

/**
 * {@code tagmatch sweep} here: one shard of a sweep's tasks that its results directory does not
 * hold yet, run on a worker pool bounded by the cores and the available memory
 * ({@link LocalRunner}).
 */
public final class LocalSweep {
    /**
     * @param jobs           workers asked for; fewer run when the cores or the memory allow fewer
     * @param memPerWorkerMb what one worker may need
     * @param retryFailed    run again the tasks that failed, could not run or were skipped
     */
    public record Settings(Sweep sweep, Path dir, Shard shard, boolean retryFailed, int jobs, long memPerWorkerMb) {}

    private LocalSweep() {}

    /**
     * Claims {@code dir} for the sweep (refusing another sweep's directory), prints one line on
     * what will run, runs it, and returns what the store then holds for the shard's tasks.
     */
    public static SweepResult run(Settings s, PrintWriter o, ProgressMeter.Factory progress) throws IOException, InterruptedException {
        ResultStore store = ResultStore.open(s.dir());
        store.claim(s.sweep());
        List<Task> tasks = s.sweep().tasks();
        List<Task> mine = s.shard().of(tasks);
        int pool = LocalRunner.workers(s.jobs(), s.memPerWorkerMb());
        long start = System.nanoTime();
        LocalRunner.runMissing(store, s.sweep(), mine, s.retryFailed(), pool, "sweep " + s.shard(), (todo, done) -> {
            o.printf("sweep: %d configurations, steps %s, %d tasks; shard %s: %d tasks, %d already done, %d to run on %d workers%n",
                    s.sweep().grid().configs().size(), String.join(",", s.sweep().steps().stream().map(Step::name).toList()), tasks.size(),
                    s.shard(), mine.size(), done, todo, pool);
            o.flush();
        }, progress);
        return new SweepResult(SweepOutcome.of(store, mine), (System.nanoTime() - start) / 1_000_000_000L, store.dir());
    }
}
