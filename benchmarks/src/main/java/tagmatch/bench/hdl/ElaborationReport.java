package tagmatch.bench.hdl;

import java.util.List;

/** What {@link ElaborationBenchmark} measured: per design and size, median milliseconds and Verilog lines. */
public record ElaborationReport(List<Row> rows) {
    /** One design at one size. */
    public record Row(String design, int entries, double elaborateMillis, double emitMillis, int lines) {
        public double totalMillis() {
            return elaborateMillis + emitMillis;
        }
    }

    public ElaborationReport {
        rows = List.copyOf(rows);
    }

    /** The table as {@code tagmatch bench hdl} prints it: each size against the one before it of the same design. */
    public String text() {
        StringBuilder s = new StringBuilder(String.format("%-18s %7s %12s %10s %10s %12s %10s%n",
                "design", "entries", "elaborate ms", "emit ms", "total ms", "vs previous", "lines"));
        Row previous = null;
        for (Row r : rows) {
            boolean first = previous == null || !previous.design().equals(r.design());
            String ratio = first ? "baseline" : String.format("%.2fx/%dx", r.totalMillis() / previous.totalMillis(), r.entries() / previous.entries());
            s.append(String.format("%-18s %7d %12.1f %10.1f %10.1f %12s %10d%n", r.design(), r.entries(), r.elaborateMillis(), r.emitMillis(),
                    r.totalMillis(), ratio, r.lines()));
            previous = r;
        }
        s.append("A linear cost shows 'vs previous' close to the size ratio (e.g. 4.00x/4x).\n");
        return s.toString();
    }
}
