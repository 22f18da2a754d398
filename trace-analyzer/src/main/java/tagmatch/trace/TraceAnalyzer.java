package tagmatch.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.strategy.StrategyOptions;
import tagmatch.process.ProgressMeter;
import tagmatch.process.ParameterError;
import tagmatch.process.UserError;

/**
 * {@code analyze(traces, options) -> result}: MPI traces parsed (through the parsed-trace cache),
 * replayed through every matching strategy, and written as the summary, CSV tables and plots of
 * {@code tagmatch trace analyze}; an analysis already made of the same rank files, options and
 * code is copied from the analysis cache instead.
 */
public final class TraceAnalyzer {
    /**
     * What changes an analysis.
     *
     * @param strategies strategy names, {@code reference} among them or not
     * @param bins distinct bin counts, ascending
     * @param threads the arrivals an optimistic matcher takes as one block
     * @param parseThreads rank files parsed at once
     * @param cache parsed rank files and finished analyses; null for none
     * @param allowPartial analyse empty or truncated rank files (with a warning) instead of refusing them
     */
    public record Options(List<String> strategies, List<Integer> bins, int threads, int parseThreads, TraceCache cache, boolean allowPartial) {
        /** What {@link ParameterError}s of the options name. */
        public enum Parameter implements ParameterError.Field {
            STRATEGIES, BINS;
        }

        public Options {
            strategies = List.copyOf(strategies);
            bins = bins.stream().distinct().sorted().toList();
            for (String n : strategies) {
                if (!n.equals("reference") && !Strategies.names().contains(n)) {
                    throw new ParameterError(Parameter.STRATEGIES, "must be among reference, " + String.join(", ", Strategies.names()), "'" + n + "'");
                }
            }
            if (bins.isEmpty()) throw new ParameterError(Parameter.BINS, "must name at least one bin count", "none");
        }

        /** The reference and every strategy of the matching model. */
        public static List<String> allStrategies() {
            List<String> all = new ArrayList<>();
            all.add("reference");
            all.addAll(Strategies.names());
            return all;
        }

        /** Every option that changes the output of an analysis, for {@link AnalysisCache#key}. */
        List<String> parameters() {
            return List.of("strategies " + String.join(",", strategies), "bins " + bins, "threads " + threads, "allow-partial " + allowPartial);
        }
    }

    /** The names of the files {@link #analyze} writes, as the command reports them. */
    public static final String FILES = "summary.txt, per-rank.csv, queue-depth-vs-bins.csv/.png, queue-depth-seed-vs-bins.csv/.png, "
            + "call-mix.csv/.png, bin-usage.csv, bin-usage-empty.png, bin-usage-collisions.png";

    private final Options options;
    private final Consumer<String> notes;
    private final ProgressMeter.Factory progress;
    /** A rank file was analysed although partial: such an analysis is not kept in the cache. */
    private volatile boolean partialSeen;

    /**
     * @param notes hears one line at a time of what a user may want to know (timings, cache use, partial-trace warnings)
     * @param progress meters the parsing of each trace, in bytes
     */
    public TraceAnalyzer(Options options, Consumer<String> notes, ProgressMeter.Factory progress) {
        this.options = options;
        this.notes = notes;
        this.progress = progress;
    }

    /** Analyses {@code traces} into {@code dir} (every file of {@link #FILES}); returns the summary. */
    public String analyze(List<TraceFiles.Trace> traces, Path dir) {
        AnalysisCache analyses = options.cache() == null ? null : new AnalysisCache(options.cache());
        String key = null;
        if (analyses != null) {
            long start = System.nanoTime();
            key = AnalysisCache.key(traces, options.parameters());
            if (analyses.load(key, dir) != null) {
                notes.accept(String.format(Locale.ROOT, "analysis of %d trace%s taken from the cache %s (same rank files, parameters and code), in %.2f s",
                        traces.size(), traces.size() == 1 ? "" : "s", analyses.dir(), (System.nanoTime() - start) / 1e9));
                return readSummary(dir);
            }
        }
        StrategyOptions strategyOptions = StrategyOptions.defaults().withThreads(options.threads());
        List<TraceAnalysis.Result> results = new ArrayList<>();
        for (TraceFiles.Trace t : traces) {
            List<RankLog> logs = parse(t);
            results.add(TraceAnalysis.run(t.name(), logs, options.strategies(), options.bins(), strategyOptions));
        }
        String summary = summary(results);
        write(results, summary, dir);
        // a partial trace's warnings belong to every analysis of it: such an analysis is not kept
        if (analyses != null && !partialSeen) analyses.store(key, dir);
        return summary;
    }

