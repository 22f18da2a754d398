package tagmatch.tools.trace;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.strategy.StrategyOptions;
import tagmatch.tools.Check;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Progress;
import tagmatch.tools.UsageError;
import tagmatch.tools.UserError;

/** {@code tagmatch trace analyze}: MPI traces (DUMPI text) replayed through every matching strategy. */
@Command(name = "trace",
        mixinStandardHelpOptions = true,
        description = "Analyze MPI traces (DUMPI text format) for message matching.",
        subcommands = {TraceCommand.Analyze.class, TraceCommand.Parse.class, TraceReplayCommand.class, VerifyCommand.class})
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

        @Option(names = "--threads", paramLabel = "N", description = "N, the arrivals an optimistic matcher takes as one block (default: ${DEFAULT-VALUE})")
        int threads = 4;

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
            Check.range("--threads", threads, 1, 64);
            if (noCache && cacheDir != null) throw new UsageError("--cache and --no-cache exclude each other");
            if (cacheDir != null && Files.exists(cacheDir) && !Files.isDirectory(cacheDir)) {
                throw new UsageError("--cache must name a directory, but " + cacheDir + " is a file");
            }
            TraceCache cache = noCache ? null : new TraceCache(cacheDir != null ? cacheDir : TraceCache.defaultDir());
            List<String> names = strategies != null ? strategies : defaultStrategies();
            StrategyOptions options = StrategyOptions.defaults().withThreads(threads);
            for (String n : names) {
                if (!n.equals("reference") && !Strategies.names().contains(n)) {
                    throw new UsageError("--strategies must be among reference, "
                            + String.join(", ", Strategies.names()) + ", got '" + n + "'");
                }
            }
            for (int b : bins) Check.range("--bins", b, 1, 1 << 20);
            if (bins.isEmpty()) throw new UsageError("--bins must name at least one bin count");
            Check.atLeast("--parse-threads", parseThreads, 1);
            List<Integer> sortedBins = bins.stream().distinct().sorted().toList();

            List<TraceFiles.Trace> found = TraceFiles.find(traces);
            try (OutputDir dir = force.claim(out, "--out")) { // before the analysis, not after it
                PrintWriter stdout = spec.commandLine().getOut();
                AnalysisCache analyses = cache == null ? null : new AnalysisCache(cache);
                String key = null;
                String summary = null;
                if (analyses != null) {
                    long start = System.nanoTime();
                    key = AnalysisCache.key(found, parameters(names, sortedBins));
                    if (analyses.load(key, dir.staging()) != null) {
                        summary = readSummary(dir.staging());
                        PrintWriter err = spec.commandLine().getErr();
                        err.printf(Locale.ROOT, "analysis of %d trace%s taken from the cache %s (same rank files, parameters and code), in %.2f s%n",
                                found.size(), found.size() == 1 ? "" : "s", analyses.dir(), (System.nanoTime() - start) / 1e9);
                        err.flush();
                    }
                }
                if (summary == null) {
                    List<TraceAnalysis.Result> results = new ArrayList<>();
                    for (TraceFiles.Trace t : found) {
                        List<RankLog> logs = parse(t, cache);
                        results.add(TraceAnalysis.run(t.name(), logs, names, sortedBins, options));
                    }
                    summary = summary(results, sortedBins);
                    write(results, sortedBins, summary, dir.staging());
                    // a partial trace's warnings belong to every analysis of it: such an analysis is not kept
                    if (analyses != null && !partialSeen) analyses.store(key, dir.staging());
                }
                stdout.print(summary);
                dir.commit("analysis");
                stdout.println("wrote " + out.resolve("summary.txt") + ", per-rank.csv, queue-depth-vs-bins.csv/.png, queue-depth-seed-vs-bins.csv/.png, "
                        + "call-mix.csv/.png, bin-usage.csv, bin-usage-empty.png, bin-usage-collisions.png");
                stdout.flush();
            }
        }

        /** Every option that changes the output of an analysis, for {@link AnalysisCache#key}. */
        private List<String> parameters(List<String> names, List<Integer> sortedBins) {
            return List.of("strategies " + String.join(",", names), "bins " + sortedBins, "threads " + threads, "allow-partial " + allowPartial);
        }

        private String readSummary(Path staged) {
            try {
                return Files.readString(staged.resolve("summary.txt"), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserError("cannot read the cached analysis " + staged + ": " + e.getMessage(), e);
            }
        }

        private static List<String> defaultStrategies() {
            List<String> all = new ArrayList<>();
            all.add("reference");
            all.addAll(Strategies.names());
            return all;
        }

        private List<RankLog> parse(TraceFiles.Trace t, TraceCache cache) {
            int hits = cache == null ? 0 : cache.hits();
            long start = System.nanoTime();
            List<RankLog> logs = parseWithProgress(t, cache);
            int cached = cache == null ? 0 : cache.hits() - hits;
            PrintWriter err = spec.commandLine().getErr();
            err.printf(Locale.ROOT, "%s: %d rank files parsed, %d from the cache%s, in %.2f s%n", t.name(), t.ranks().size() - cached, cached,
                    cache == null ? " (--no-cache)" : " " + cache.dir(), (System.nanoTime() - start) / 1e9);
            err.flush();
            return logs;
        }

        private List<RankLog> parseWithProgress(TraceFiles.Trace t, TraceCache cache) {
            PrintWriter err = spec.commandLine().getErr();
            java.util.function.Consumer<String> partial = !allowPartial ? null : why -> {
                partialSeen = true;
                err.println("WARNING: partial trace, figures of this rank are incomplete: " + why);
                err.flush();
            };
            long total = TraceParser.bytes(t.ranks());
            if (noProgress) {
                return TraceParser.parse(t.ranks(), parseThreads, n -> {}, true, DumpiReader.Parsing.FAST_PATH, cache, TraceParser.Scope.TRACE, partial);
            }
            try (Progress bar = Progress.bytes("parse " + t.name(), total)) {
                List<RankLog> logs = TraceParser.parse(t.ranks(), parseThreads, bar::stepTo, true, DumpiReader.Parsing.FAST_PATH, cache,
                        TraceParser.Scope.TRACE, partial);
                bar.stepTo(total);
                return logs;
            }
        }

        private String summary(List<TraceAnalysis.Result> results, List<Integer> sortedBins) {
            StringBuilder sb = new StringBuilder();
            for (TraceAnalysis.Result r : results) {
                long unresolved = r.conversion().unresolvedSends();
                long procNull = 0;
                for (RankLog l : r.logs()) procNull += l.procNull();
                sb.append(String.format(Locale.ROOT, "%s: %d ranks, %d streams (rank x communicator), %d events%s%s%n", r.trace(), r.ranks(),
                        r.conversion().streams().size(), r.events(), unresolved > 0 ? ", " + unresolved + " sends on unknown communicators left out" : "",
                        procNull > 0 ? ", " + procNull + " MPI_PROC_NULL operations left out" : ""));
            }
            sb.append('\n').append(AnalysisReport.binsTable(results, sortedBins));
            sb.append('\n').append(AnalysisReport.seedDepthTable(results, sortedBins));
            sb.append('\n').append(AnalysisReport.callMixTable(results));
            sb.append('\n').append(AnalysisReport.binUsageTable(results, sortedBins));
            sb.append('\n').append(AnalysisReport.strategyTable(results, threads));
            return sb.toString();
        }

        /** Writes every output file into {@code tmp}, the claimed output directory's staging directory. */
        private void write(List<TraceAnalysis.Result> results, List<Integer> sortedBins, String summary, Path tmp) {
            System.setProperty("java.awt.headless", "true");
            try {
                Files.writeString(tmp.resolve("summary.txt"), summary, StandardCharsets.UTF_8);
                Files.writeString(tmp.resolve("per-rank.csv"), AnalysisReport.perRankCsv(results), StandardCharsets.UTF_8);
                Files.writeString(tmp.resolve("queue-depth-vs-bins.csv"), AnalysisReport.binsCsv(results, sortedBins), StandardCharsets.UTF_8);
                BinsPlot.write("Queue depth against bins (" + TraceAnalysis.BINNED + ")", "mean queue depth (entries in the bins an operation searches)",
                        results, sortedBins, TraceAnalysis.Result::depthMean, AnalysisReport.SEED_000, tmp.resolve("queue-depth-vs-bins.png"));
                Files.writeString(tmp.resolve("queue-depth-seed-vs-bins.csv"), AnalysisReport.seedDepthCsv(results, sortedBins), StandardCharsets.UTF_8);
                BinsPlot.write("Queue depth against bins, seed 000's definition (" + TraceAnalysis.BINNED + ")",
                        "mean entries passed over before the match", results, sortedBins, TraceAnalysis.Result::seedDepthMean, AnalysisReport.SEED_000,
                        tmp.resolve("queue-depth-seed-vs-bins.png"));
                Files.writeString(tmp.resolve("call-mix.csv"), AnalysisReport.callMixCsv(results), StandardCharsets.UTF_8);
                List<CallMix> mixes = new ArrayList<>();
                for (TraceAnalysis.Result r : results) mixes.add(r.callMix());
                CallMixPlot.write(mixes, tmp.resolve("call-mix.png"));
                Files.writeString(tmp.resolve("bin-usage.csv"), AnalysisReport.binUsageCsv(results, sortedBins), StandardCharsets.UTF_8);
                BinsPlot.write("Empty bins against bins (hash of communicator, source, tag)", "% of the bins of a stream no source/tag pair uses",
                        results, sortedBins, (r, b) -> r.binUsage().emptyPercent(b), Map.of(), tmp.resolve("bin-usage-empty.png"));
                BinsPlot.write("Colliding source/tag pairs against bins", "% of a stream's distinct source/tag pairs sharing a bin",
                        results, sortedBins, (r, b) -> r.binUsage().collidingPercent(b), Map.of(), tmp.resolve("bin-usage-collisions.png"));
            } catch (IOException e) {
                throw new UserError("cannot write the analysis to " + out + ": " + e.getMessage(), e);
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
            Check.atLeast("--parse-threads", parseThreads, 1);
            DumpiReader.Parsing parsing = Check.oneOf("--parser", parser, "fast", "grammar").equals("fast")
                    ? DumpiReader.Parsing.FAST_PATH : DumpiReader.Parsing.GRAMMAR_ONLY;
            if (cacheDir != null && parsing == DumpiReader.Parsing.GRAMMAR_ONLY) {
                throw new UsageError("--cache only applies with --parser fast: the cache is filled by the fast path");
            }
            if (cacheDir != null && Files.exists(cacheDir) && !Files.isDirectory(cacheDir)) {
                throw new UsageError("--cache must name a directory, but " + cacheDir + " is a file");
            }
            TraceCache cache = cacheDir == null ? null : new TraceCache(cacheDir);
            PrintWriter stdout = spec.commandLine().getOut();
            // A rank file named on its own is checked on its own; a directory is checked as a whole trace.
            List<TraceFiles.Trace> work = new ArrayList<>();
            List<Path> dirs = new ArrayList<>();
            for (Path p : traces) {
                if (Files.isRegularFile(p)) work.add(TraceFiles.single(p));
                else dirs.add(p);
            }
            if (!dirs.isEmpty()) work.addAll(TraceFiles.find(dirs));
            for (TraceFiles.Trace t : work) {
                boolean single = t.ranks().size() == 1 && traces.contains(t.ranks().get(0));
                long bytes = TraceParser.bytes(t.ranks());
                long start = System.nanoTime();
                int hits = cache == null ? 0 : cache.hits();
                List<RankLog> logs = TraceParser.parse(t.ranks(), parseThreads, n -> {}, cache != null, parsing, cache,
                        single ? TraceParser.Scope.FILES : TraceParser.Scope.TRACE, null);
                double seconds = (System.nanoTime() - start) / 1e9;
                long records = 0, ops = 0;
                for (RankLog l : logs) {
                    for (long n : l.calls().values()) records += n;
                    ops += l.opCount();
                }
                stdout.printf(Locale.ROOT, "%s: %d ranks, %d records, %d point-to-point operations, %.1f MB in %.2f s: %.1f MB/s (%d threads, %s)%n",
                        t.name(), logs.size(), records, ops, bytes / 1e6, seconds, bytes / 1e6 / seconds, Math.min(parseThreads, logs.size()),
                        cache == null ? parser + " parser" : (cache.hits() - hits) + " of " + logs.size() + " rank files from the cache");
            }
            stdout.flush();
        }
    }
}
