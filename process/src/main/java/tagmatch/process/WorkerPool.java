package tagmatch.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * A bounded pool of workers on this machine, each running one task at a time: no more workers
 * than cores (so at most one yosys, Verilator build or simulation per core) and than the
 * available memory divided by what one worker may need. {@code tagmatch sweep} runs its tasks on
 * it, and the figures and benches that split into independent simulations run theirs.
 */
public final class WorkerPool {
    /** What one worker may need by default: a 256-cell synthesis takes about 1.5 GiB. */
    public static final long DEFAULT_MEM_PER_WORKER_MB = 2048;

    private WorkerPool() {}

    /** Workers for {@code jobs} requested and {@code memPerWorkerMb} each: bounded by cores and available memory, at least one. */
    public static int workers(int jobs, long memPerWorkerMb) {
        int cores = Runtime.getRuntime().availableProcessors();
        long byMemory = Math.max(1, availableMemoryMb() / memPerWorkerMb);
        return (int) Math.max(1, Math.min(jobs, Math.min(cores, byMemory)));
    }

    /** MemAvailable of /proc/meminfo in MiB; the JVM's view of physical memory when that cannot be read. */
    public static long availableMemoryMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        } catch (IOException | NumberFormatException ignored) {
            // not Linux: fall through
        }
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getFreeMemorySize() / (1024 * 1024);
        }
        return Runtime.getRuntime().maxMemory() / (1024 * 1024);
    }

    /**
     * Runs {@code work} on every task on {@code workers} threads (one: in order, on the caller's
     * thread) and returns the results in the order of {@code tasks}, whatever order they finished
     * in. A task that throws stops the others not yet started, and its exception is rethrown.
     */
    public static <T, R> List<R> map(List<T> tasks, int workers, Function<T, R> work) throws InterruptedException {
        List<R> out = new ArrayList<>(tasks.size());
        if (workers <= 1 || tasks.size() <= 1) {
            for (T t : tasks) out.add(work.apply(t));
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(workers, tasks.size()), r -> {
            Thread t = new Thread(r, "tagmatch-worker");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (T t : tasks) futures.add(pool.submit(() -> work.apply(t)));
            for (Future<R> f : futures) out.add(f.get());
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            throw new IllegalStateException("a worker failed: " + c, c);
        } finally {
            pool.shutdownNow();
        }
        return out;
    }
}
