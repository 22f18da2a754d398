package tagmatch.bench.hdl;

import java.util.List;
import tagmatch.bench.ProcessCost;

/** What {@link AlpuProcessBenchmark} measured: per command, the launcher's and the baseline's median cost. */
public record AlpuProcessReport(AlpuProcessBenchmark.Settings settings, int cores, String loadAtStart, List<Row> rows) {
    /** One line of the table: a command, launched both ways, and the launcher's target (0: none). */
    public record Point(String label, List<String> args, double maxWall, double maxPeakMib) {
        String verdict(ProcessCost m) {
            if (maxWall == 0) return "";
            String target = "wall <= " + maxWall + " s" + (maxPeakMib > 0 ? ", peak <= " + (int) maxPeakMib + " MiB" : "");
            boolean met = m.wallSeconds() <= maxWall && (maxPeakMib == 0 || m.peakMib() <= maxPeakMib);
            return target + ": " + (met ? "met" : "NOT met");
        }
    }

    /** A command's median cost through the launcher and through {@code java -jar}. */
    public record Row(Point point, ProcessCost launcher, ProcessCost baseline) {}

    public AlpuProcessReport {
        rows = List.copyOf(rows);
    }

    /** The table as {@code tagmatch bench hdl} prints it. */
    public String text() {
        StringBuilder s = new StringBuilder();
        s.append("ALPU generation, whole processes (block 16, 42/16 bits, PRQ), median of ").append(settings.runs()).append(" runs, ")
                .append(cores).append(" cores, load average at start ").append(loadAtStart).append('\n');
        s.append("  launcher: ").append(settings.launcher()).append(" <args>\n");
        s.append("  baseline: java -jar ").append(settings.jar()).append(" <args>\n");
        s.append("  rtl args: rtl --cells N ").append(String.join(" ", AlpuProcessBenchmark.CONFIG)).append(" -o DIR --force\n");
        s.append(String.format("%-6s %-18s %8s %8s %9s %10s %10s  %s%n", "cells", "command", "wall s", "cpu s", "peak MiB",
                "wall ratio", "peak ratio", "target (launcher)"));
        for (Row r : rows) {
            ProcessCost m = r.launcher(), b = r.baseline();
            String label = r.point().label();
            s.append(String.format("%-6s %-18s %8.2f %8.2f %9.0f %9.2fx %9.2fx  %s%n", label, "./tagmatch " + r.point().args().get(0),
                    m.wallSeconds(), m.cpuSeconds(), m.peakMib(), m.wallSeconds() / b.wallSeconds(), m.peakMib() / b.peakMib(),
                    r.point().verdict(m)));
            s.append(String.format("%-6s %-18s %8.2f %8.2f %9.0f %10s %10s%n", label, "java -jar", b.wallSeconds(), b.cpuSeconds(),
                    b.peakMib(), "baseline", "baseline"));
        }
        s.append("Wall is what a user waits for; on a loaded machine it grows with the load far more than cpu s does.\n");
        return s.toString();
    }
}
