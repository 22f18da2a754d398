package tagmatch.bench.trace;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import tagmatch.bench.ProcessCost;

/** What {@link TraceBenchmark} measured: each kind of run's median cost, and how many cached outputs matched the uncached one's. */
public record TraceBenchReport(TraceBenchmark.Settings settings, int cores, String loadAverage, Map<TraceBenchmark.Kind, ProcessCost> medians,
                               int identical, int compared) {
    public TraceBenchReport {
        medians = Map.copyOf(medians);
    }

    /** Every cached analysis wrote what the uncached one did. */
    public boolean allIdentical() {
        return identical == compared;
    }

    /** The table as {@code tagmatch bench trace} prints it. */
    public String text() {
        StringBuilder s = new StringBuilder();
        s.append("trace analyze as whole processes: ").append(settings.launcher()).append(" trace analyze ")
                .append(String.join(" ", settings.traces().stream().map(Path::toString).toList()))
                .append(" --no-progress --out DIR [--no-cache | --cache DIR]\n");
        s.append("median of ").append(settings.runs()).append(" run").append(settings.runs() == 1 ? "" : "s").append(", ").append(cores)
                .append(" cores, load average at start of the table ").append(loadAverage).append('\n');
        s.append(String.format("%-24s %8s %8s %9s %12s %12s%n", "run", "wall s", "cpu s", "peak MiB", "wall vs 1st", "cpu vs 1st"));
        ProcessCost first = medians.get(TraceBenchmark.Kind.FIRST);
        for (TraceBenchmark.Kind k : TraceBenchmark.Kind.values()) {
            ProcessCost m = medians.get(k);
            String wall = k == TraceBenchmark.Kind.FIRST ? "baseline" : String.format(Locale.ROOT, "%.1fx faster", first.wallSeconds() / m.wallSeconds());
            String cpu = k == TraceBenchmark.Kind.FIRST ? "baseline" : String.format(Locale.ROOT, "%.1fx less", first.cpuSeconds() / m.cpuSeconds());
            s.append(String.format(Locale.ROOT, "%-24s %8.2f %8.2f %9.0f %12s %12s%n", k.label, m.wallSeconds(), m.cpuSeconds(), m.peakMib(), wall, cpu));
        }
        s.append("outputs byte-identical to the --no-cache run's: ").append(identical).append(" of ").append(compared).append('\n');
        return s.toString();
    }
}
