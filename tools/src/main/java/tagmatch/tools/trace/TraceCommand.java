package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.process.ProgressMeter;
import tagmatch.process.UsageError;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Progress;
import tagmatch.trace.DumpiReader;
import tagmatch.trace.ParseCheck;
import tagmatch.trace.TraceAnalyzer;
import tagmatch.trace.TraceCache;
import tagmatch.trace.TraceFiles;

/** {@code tagmatch trace analyze}: MPI traces (DUMPI text) replayed through every matching strategy. */
@Command(name = "trace",
        mixinStandardHelpOptions = true,
        description = "Analyze MPI traces (DUMPI text format) for message matching.",
        subcommands = {TraceCommand.Analyze.class, TraceCommand.Parse.class, TraceReplayCommand.class, VerifyCommand.class,
                TraceOffloadCommand.class})
public final class TraceCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(name = "analyze",
            mixinStandardHelpOptions = true,
            description = {"Replay MPI traces through every matching strategy.",
                    "Per rank and strategy: queue depth (mean, max), entries inspected per",
                    "operation, optimistic-matching conflicts at N threads; queue depth against",
                    "bins in the form of seed 000 figure 7, and its plot. Messages arrive in the",
                    "order of their senders' send times (see docs/traces.md)."})
    static final class Analyze implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories (rank files NAME-RRRR.txt[.gz], or subdirectories of them) or rank files")
        List<Path> traces;

        @Option(names = "--bins", split = ",", paramLabel = "B", description = "bin counts for queue depth against bins (default: 1,2,4,...,256)")
        List<Integer> bins = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);

        @Option(names = "--strategies", split = ",", paramLabel = "NAME", description = "strategies to run (default: reference and all of the matching-model's)")
        List<String> strategies;

        @CommandLine.Mixin
        tagmatch.tools.ThreadsOption threads = new tagmatch.tools.ThreadsOption(4);

        @Option(names = "--parse-threads", paramLabel = "T", description = "rank files parsed in parallel (default: the number of processors)")
        int parseThreads = Runtime.getRuntime().availableProcessors();

        @Option(names = "--out", paramLabel = "DIR", description = "where summary.txt, per-rank.csv, the tables as CSV and their PNG plots go (default: ${DEFAULT-VALUE})")
        Path out = Path.of("trace-analysis");

        @Option(names = "--no-progress", description = "no progress bar")
        boolean noProgress;

        @Option(names = "--cache", paramLabel = "DIR", description = "where parsed rank files and finished analyses are kept, so that the next analysis "
                + "of an unchanged trace skips parsing, and the same analysis again (same rank files, options and code) only copies its result "
                + "(default: $XDG_CACHE_HOME/tagmatch/traces or ~/.cache/tagmatch/traces)")
        Path cacheDir;

        @Option(names = "--no-cache", description = "parse and analyse everything, read and write no cache")
        boolean noCache;

        @Option(names = "--allow-partial", description = "analyze a trace whose rank files are empty or truncated (with a warning) instead of refusing it")
        boolean allowPartial;

        @CommandLine.Mixin
        ForceOption force = new ForceOption();

        /** A rank file was analysed although partial (--allow-partial warned about it). */
        private volatile boolean partialSeen;

        @Override
        public void run() {
            if (noCache && cacheDir != null) throw new UsageError("--cache and --no-cache exclude each other");
            OptionCheck.directoryIfPresent("--cache", cacheDir);
            TraceCache cache = noCache ? null : new TraceCache(cacheDir != null ? cacheDir : TraceCache.defaultDir());
            for (int b : bins) OptionCheck.range("--bins", b, 1, 1 << 20);
            OptionCheck.atLeast("--parse-threads", parseThreads, 1);
            TraceAnalyzer.Options options = new TraceAnalyzer.Options(strategies != null ? strategies : TraceAnalyzer.Options.allStrategies(),
                    bins, threads.get(), parseThreads, cache, allowPartial);

            List<TraceFiles.Trace> found = TraceFiles.find(traces);
            try (OutputDir dir = force.claim(out, "--out")) { // before the analysis, not after it
                PrintWriter stdout = spec.commandLine().getOut();
                PrintWriter err = spec.commandLine().getErr();
                TraceAnalyzer analyzer = new TraceAnalyzer(options, line -> {
                    err.println(line);
                    err.flush();
                }, noProgress ? ProgressMeter.Factory.NONE : (task, total, unit) -> Progress.bytes(task, total));
                stdout.print(analyzer.analyze(found, dir.staging()));
                dir.commit("analysis");
                stdout.println("wrote " + out.resolve("summary.txt") + ", " + TraceAnalyzer.FILES.substring("summary.txt, ".length()));
                stdout.flush();
            }
        }
    }

    @Command(name = "parse",
            mixinStandardHelpOptions = true,
            description = {"Check the format of MPI traces and measure parse throughput.",
                    "Reports records, point-to-point operations and MB/s: the parsing half of analyze."})
    static final class Parse implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories or rank files, as for analyze")
        List<Path> traces;

        @Option(names = "--parse-threads", paramLabel = "T", description = "rank files parsed in parallel (default: the number of processors)")
        int parseThreads = Runtime.getRuntime().availableProcessors();

        @Option(names = "--parser", paramLabel = "P", description = "fast (the hand-written fast path, the grammar for the rest; default) "
                + "or grammar (the ANTLR grammar for every record: the baseline)")
        String parser = "fast";

        @Option(names = "--cache", paramLabel = "DIR", description = "take rank files from this cache and store them there, as analyze does "
                + "(default: none; parse then keeps only counts, in constant memory)")
        Path cacheDir;

        @Override
        public void run() {
            OptionCheck.atLeast("--parse-threads", parseThreads, 1);
            DumpiReader.Parsing parsing = OptionCheck.oneOf("--parser", parser, "fast", "grammar").equals("fast")
                    ? DumpiReader.Parsing.FAST_PATH : DumpiReader.Parsing.GRAMMAR_ONLY;
            if (cacheDir != null && parsing == DumpiReader.Parsing.GRAMMAR_ONLY) {
                throw new UsageError("--cache only applies with --parser fast: the cache is filled by the fast path");
            }
            OptionCheck.directoryIfPresent("--cache", cacheDir);
            TraceCache cache = cacheDir == null ? null : new TraceCache(cacheDir);
            PrintWriter stdout = spec.commandLine().getOut();
            ParseCheck.run(traces, parseThreads, parsing, cache, stdout::println);
            stdout.flush();
        }
    }
}
