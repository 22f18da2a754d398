package tagmatch.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code tagmatch trace parse}: the format of traces checked and the parse's throughput measured,
 * one line per trace. A rank file named on its own is checked on its own; a directory as a whole
 * trace. Without a cache only counts are kept, so memory stays flat however large the trace.
 */
public final class ParseCheck {
    private ParseCheck() {}

    /**
     * Parses every trace of {@code paths} with {@code threads} readers and {@code parsing};
     * {@code lines} hears each trace's line as soon as it is parsed.
     *
     * @param cache where rank files are taken from and stored; null for none
     */
    public static void run(List<Path> paths, int threads, DumpiReader.Parsing parsing, TraceCache cache, Consumer<String> lines) {
        List<TraceFiles.Trace> work = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isRegularFile(p)) work.add(TraceFiles.single(p));
            else dirs.add(p);
        }
        if (!dirs.isEmpty()) work.addAll(TraceFiles.find(dirs));
        String parser = parsing == DumpiReader.Parsing.FAST_PATH ? "fast" : "grammar";
        for (TraceFiles.Trace t : work) {
            boolean single = t.ranks().size() == 1 && paths.contains(t.ranks().get(0));
            long bytes = RankFileScheduler.bytes(t.ranks());
            long start = System.nanoTime();
            int hits = cache == null ? 0 : cache.hits();
            List<RankLog> logs = RankFileScheduler.parse(t.ranks(), threads, n -> {}, cache != null, parsing, cache,
                    single ? RankFileScheduler.Scope.FILES : RankFileScheduler.Scope.TRACE, null);
            double seconds = (System.nanoTime() - start) / 1e9;
            long records = 0, ops = 0;
            for (RankLog l : logs) {
                for (long n : l.calls().values()) records += n;
                ops += l.opCount();
            }
            lines.accept(String.format(Locale.ROOT, "%s: %d ranks, %d records, %d point-to-point operations, %.1f MB in %.2f s: %.1f MB/s (%d threads, %s)",
                    t.name(), logs.size(), records, ops, bytes / 1e6, seconds, bytes / 1e6 / seconds, Math.min(threads, logs.size()),
                    cache == null ? parser + " parser" : (cache.hits() - hits) + " of " + logs.size() + " rank files from the cache"));
        }
    }
}
