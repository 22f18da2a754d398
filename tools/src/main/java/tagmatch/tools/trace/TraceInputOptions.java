package tagmatch.tools.trace;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;
import tagmatch.trace.TraceCache;
import tagmatch.trace.TraceFiles;

/**
 * The traces a command reads and how it parses them (a picocli mixin of the commands that run
 * traces through a matcher): the trace arguments, {@code --parse-threads}, {@code --cache} and
 * {@code --no-cache}, with one set of names and one set of errors.
 */
public final class TraceInputOptions {
    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories or rank files, as for analyze")
    List<Path> traces;

    @Option(names = "--parse-threads", paramLabel = "T", description = "rank files parsed in parallel (default: the number of processors)")
    int parseThreads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--cache", paramLabel = "DIR", description = "where parsed rank files are kept, as for analyze "
            + "(default: $XDG_CACHE_HOME/tagmatch/traces or ~/.cache/tagmatch/traces)")
    Path cacheDir;

    @Option(names = "--no-cache", description = "parse every rank file, read and write no cache")
    boolean noCache;

    /** Checks every option without reading a trace, so that a bad value fails before any work. */
    public void check() {
        OptionCheck.atLeast("--parse-threads", parseThreads, 1);
        if (noCache && cacheDir != null) throw new UsageError("--cache and --no-cache exclude each other");
        OptionCheck.directoryIfPresent("--cache", cacheDir);
    }

    /** The traces named on the command line, each with its rank files; a missing or empty one fails naming it. */
    public List<TraceFiles.Trace> find() {
        return TraceFiles.find(traces);
    }

    /** The cache of parsed rank files, or null with {@code --no-cache}. */
    public TraceCache cache() {
        return noCache ? null : new TraceCache(cacheDir != null ? cacheDir : TraceCache.defaultDir());
    }

    /** Rank files parsed at once, checked by {@link #check()}. */
    public int parseThreads() {
        return parseThreads;
    }
}
