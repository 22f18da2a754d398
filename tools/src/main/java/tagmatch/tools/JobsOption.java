package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.process.WorkerPool;

/**
 * {@code --jobs N}: how many independent tasks run at once on this machine's {@link WorkerPool}:
 * a sweep's tasks, the Table IV/V synthesis runs, a figure's or a bench's simulations (a picocli
 * mixin).
 */
public final class JobsOption {
    /** What one simulating worker may need: a 16 x 16 cluster's instance and its run's data, with room. */
    static final long MEM_PER_RUN_MB = 1024;

    @Option(names = "--jobs", paramLabel = "N", description = "tasks at once on this machine (a sweep's tasks, syntheses, simulations), >= 1; "
            + "the results are the same for any N (default: the cores; never more than the cores or than the available memory allows)")
    Integer jobs;

    /** The workers asked for, checked: {@code --jobs}, or the cores. */
    public int requested() {
        return jobs == null ? Runtime.getRuntime().availableProcessors() : (int) OptionCheck.atLeast("--jobs", jobs, 1);
    }

    /** The workers of simulations: {@link #requested()}, bounded by the cores and the memory. */
    public int workers() {
        return WorkerPool.workers(requested(), MEM_PER_RUN_MB);
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
