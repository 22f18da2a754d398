package tagmatch.bench.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Matcher;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.strategy.StrategyOptions;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

/**
 * Every matching strategy on seed 002's shuffle and burst workloads at several queue depths.
 * For each (workload, depth): operations per second (median of the repetitions, strategies
 * interleaved within each repetition so drift hits all alike), the ratio to the linked-list
 * baseline measured in the same run, and the entries inspected per operation, which is
 * deterministic and machine-independent.
 */
public final class ModelBenchmark {
    static final String BASELINE = "linked-list";
    private static volatile long blackhole;

    /**
     * The workloads, depths and strategies measured; measured repetitions after unreported
     * warm-up ones, each at least {@code minMillis} long; the optimistic strategy's N and the
     * bins of the hashing ones; the workloads' seed.
     */
    public record Settings(List<Integer> depths, List<String> workloads, List<String> strategies, int reps, int warmup,
                           int minMillis, int threads, int bins, long seed) {
        public Settings {
            depths = List.copyOf(depths);
            workloads = List.copyOf(workloads);
            strategies = List.copyOf(strategies);
        }
    }

    private ModelBenchmark() {}

    public static ModelBenchReport measure(Settings s) {
        StrategyOptions options = StrategyOptions.defaults().withHints(Hints.NO_WILDCARDS)
                .withBins(s.bins()).withThreads(s.threads());
        List<ModelBenchReport.Row> rows = new ArrayList<>();
        for (String kind : s.workloads()) {
            for (int depth : s.depths()) {
                Workload w = Workloads.generate(WorkloadSpec.of(kind).withSize(depth).withRounds(2)
                        .withBlockSize(s.threads()).withHints(Hints.NO_WILDCARDS).withSeed(s.seed()));
                rows.addAll(measure(s, kind, depth, w, options));
            }
        }
        return new ModelBenchReport(s, rows);
    }

    private static List<ModelBenchReport.Row> measure(Settings s, String kind, int depth, Workload w, StrategyOptions common) {
        // partner-static gets the profile of this very workload (seed 004's profiling run).
        StrategyOptions profiled = common.withPartners(common.partners().profile(w.events(), Capacities.UNBOUNDED));
        Map<String, StrategyOptions> opts = new LinkedHashMap<>();
        for (String n : s.strategies()) opts.put(n, n.equals("partner-static") ? profiled : common);
        Map<String, double[]> samples = new LinkedHashMap<>();
        for (String n : s.strategies()) samples.put(n, new double[s.reps()]);
        for (int rep = -s.warmup(); rep < s.reps(); rep++) {
            for (String n : s.strategies()) {
                double opsPerSecond = timeOne(n, opts.get(n), w.events(), s.minMillis());
                if (rep >= 0) samples.get(n)[rep] = opsPerSecond;
            }
        }
        List<ModelBenchReport.Row> rows = new ArrayList<>();
        for (String n : s.strategies()) {
            Matcher m = Strategies.create(n, opts.get(n));
            for (Event e : w.events()) m.apply(e);
            double[] sorted = samples.get(n);
            Arrays.sort(sorted);
            rows.add(new ModelBenchReport.Row(kind, depth, n, sorted[sorted.length / 2], m.costs()));
        }
        return rows;
    }

    /** Operations per second of a fresh matcher replaying the events until {@code minMillis} have passed. */
    private static double timeOne(String name, StrategyOptions options, List<Event> events, int minMillis) {
        Event[] evs = events.toArray(new Event[0]);
        int opsPerPass = 0;
        for (Event e : evs) if (!(e instanceof Event.BlockEnd)) opsPerPass++;
        Matcher m = Strategies.create(name, options);
        long sink = 0;
        long passes = 0;
        long start = System.nanoTime();
        long deadline = start + minMillis * 1_000_000L;
        long now;
        do {
            for (Event e : evs) {
                tagmatch.model.Result r = m.apply(e);
                if (r != null) sink += r.partner();
            }
            passes++;
            now = System.nanoTime();
        } while (now < deadline);
        if (sink == 42) blackhole++; // keeps the results alive for the JIT
        return (double) passes * opsPerPass / ((now - start) / 1e9);
    }
}
