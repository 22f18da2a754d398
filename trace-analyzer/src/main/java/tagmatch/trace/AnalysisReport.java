package tagmatch.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text and CSV forms of an analysis. The bins table follows seed 000 figure 7: one row per
 * application (trace), in descending order of queue depth with one bin, mean (max) queue depth
 * per bin count, then the average over applications (the figure's red line) and the seed's own
 * averages over its 16 DOE mini-apps for comparison.
 */
public final class AnalysisReport {
    /** Seed 000 section V: average queue depth over its applications at 1, 32 and 128 bins. */
    public static final Map<Integer, Double> SEED_000 = Map.of(1, 8.21, 32, 0.8, 128, 0.33);

    private AnalysisReport() {}

    /** Seed 000 figure 7 as a table: queue depth, mean (max), against bins. */
    public static String binsTable(List<TraceAnalysis.Result> results, List<Integer> bins) {
        int w = 16;
        for (TraceAnalysis.Result r : results) w = Math.max(w, r.trace().length() + 8);
        return depthTable(String.format(Locale.ROOT, "Queue depth against bins (%s): mean entries in the bins a post or arrival searches (deepest bin)",
                TraceAnalysis.BINNED), results, bins, w, 14, TraceAnalysis.Result::depthMean,
                (r, b) -> String.format(Locale.ROOT, "%.2f (%d)", r.depthMean(b), r.depthMax(b)),
                b -> String.format(Locale.ROOT, "%.2f", average(results, b)));
    }

    /**
     * Queue depth as seed 000 counts it ({@link TraceAnalysis.Result#seedDepthMean}) against bins,
     * beside the project's measure at the same bin counts.
     */
    public static String seedDepthTable(List<TraceAnalysis.Result> results, List<Integer> bins) {
        return depthTable(String.format(Locale.ROOT, "Queue depth against bins as seed 000 counts it (%s): mean entries passed over before the match "
                + "(the whole bins searched without one); [the project's depth, which counts the match too]", TraceAnalysis.BINNED),
                results, bins, width(results), 16, TraceAnalysis.Result::seedDepthMean,
                (r, b) -> String.format(Locale.ROOT, "%.2f [%.2f]", r.seedDepthMean(b), r.depthMean(b)), b -> {
                    double s = 0;
                    for (TraceAnalysis.Result r : results) s += r.seedDepthMean(b);
                    return String.format(Locale.ROOT, "%.2f [%.2f]", results.isEmpty() ? 0 : s / results.size(), average(results, b));
                });
    }

    /**
     * A depth-against-bins table: one row per trace in descending order of {@code sortBy} at the
     * first bin count, then the average row and seed 000's averages; columns {@code col} wide.
     */
    private static String depthTable(String title, List<TraceAnalysis.Result> results, List<Integer> bins, int w, int col,
                                     java.util.function.ToDoubleBiFunction<TraceAnalysis.Result, Integer> sortBy,
                                     java.util.function.BiFunction<TraceAnalysis.Result, Integer, String> cell,
                                     java.util.function.IntFunction<String> averageCell) {
        List<TraceAnalysis.Result> sorted = new ArrayList<>(results);
        sorted.sort(Comparator.comparingDouble((TraceAnalysis.Result r) -> -sortBy.applyAsDouble(r, bins.get(0))).thenComparing(TraceAnalysis.Result::trace));
        String fmt = "%" + col + "s";
        StringBuilder sb = new StringBuilder(title).append('\n');
        sb.append(pad("trace (ranks)", w));
        for (int b : bins) sb.append(String.format(Locale.ROOT, fmt, b + (b == 1 ? " bin" : " bins")));
        sb.append('\n');
        for (TraceAnalysis.Result r : sorted) {
            sb.append(pad(r.trace() + " (" + r.ranks() + ")", w));
            for (int b : bins) sb.append(String.format(Locale.ROOT, fmt, cell.apply(r, b)));
            sb.append('\n');
        }
        sb.append(pad("average", w));
        for (int b : bins) sb.append(String.format(Locale.ROOT, fmt, averageCell.apply(b)));
        sb.append('\n');
        sb.append(pad("seed 000 average", w));
        for (int b : bins) sb.append(String.format(Locale.ROOT, fmt, SEED_000.containsKey(b) ? String.format(Locale.ROOT, "%.2f", SEED_000.get(b)) : "-"));
        sb.append('\n');
        return sb.toString();
    }

    /** Seed 000 figure 6 as a table: per trace, the share of each kind of MPI call in percent. */
    public static String callMixTable(List<TraceAnalysis.Result> results) {
        int w = width(results);
        StringBuilder sb = new StringBuilder("MPI calls by kind, % of all calls the footers count (seed 000 figure 6; * = traced before the tracer "
                + "counted collectives)\n");
        sb.append(pad("trace (ranks)", w)).append(String.format(Locale.ROOT, "%10s", "calls"));
        for (CallMix.Kind k : CallMix.Kind.values()) sb.append(String.format(Locale.ROOT, " %10s", shortName(k)));
        sb.append('\n');
        for (TraceAnalysis.Result r : results) {
            CallMix m = r.callMix();
            sb.append(pad(r.trace() + " (" + r.ranks() + ")" + (m.collectivesCounted() ? "" : " *"), w)).append(String.format(Locale.ROOT, "%10d", m.total()));
            for (CallMix.Kind k : CallMix.Kind.values()) sb.append(String.format(Locale.ROOT, " %10.1f", m.percent(k)));
            sb.append('\n');
        }
        sb.append("kinds: ");
        List<String> legend = new ArrayList<>();
        for (CallMix.Kind k : CallMix.Kind.values()) legend.add(shortName(k) + " = " + k.label);
        sb.append(String.join("; ", legend)).append('\n');
        return sb.toString();
    }

    private static String shortName(CallMix.Kind k) {
        return k.name().toLowerCase(Locale.ROOT);
    }

    /** Tag and bin usage: distinct source/tag pairs per stream, then empty bins and colliding pairs at every bin count. */
    public static String binUsageTable(List<TraceAnalysis.Result> results, List<Integer> bins) {
        int w = width(results);
        StringBuilder sb = new StringBuilder("Tag and bin usage: distinct (source, tag) pairs of the messages per stream (rank x communicator); "
                + "per bin count: empty bins % / colliding pairs %\n");
        sb.append(pad("trace (ranks)", w)).append(String.format(Locale.ROOT, "%8s %11s %9s", "streams", "pairs/strm", "max pairs"));
        for (int b : bins) sb.append(String.format(Locale.ROOT, "%14s", b + (b == 1 ? " bin" : " bins")));
        sb.append('\n');
        for (TraceAnalysis.Result r : results) {
            BinUsage u = r.binUsage();
            sb.append(pad(r.trace() + " (" + r.ranks() + ")", w)).append(String.format(Locale.ROOT, "%8d %11.1f %9d", u.streams(), u.pairsPerStream(), u.maxPairs()));
            for (int b : bins) sb.append(String.format(Locale.ROOT, "%14s", String.format(Locale.ROOT, "%.0f / %.0f", u.emptyPercent(b), u.collidingPercent(b))));
            sb.append('\n');
        }
        return sb.toString();
    }

    /** trace,bins,seed_depth_mean,depth_mean: the data of the seed-definition plot. */
    public static String seedDepthCsv(List<TraceAnalysis.Result> results, List<Integer> bins) {
        return perBinCsv("trace,bins,seed_depth_mean,depth_mean", results, bins,
                (r, b) -> String.format(Locale.ROOT, "%.4f,%.4f", r.seedDepthMean(b), r.depthMean(b)));
    }

    /** trace,kind,calls,percent,collectives_counted. */
    public static String callMixCsv(List<TraceAnalysis.Result> results) {
        StringBuilder sb = new StringBuilder("trace,kind,calls,percent,collectives_counted\n");
        for (TraceAnalysis.Result r : results) {
            CallMix m = r.callMix();
            for (CallMix.Kind k : CallMix.Kind.values()) {
                sb.append(String.format(Locale.ROOT, "%s,%s,%d,%.4f,%b%n", r.trace(), shortName(k), m.calls().get(k), m.percent(k), m.collectivesCounted()));
            }
        }
        return sb.toString();
    }

    /** trace,bins,streams,pairs,empty_bins,empty_percent,colliding_pairs,colliding_percent. */
    public static String binUsageCsv(List<TraceAnalysis.Result> results, List<Integer> bins) {
        return perBinCsv("trace,bins,streams,pairs,empty_bins,empty_percent,colliding_pairs,colliding_percent", results, bins, (r, b) -> {
            BinUsage u = r.binUsage();
            return String.format(Locale.ROOT, "%d,%d,%d,%.4f,%d,%.4f", u.streams(), u.pairs(), u.emptyBins().get(b), u.emptyPercent(b),
                    u.collisions().get(b), u.collidingPercent(b));
        });
    }

    private static int width(List<TraceAnalysis.Result> results) {
        int w = 16;
        for (TraceAnalysis.Result r : results) w = Math.max(w, r.trace().length() + 10);
        return w;
    }

    /** The average over traces of each trace's mean queue depth at {@code bins} (figure 7's red line). */
    public static double average(List<TraceAnalysis.Result> results, int bins) {
        double s = 0;
        for (TraceAnalysis.Result r : results) s += r.depthMean(bins);
        return results.isEmpty() ? 0 : s / results.size();
    }

    /** Per trace and strategy, over all ranks: inspected per operation, queue depths, conflicts. */
    public static String strategyTable(List<TraceAnalysis.Result> results, int threads) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Strategies (all ranks; conflicts: optimistic matching at N = %d threads)%n", threads));
        sb.append(String.format(Locale.ROOT, "%-20s %-16s %9s %9s %10s %10s %14s %14s %10s %14s%n", "trace", "strategy", "posts", "arrivals",
                "insp/op", "max insp", "PRQ mean(max)", "UMQ mean(max)", "conflicts", "vs reference"));
        for (TraceAnalysis.Result r : results) {
            for (Map.Entry<String, List<StrategyStats>> e : r.byStrategy().entrySet()) {
                List<StrategyStats> ranks = e.getValue();
                String rejected = null;
                for (StrategyStats s : ranks) if (s.rejected() != null) rejected = s.rejected();
                if (rejected != null) {
                    sb.append(String.format(Locale.ROOT, "%-20s %-16s rejected the trace: %s%n", r.trace(), e.getKey(), rejected));
                    continue;
                }
                StrategyStats all = total(ranks);
                sb.append(String.format(Locale.ROOT, "%-20s %-16s %9d %9d %10.2f %10d %14s %14s %10d %14s%n", r.trace(), e.getKey(),
                        all.posts(), all.arrivals(), all.inspectedPerOp(), all.maxInspected(),
                        String.format(Locale.ROOT, "%.2f(%d)", all.postedDepthMean(), all.postedDepthMax()),
                        String.format(Locale.ROOT, "%.2f(%d)", all.unexpectedDepthMean(), all.unexpectedDepthMax()), all.conflicts(),
                        all.disagreements() == 0 ? "same" : all.disagreements() + " differ"));
            }
        }
        return sb.toString();
    }

    /** Ranks combined: counts summed, means weighted by operations, maxima taken. */
    static StrategyStats total(List<StrategyStats> ranks) {
        long posts = 0, arrivals = 0, maxInsp = 0, pMax = 0, uMax = 0, searches = 0, bMax = 0, conflicts = 0, fast = 0, slow = 0, blocks = 0;
        long disagreements = 0;
        double insp = 0, passed = 0, p = 0, u = 0, b = 0;
        for (StrategyStats s : ranks) {
            long ops = s.posts() + s.arrivals();
            posts += s.posts();
            arrivals += s.arrivals();
            insp += s.inspectedPerOp() * ops;
            passed += s.passedPerOp() * ops;
            maxInsp = Math.max(maxInsp, s.maxInspected());
            p += s.postedDepthMean() * ops;
            u += s.unexpectedDepthMean() * ops;
            pMax = Math.max(pMax, s.postedDepthMax());
            uMax = Math.max(uMax, s.unexpectedDepthMax());
            searches += s.binSearches();
            b += s.binDepthMean() * s.binSearches();
            bMax = Math.max(bMax, s.binDepthMax());
            conflicts += s.conflicts();
            fast += s.fastPath();
            slow += s.slowPath();
            blocks += s.blocks();
            disagreements += s.disagreements();
        }
        long ops = posts + arrivals;
        return new StrategyStats(ranks.isEmpty() ? "" : ranks.get(0).strategy(), -1, posts, arrivals, ops == 0 ? 0 : insp / ops, maxInsp,
                ops == 0 ? 0 : passed / ops, ops == 0 ? 0 : p / ops, pMax, ops == 0 ? 0 : u / ops, uMax, searches, searches == 0 ? 0 : b / searches, bMax,
                conflicts, fast, slow, blocks, disagreements, null);
    }

    /** One line per trace, rank and strategy (and per bin count for {@link TraceAnalysis#BINNED}). */
    public static String perRankCsv(List<TraceAnalysis.Result> results) {
        StringBuilder sb = new StringBuilder("trace,rank,strategy,bins,posts,arrivals,inspected_per_op,max_inspected,"
                + "posted_depth_mean,posted_depth_max,unexpected_depth_mean,unexpected_depth_max,bin_depth_mean,bin_depth_max,"
                + "conflicts,fast_path,slow_path,blocks,differ_from_reference,rejected\n");
        for (TraceAnalysis.Result r : results) {
            for (Map.Entry<String, List<StrategyStats>> e : r.byStrategy().entrySet()) for (StrategyStats s : e.getValue()) row(sb, r, s, "");
            for (Map.Entry<Integer, List<StrategyStats>> e : r.byBins().entrySet()) for (StrategyStats s : e.getValue()) row(sb, r, s, e.getKey().toString());
        }
        return sb.toString();
    }

    /** trace,bins,depth_mean,depth_max: the data of the plot. */
    public static String binsCsv(List<TraceAnalysis.Result> results, List<Integer> bins) {
        return perBinCsv("trace,bins,depth_mean,depth_max", results, bins,
                (r, b) -> String.format(Locale.ROOT, "%.4f,%d", r.depthMean(b), r.depthMax(b)));
    }

    /** One line per trace and bin count: trace, bins, then {@code rest}'s columns. */
    private static String perBinCsv(String header, List<TraceAnalysis.Result> results, List<Integer> bins,
                                    java.util.function.BiFunction<TraceAnalysis.Result, Integer, String> rest) {
        StringBuilder sb = new StringBuilder(header).append('\n');
        for (TraceAnalysis.Result r : results) {
            for (int b : bins) sb.append(r.trace()).append(',').append(b).append(',').append(rest.apply(r, b)).append('\n');
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, TraceAnalysis.Result r, StrategyStats s, String bins) {
        sb.append(String.format(Locale.ROOT, "%s,%d,%s,%s,%d,%d,%.4f,%d,%.4f,%d,%.4f,%d,%.4f,%d,%d,%d,%d,%d,%d,%s%n", r.trace(), s.rank(), s.strategy(), bins,
                s.posts(), s.arrivals(), s.inspectedPerOp(), s.maxInspected(), s.postedDepthMean(), s.postedDepthMax(),
                s.unexpectedDepthMean(), s.unexpectedDepthMax(), s.binDepthMean(), s.binDepthMax(), s.conflicts(), s.fastPath(),
                s.slowPath(), s.blocks(), s.disagreements(), s.rejected() == null ? "" : '"' + s.rejected().replace("\"", "'") + '"'));
    }

    private static String pad(String s, int w) {
        StringBuilder b = new StringBuilder(s);
        while (b.length() < w) b.append(' ');
        return b.toString();
    }
}
