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
 * The traces a command reads and how it parses them (a picocli mixin of every {@code trace}
 * command that reads traces): the trace arguments, {@code --parse-threads}, {@code --cache} and
 * {@code --no-cache}, with one set of names and one set of errors. The cache is on by default,
 * but for {@code parse}, which measures parsing ({@link #cacheOnRequest()}).
 */
public final class TraceInputOptions {
    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories (rank files NAME-RRRR.txt[.gz], or subdirectories of them) or rank files")
    List<Path> traces;

    @Option(names = "--parse-threads", paramLabel = "T", description = "rank files parsed in parallel (default: the number of processors)")
    int parseThreads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--cache", paramLabel = "DIR", description = "where parsed rank files (and analyze's finished analyses) are kept, so that "
            + "the next run on an unchanged trace skips parsing (default: $XDG_CACHE_HOME/tagmatch/traces or ~/.cache/tagmatch/traces; "
            + "for parse none: it then keeps only counts, in constant memory)")
    Path cacheDir;

    @Option(names = "--no-cache", description = "parse every rank file, read and write no cache")
    boolean noCache;

    private final boolean cacheByDefault;

    /** The options with the cache on unless {@code --no-cache}. */
    public TraceInputOptions() {
        this(true);
    }

    private TraceInputOptions(boolean cacheByDefault) {
        this.cacheByDefault = cacheByDefault;
    }

    /** The options with no cache unless {@code --cache} names one. */
    public static TraceInputOptions cacheOnRequest() {
        return new TraceInputOptions(false);
    }

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

    /** The trace arguments as given: directories or rank files. */
    public List<Path> paths() {
        return traces;
    }

    /** The cache of parsed rank files, or null with {@code --no-cache} (or, for {@link #cacheOnRequest()}, without {@code --cache}). */
    public TraceCache cache() {
        if (noCache || (!cacheByDefault && cacheDir == null)) {
            return null;
        }
        return new TraceCache(cacheDir != null ? cacheDir : TraceCache.defaultDir());
    }

    /** Rank files parsed at once, checked by {@link #check()}. */
    public int parseThreads() {
        return parseThreads;
    }
}