    private static String readSummary(Path staged) {
        try {
            return Files.readString(staged.resolve("summary.txt"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot read the cached analysis " + staged + ": " + e.getMessage(), e);
        }
    }

    private List<RankLog> parse(TraceFiles.Trace t) {
        TraceCache cache = options.cache();
        int hits = cache == null ? 0 : cache.hits();
        long start = System.nanoTime();
        Consumer<String> partial = !options.allowPartial() ? null : why -> {
            partialSeen = true;
            notes.accept("WARNING: partial trace, figures of this rank are incomplete: " + why);
        };
        long total = RankFileScheduler.bytes(t.ranks());
        List<RankLog> logs;
        try (ProgressMeter bar = progress.start("parse " + t.name(), total, "bytes")) {
            logs = RankFileScheduler.parse(t.ranks(), options.parseThreads(), bar::stepTo, true, DumpiReader.Parsing.FAST_PATH, cache,
                    RankFileScheduler.Scope.TRACE, partial);
            bar.stepTo(total);
        }
        int cached = cache == null ? 0 : cache.hits() - hits;
        notes.accept(String.format(Locale.ROOT, "%s: %d rank files parsed, %d from the cache%s, in %.2f s", t.name(), t.ranks().size() - cached, cached,
                cache == null ? " (--no-cache)" : " " + cache.dir(), (System.nanoTime() - start) / 1e9));
        return logs;
    }

    private String summary(List<TraceAnalysis.Result> results) {
        List<Integer> bins = options.bins();
        StringBuilder sb = new StringBuilder();
        for (TraceAnalysis.Result r : results) {
            long unresolved = r.conversion().unresolvedSends();
            long procNull = 0;
            for (RankLog l : r.logs()) procNull += l.procNull();
            sb.append(String.format(Locale.ROOT, "%s: %d ranks, %d streams (rank x communicator), %d events, %.1f%% of messages arrived unexpected%s%s%n",
                    r.trace(), r.ranks(), r.conversion().streams().size(), r.events(), 100 * r.unexpectedFraction(), unresolved > 0 ? ", " + unresolved + " sends on unknown communicators left out" : "",
                    procNull > 0 ? ", " + procNull + " MPI_PROC_NULL operations left out" : ""));
        }
        sb.append('\n').append(AnalysisReport.binsTable(results, bins));
        sb.append('\n').append(AnalysisReport.seedDepthTable(results, bins));
        sb.append('\n').append(AnalysisReport.callMixTable(results));
        sb.append('\n').append(AnalysisReport.binUsageTable(results, bins));
        sb.append('\n').append(AnalysisReport.strategyTable(results, options.threads()));
        return sb.toString();
    }

    /** Writes every output file into {@code dir}. */
    private void write(List<TraceAnalysis.Result> results, String summary, Path dir) {
        List<Integer> bins = options.bins();
        System.setProperty("java.awt.headless", "true");
        try {
            Files.writeString(dir.resolve("summary.txt"), summary, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("per-rank.csv"), AnalysisReport.perRankCsv(results), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("queue-depth-vs-bins.csv"), AnalysisReport.binsCsv(results, bins), StandardCharsets.UTF_8);
            BinsPlot.write("Queue depth against bins (" + TraceAnalysis.BINNED + ")", "mean queue depth (entries in the bins an operation searches)",
                    results, bins, TraceAnalysis.Result::depthMean, AnalysisReport.SEED_000, dir.resolve("queue-depth-vs-bins.png"));
            Files.writeString(dir.resolve("queue-depth-seed-vs-bins.csv"), AnalysisReport.seedDepthCsv(results, bins), StandardCharsets.UTF_8);
            BinsPlot.write("Queue depth against bins, seed 000's definition (" + TraceAnalysis.BINNED + ")",
                    "mean entries passed over before the match", results, bins, TraceAnalysis.Result::seedDepthMean, AnalysisReport.SEED_000,
                    dir.resolve("queue-depth-seed-vs-bins.png"));
            Files.writeString(dir.resolve("call-mix.csv"), AnalysisReport.callMixCsv(results), StandardCharsets.UTF_8);
            List<CallMix> mixes = new ArrayList<>();
            for (TraceAnalysis.Result r : results) mixes.add(r.callMix());
            CallMixPlot.write(mixes, dir.resolve("call-mix.png"));
            Files.writeString(dir.resolve("bin-usage.csv"), AnalysisReport.binUsageCsv(results, bins), StandardCharsets.UTF_8);
            BinsPlot.write("Empty bins against bins (hash of communicator, source, tag)", "% of the bins of a stream no source/tag pair uses",
                    results, bins, (r, b) -> r.binUsage().emptyPercent(b), Map.of(), dir.resolve("bin-usage-empty.png"));
            BinsPlot.write("Colliding source/tag pairs against bins", "% of a stream's distinct source/tag pairs sharing a bin",
                    results, bins, (r, b) -> r.binUsage().collidingPercent(b), Map.of(), dir.resolve("bin-usage-collisions.png"));
        } catch (IOException e) {
            throw new UserError("cannot write the analysis to " + dir + ": " + e.getMessage(), e);
        }
    }
}
