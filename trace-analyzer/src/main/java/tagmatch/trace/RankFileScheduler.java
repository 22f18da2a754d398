package tagmatch.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import tagmatch.process.UserError;

/**
 * Schedules the rank files of one trace onto a pool of parallel readers, one file per task (seed
 * 000 section V-A parses per rank in parallel too: traces have few ranks but long files), each
 * taken from the {@link TraceCache} when it holds it and read by {@link DumpiReader} otherwise,
 * into {@link RankLog}s.
 */
public final class RankFileScheduler {
    private RankFileScheduler() {}

    /** Total size in bytes of the files, for a progress bar. */
    public static long bytes(List<Path> files) {
        long n = 0;
        for (Path f : files) {
            try {
                n += Files.size(f);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
            }
        }
        return n;
    }

    /**
     * Parses {@code files} (index = rank) with {@code threads} parallel readers; {@code progress}
     * receives bytes read so far across all files (called from the reader threads).
     */
    public static List<RankLog> parse(List<Path> files, int threads, LongConsumer progress) {
        return parse(files, threads, progress, null);
    }

    /**
     * As above, taking each rank file's log from {@code cache} when it holds a valid one and
     * storing the others there ({@code null}: no cache).
     */
    public static List<RankLog> parse(List<Path> files, int threads, LongConsumer progress, TraceCache cache) {
        return parse(files, threads, progress, true, DumpiReader.Parsing.FAST_PATH, cache, Scope.TRACE, null);
    }

    /** What a parse checks beyond the format of each file. */
    public enum Scope {
        /** The files are the ranks of one trace: complete, and as many as MPI_COMM_WORLD has. */
        TRACE,
        /** Each file on its own (one rank file of a larger trace): complete. */
        FILES
    }

    /**
     * As above; {@code keepOps = false} only counts the operations (constant memory per file);
     * {@code parsing} chooses the record parser; with {@code partial} non-null an incomplete rank
     * file is reported to it instead of failing the parse.
     */
    public static List<RankLog> parse(List<Path> files, int threads, LongConsumer progress, boolean keepOps, DumpiReader.Parsing parsing,
                               TraceCache cache, Scope scope, java.util.function.Consumer<String> partial) {
        AtomicLong done = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, files.size())));
        try {
            List<Future<RankLog>> futures = new ArrayList<>();
            for (int rank = 0; rank < files.size(); rank++) {
                Path file = files.get(rank);
                int r = rank;
                futures.add(pool.submit(() -> {
                    RankLog cached = cache == null ? null : cache.load(file, r);
                    if (cached != null) {
                        progress.accept(done.addAndGet(Files.size(file)));
                        return cached;
                    }
                    RankLog log = new RankLog(r, file.toString(), keepOps);
                    long[] last = {0};
                    DumpiReader.read(file, new P2pExtractor(log), n -> {
                        progress.accept(done.addAndGet(n - last[0]));
                        last[0] = n;
                    }, parsing);
                    if (cache != null) cache.store(file, log);
                    return log;
                }));
            }
            List<RankLog> logs = new ArrayList<>();
            for (Future<RankLog> f : futures) logs.add(get(f));
            for (RankLog l : logs) {
                if (scope == Scope.TRACE && l.worldSize() >= 0 && l.worldSize() != logs.size()) {
                    throw new UserError(l.file() + ": MPI_Comm_size reports " + l.worldSize() + " ranks in MPI_COMM_WORLD, but the trace has "
                            + logs.size() + " rank files");
                }
            }
            for (RankLog l : logs) {
                String why = l.incompleteness();
                if (why == null) continue;
                if (partial == null) {
                    throw new UserError(l.file() + ": " + why + (scope == Scope.TRACE
                            ? "; analyze --allow-partial takes such a trace as it is, with a warning" : ""));
                }
                partial.accept(l.file() + ": " + why);
            }
            return logs;
        } finally {
            pool.shutdownNow();
        }
    }

    private static RankLog get(Future<RankLog> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while parsing traces", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err; // out of memory on a huge record, say
            throw new IllegalStateException(e.getCause());
        }
    }
}
