package tagmatch.eda.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tagmatch.process.ProgressMeter;

/**
 * {@code tagmatch sweep --slurm}: a sweep as a Slurm job array, one shard per array task
 * ({@link SlurmRunner}), submitted and followed to its end; or only its script written.
 */
public final class SlurmSweep {
    /** Array tasks when none are asked for: one per task, at most this many. */
    public static final int DEFAULT_MAX_ARRAY_TASKS = 100;

    /**
     * @param poll       time between {@code squeue} polls
     * @param entryPoint the class whose {@code main} each array task runs: the command line that
     *                   started the sweep, which this module does not know
     */
    public record Settings(Sweep sweep, Path dir, SlurmOptions options, Duration poll, String entryPoint) {}

    /** The job-array script and where it was written. */
    public record Script(Path path, String text) {}

    private SlurmSweep() {}

    /** Array tasks for {@code taskCount} tasks when none are asked for. */
    public static int defaultArrayTasks(int taskCount) {
        return Math.min(taskCount, DEFAULT_MAX_ARRAY_TASKS);
    }

    /** Memory of an array task when none is asked for: one worker's for each of its CPUs. */
    public static long defaultTaskMemMb(int cpusPerTask, long memPerWorkerMb) {
        return cpusPerTask * memPerWorkerMb;
    }

    /** Claims {@code dir} for the sweep and writes {@code DIR/slurm/sweep.sbatch}; submits nothing. */
    public static Script writeScript(Settings s) throws IOException {
        ResultStore store = claim(s);
        Path script = runner(store, s, null, ProgressMeter.Factory.NONE).writeScript(memPerWorker(s.options()));
        return new Script(script, Files.readString(script));
    }

    /**
     * Claims {@code dir}, writes the script, submits it, follows the array until no task of it is
     * left (printing the job and then any array task that did not complete), and returns what the
     * store holds for every task of the sweep.
     */
    public static SweepResult run(Settings s, PrintWriter o, ProgressMeter.Factory progress) throws IOException, InterruptedException {
        ResultStore store = claim(s);
        SlurmRunner runner = runner(store, s, o, progress);
        Path script = runner.writeScript(memPerWorker(s.options()));
        List<Task> tasks = s.sweep().tasks();
        long start = System.nanoTime();
        String job = runner.submit(script);
        o.printf("sweep: %d tasks in %d array tasks: submitted job %s (%s); logs in %s%n", tasks.size(), s.options().arrayTasks(), job,
                script, store.dir().resolve("slurm"));
        o.flush();
        Map<String, String> states = runner.follow(job, tasks);
        runner.describe(states);
        return new SweepResult(SweepOutcome.of(store, tasks), (System.nanoTime() - start) / 1_000_000_000L, store.dir());
    }

    private static ResultStore claim(Settings s) throws IOException {
        ResultStore store = ResultStore.open(s.dir());
        store.claim(s.sweep());
        return store;
    }

    private static SlurmRunner runner(ResultStore store, Settings s, PrintWriter o, ProgressMeter.Factory progress) {
        return new SlurmRunner(store, s.options(), s.poll(), s.entryPoint(), o, progress);
    }

    /** Memory of one worker inside an array task: the task's memory shared by its CPUs. */
    private static long memPerWorker(SlurmOptions so) {
        return Math.max(64, so.memMb() / so.cpusPerTask());
    }
}
