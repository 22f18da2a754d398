package tagmatch.tools.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.model.Capacities;
import tagmatch.model.Costs;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Matcher;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.strategy.StrategyOptions;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.tools.OptionCheck;

/**
 * {@code tagmatch bench model}: every matching strategy on seed 002's shuffle and burst
 * workloads at several queue depths. For each (workload, depth) it prints operations per second
 * (median of the repetitions, strategies interleaved within each repetition so drift hits all
 * alike), the ratio to the linked-list baseline measured in the same run, and the entries
 * inspected per operation, which is deterministic and machine-independent.
 */
@Command(name = "model",
        mixinStandardHelpOptions = true,
        description = "Matching strategies: ops/s and entries inspected per op on shuffle and burst, vs linked-list.")
public final class ModelBench implements Callable<Integer> {
    private static final String BASELINE = "linked-list";
    private static volatile long blackhole;

    @Option(names = "--depths", split = ",", description = "Queue depths (messages per round). Default: ${DEFAULT-VALUE}.")
    int[] depths = {16, 256, 4096};

    @Option(names = "--workloads", split = ",", description = "Workload kinds. Default: ${DEFAULT-VALUE}.")
    String[] workloads = {"shuffle", "burst"};

    @Option(names = "--strategies", split = ",", description = "Strategies (default: all of them).")
    String[] strategies;

    @Option(names = "--reps", description = "Measured repetitions; the median is reported. Default: ${DEFAULT-VALUE}.")
    int reps = 5;

    @Option(names = "--warmup", description = "Unreported warm-up repetitions. Default: ${DEFAULT-VALUE}.")
    int warmup = 2;

    @Option(names = "--min-ms", description = "Each measurement repeats the workload for at least this long. Default: ${DEFAULT-VALUE}.")
    int minMillis = 100;

    @Option(names = "--threads", description = "N of the optimistic strategy (arrivals per block). Default: ${DEFAULT-VALUE}.")
    int threads = 4;

    @Option(names = "--bins", description = "Bins of the four-index and optimistic strategies. Default: ${DEFAULT-VALUE}.")
    int bins = 128;

    @Option(names = "--seed", description = "Workload seed. Default: ${DEFAULT-VALUE}.")
    long seed = 1;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** One strategy's figures on one workload. */
    private record Row(String strategy, double opsPerSecond, Costs costs) {}

    @Override
    public Integer call() {
        List<String> names = strategies == null ? Strategies.names() : List.of(strategies);
        validate(names);
        java.io.PrintWriter out = spec.commandLine().getOut();
        StrategyOptions options = StrategyOptions.defaults().withHints(Hints.NO_WILDCARDS)
                .withBins(bins).withThreads(threads);
        out.println("Matching strategies: median of " + reps + " repetitions after " + warmup
                + " warm-up, >= " + minMillis + " ms each; optimistic N = " + threads + ", bins = " + bins
                + "; ratio = ops/s / " + BASELINE + " ops/s in this run.");
        out.println();
        out.println("| workload | depth | strategy | ops/s | ratio vs " + BASELINE
                + " | inspected/op | max bin depth | conflicts | fast/slow path |");
        out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|");
        for (String kind : workloads) {
            for (int depth : depths) {
                Workload w = Workloads.generate(WorkloadSpec.of(kind).withSize(depth).withRounds(2)
                        .withBlockSize(threads).withHints(Hints.NO_WILDCARDS).withSeed(seed));
                List<Row> rows = measure(w, names, options);
                double base = rows.stream().filter(r -> r.strategy.equals(BASELINE)).findFirst()
                        .map(r -> r.opsPerSecond).orElse(Double.NaN);
                for (Row r : rows) {
                    out.printf("| %s | %d | %s | %,.0f | %s | %.2f | %d | %d | %d/%d |%n", kind, depth, r.strategy,
                            r.opsPerSecond, Double.isNaN(base) ? "n/a" : String.format("%.2f", r.opsPerSecond / base),
                            r.costs.inspectedPerOperation(), r.costs.binDepthMax(), r.costs.conflicts(),
                            r.costs.fastPath(), r.costs.slowPath());
                }
                out.flush();
            }
        }
        return 0;
    }

    private void validate(List<String> names) {
        OptionCheck.allOf("--strategies", names, Strategies.names());
        OptionCheck.allOf("--workloads", List.of(workloads), Workloads.kinds());
        for (int d : depths) {
            tagmatch.tools.OptionCheck.range("--depths", d, 1, 1_000_000);
        }
        tagmatch.tools.OptionCheck.atLeast("--reps", reps, 1);
        tagmatch.tools.OptionCheck.atLeast("--warmup", warmup, 0);
        tagmatch.tools.OptionCheck.atLeast("--min-ms", minMillis, 1);
        tagmatch.tools.OptionCheck.range("--threads", threads, 1, 64);
        tagmatch.tools.OptionCheck.range("--bins", bins, 1, 1 << 20);
    }

    private List<Row> measure(Workload w, List<String> names, StrategyOptions common) {
        // partner-static gets the profile of this very workload (seed 004's profiling run).
        StrategyOptions profiled = common.withPartners(common.partners().profile(w.events(), Capacities.UNBOUNDED));
        Map<String, StrategyOptions> opts = new LinkedHashMap<>();
        for (String n : names) opts.put(n, n.equals("partner-static") ? profiled : common);
        Map<String, double[]> samples = new LinkedHashMap<>();
        for (String n : names) samples.put(n, new double[reps]);
        for (int rep = -warmup; rep < reps; rep++) {
            for (String n : names) {
                double opsPerSecond = timeOne(n, opts.get(n), w.events());
                if (rep >= 0) samples.get(n)[rep] = opsPerSecond;
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String n : names) {
            Matcher m = Strategies.create(n, opts.get(n));
            for (Event e : w.events()) m.apply(e);
            double[] s = samples.get(n);
            Arrays.sort(s);
            rows.add(new Row(n, s[s.length / 2], m.costs()));
        }
        return rows;
    }

    /** Operations per second of a fresh matcher replaying the events until {@code minMillis} have passed. */
    private double timeOne(String name, StrategyOptions options, List<Event> events) {
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
