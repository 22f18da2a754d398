package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.process.WorkerPool;

/**
 * {@code --jobs N}: how many of a figure's or a bench's independent simulations run at once, on
 * the worker pool {@code tagmatch sweep} runs its tasks on (a picocli mixin).
 */
public final class JobsOption {
    /** What one simulating worker may need: a 16 x 16 cluster's instance and its run's data, with room. */
    static final long MEM_PER_RUN_MB = 1024;

    @Option(names = "--jobs", paramLabel = "N", description = "simulations at once, >= 1, on the worker pool of tagmatch sweep: the result is "
            + "the same for any N (default: the cores; never more than the cores or than the memory allows)")
    Integer jobs;

    /** The workers: {@code --jobs}, checked, bounded by the cores and the memory. */
    public int workers() {
        int requested = jobs == null ? Runtime.getRuntime().availableProcessors() : (int) OptionCheck.atLeast("--jobs", jobs, 1);
        return WorkerPool.workers(requested, MEM_PER_RUN_MB);
    }

    /** Whether the user gave {@code --jobs}. */
    public boolean given() {
        return jobs != null;
    }

    /** The cluster's runs on {@code sim}'s simulator for {@code work}, on these workers. */
    public ClusterRuns runs(SimOption sim, ClusterSimulator.Work work) {
        return new ClusterRuns(sim.choice(work), workers());
    }
}
