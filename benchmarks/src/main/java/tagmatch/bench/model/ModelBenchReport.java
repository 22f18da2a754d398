package tagmatch.bench.model;

import java.util.List;
import tagmatch.model.Costs;

/** What {@link ModelBenchmark} measured: one row per workload, depth and strategy. */
public record ModelBenchReport(ModelBenchmark.Settings settings, List<Row> rows) {
    /** One strategy's figures on one workload at one depth. */
    public record Row(String workload, int depth, String strategy, double opsPerSecond, Costs costs) {}

    public ModelBenchReport {
        rows = List.copyOf(rows);
    }

    /** The Markdown table as {@code tagmatch bench model} prints it, ratios against the baseline of the same workload and depth. */
    public String text() {
        String baseline = ModelBenchmark.BASELINE;
        StringBuilder s = new StringBuilder();
        s.append("Matching strategies: median of ").append(settings.reps()).append(" repetitions after ").append(settings.warmup())
                .append(" warm-up, >= ").append(settings.minMillis()).append(" ms each; optimistic N = ").append(settings.threads())
                .append(", bins = ").append(settings.bins()).append("; ratio = ops/s / ").append(baseline).append(" ops/s in this run.\n");
        s.append('\n');
        s.append("| workload | depth | strategy | ops/s | ratio vs ").append(baseline)
                .append(" | inspected/op | max bin depth | conflicts | fast/slow path |\n");
        s.append("|---|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            double base = rows.stream().filter(b -> b.workload().equals(r.workload()) && b.depth() == r.depth() && b.strategy().equals(baseline))
                    .findFirst().map(Row::opsPerSecond).orElse(Double.NaN);
            Costs c = r.costs();
            s.append(String.format("| %s | %d | %s | %,.0f | %s | %.2f | %d | %d | %d/%d |%n", r.workload(), r.depth(), r.strategy(),
                    r.opsPerSecond(), Double.isNaN(base) ? "n/a" : String.format("%.2f", r.opsPerSecond() / base),
                    c.inspectedPerOperation(), c.binDepthMax(), c.conflicts(), c.fastPath(), c.slowPath()));
        }
        return s.toString();
    }
}
