package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;
import tagmatch.tools.CommandGroup;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.trace.DumpiReader;
import tagmatch.trace.ParseCheck;
import tagmatch.trace.TraceAnalyzer;
import tagmatch.trace.TraceCache;
import tagmatch.trace.TraceFiles;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch trace analyze}: MPI traces (DUMPI text) replayed through every matching strategy. */
@Command(name = "trace",
        description = "Analyze MPI traces (DUMPI text format) for message matching.",
        subcommands = {TraceCommand.Analyze.class, TraceCommand.Parse.class, TraceReplayCommand.class, VerifyCommand.class,
                TraceOffloadCommand.class})
public final class TraceCommand extends CommandGroup {
    @Command(name = "analyze",
            description = {"Replay MPI traces through every matching strategy.",
                    "Per rank and strategy: queue depth (mean, max), entries inspected per",
                    "operation, optimistic-matching conflicts at N threads; queue depth against",
                    "bins in the form of seed 000 figure 7, and its plot. Messages arrive in the",
                    "order of their senders' send times (see docs/traces.md)."})
    static final class Analyze extends TagmatchCommand implements Runnable {
        @CommandLine.Mixin
        TraceInputOptions input = new TraceInputOptions();

        @Option(names = "--bins", split = ",", paramLabel = "B", description = "bin counts for queue depth against bins (default: 1,2,4,...,256)")
        List<Integer> bins = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);

        @Option(names = "--strategies", split = ",", paramLabel = "NAME", description = "strategies to run (default: reference and all of the matching-model's)")
        List<String> strategies;

        @CommandLine.Mixin
        tagmatch.tools.ThreadsOption threads = new tagmatch.tools.ThreadsOption(4);

        @Option(names = "--out", paramLabel = "DIR", description = "where summary.txt, per-rank.csv, the tables as CSV and their PNG plots go (default: ${DEFAULT-VALUE})")
        Path out = Path.of("trace-analysis");

        @CommandLine.Mixin
        ProgressOption progress = new ProgressOption();

        @Option(names = "--allow-partial", description = "analyze a trace whose rank files are empty or truncated (with a warning) instead of refusing it")
        boolean allowPartial;

        @CommandLine.Mixin
        ForceOption force = new ForceOption();

        /** A rank file was analysed although partial (--allow-partial warned about it). */
        private volatile boolean partialSeen;

        @Override
        public void run() {
            input.check();
            for (int b : bins) OptionCheck.range("--bins", b, 1, 1 << 20);
            TraceAnalyzer.Options options;
            try {
                options = new TraceAnalyzer.Options(strategies != null ? strategies : TraceAnalyzer.Options.allStrategies(),
                        bins, threads.get(), input.parseThreads(), input.cache(), allowPartial);
            } catch (ParameterError e) {
                throw OptionCheck.asOption(switch ((TraceAnalyzer.Options.Parameter) e.parameter()) {
                    case STRATEGIES -> "--strategies";
                    case BINS -> "--bins";
                }, e);
            }

            List<TraceFiles.Trace> found = input.find();
            try (OutputDir dir = force.claim(out, "--out")) { // before the analysis, not after it
                PrintWriter stdout = out();
                PrintWriter err = err();
                TraceAnalyzer analyzer = new TraceAnalyzer(options, line -> {
                    err.println(line);
                    err.flush();
                }, progress.bytes());
                stdout.print(analyzer.analyze(found, dir.staging()));
                dir.commit("analysis");
                stdout.println("wrote " + out.resolve("summary.txt") + ", " + TraceAnalyzer.FILES.substring("summary.txt, ".length()));
                stdout.flush();
            }
        }
    }

    @Command(name = "parse",
            description = {"Check the format of MPI traces and measure parse throughput.",
                    "Reports records, point-to-point operations and MB/s: the parsing half of analyze."})
    static final class Parse extends TagmatchCommand implements Runnable {
        @CommandLine.Mixin
        TraceInputOptions input = TraceInputOptions.cacheOnRequest();

        @Option(names = "--parser", paramLabel = "P", description = "fast (the hand-written fast path, the grammar for the rest; default) "
                + "or grammar (the ANTLR grammar for every record: the baseline)")
        String parser = "fast";

        @Override
        public void run() {
            input.check();
            DumpiReader.Parsing parsing = OptionCheck.oneOf("--parser", parser, "fast", "grammar").equals("fast")
                    ? DumpiReader.Parsing.FAST_PATH : DumpiReader.Parsing.GRAMMAR_ONLY;
            TraceCache cache = input.cache();
            if (cache != null && parsing == DumpiReader.Parsing.GRAMMAR_ONLY) {
                throw new UsageError("--cache only applies with --parser fast (the fast path fills the cache), got --parser " + parser);
            }
            PrintWriter stdout = out();
            ParseCheck.run(input.paths(), input.parseThreads(), parsing, cache, stdout::println);
            stdout.flush();
        }
    }
}
