package tagmatch.dpa;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import tagmatch.process.WorkerPool;

/**
 * How the independent runs of a figure or a bench are simulated: on which simulator, and on how
 * many workers of a {@link WorkerPool} at once (each run a fresh instance of one built cluster, so
 * runs in parallel give what they give one after the other).
 *
 * @param workers runs at once, at least 1
 */
public record ClusterRuns(SimulatorChoice simulator, int workers) {
    public ClusterRuns {
        if (simulator == null) throw new IllegalArgumentException("simulator must be given");
        if (workers < 1) throw new IllegalArgumentException("workers must be >= 1, got " + workers);
    }

    /** One run at a time on {@code s}. */
    public static ClusterRuns serial(ClusterSimulator s) {
        return new ClusterRuns(SimulatorChoice.of(s), 1);
    }

    /** Builds {@code config} with {@code devices} on the chosen simulator. */
    public DpaRun build(DpaConfig config, List<DeviceSlot> devices) {
        return DpaRun.build(config, simulator, devices);
    }

    /** {@code run} on every task on the workers; the results in the order of {@code tasks}. */
    public <T, R> List<R> map(List<T> tasks, Function<T, R> run) {
        try {
            return WorkerPool.map(tasks, workers, run);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while simulating");
        }
    }
}
