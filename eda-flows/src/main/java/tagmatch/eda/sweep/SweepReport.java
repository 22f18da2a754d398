package tagmatch.eda.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tagmatch.alpu.AlpuConfig;
import tagmatch.process.UsageError;

/**
 * The merged view of a sweep: one row per configuration with each step's verdict and headline
 * figures, the time per match, and the tasks that are missing or did not pass. Run times, hosts
 * and dates are left out, so two runs of one sweep (here and on a cluster) give equal tables.
 *
 * <p>Time per match is the generator's match initiation interval (cycles between back-to-back
 * matches, from the {@code rtl} or {@code pnr} step) times the clock period: the Fmax the
 * {@code pnr} step routed the configuration to, else the assumed {@code clockMhz}. A skipped
 * task (a step that does not apply) is listed with its reason, and is not a failure.
 */
public final class SweepReport {
    /**
     * One configuration: its cells and figures by column name, in column order.
     *
     * @param logicCells iCE40 logic cells of a passing {@code pnr} step, else null
     * @param routed     true when {@code nsPerMatch} comes from a routed Fmax, false when from the assumed clock
     */
    public record Row(AlpuConfig config, String key, Map<String, String> cells, Double luts, Double flipFlops, Double logicCells,
                      Double nsPerMatch, boolean routed) {}

    private final List<String> columns = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();
    private final List<String> missing = new ArrayList<>();
    private final List<String> failed = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();
    private final double clockMhz;
    private int tasks;

    /** Merges the lines of {@code store} against the tasks {@code sweep} defines. */
    public SweepReport(Sweep sweep, ResultStore store, double clockMhz) {
        this.clockMhz = clockMhz;
        columns.addAll(List.of("variant", "cells", "block", "match_w", "tag_w", "fifo"));
        for (Step s : sweep.steps()) {
            columns.add(s.name());
            for (String h : s.headline()) columns.add(s.name() + "." + h);
        }
        columns.add("clock_mhz");
        columns.add("clock_from");
        columns.add("ns_per_match");
        for (AlpuConfig c : sweep.grid().configs()) {
            String key = Task.configKey(c);
            Map<String, String> cells = new LinkedHashMap<>();
            cells.put("variant", c.variant().name().toLowerCase(Locale.ROOT));
            cells.put("cells", String.valueOf(c.cells()));
            cells.put("block", String.valueOf(c.block()));
            cells.put("match_w", String.valueOf(c.matchWidth()));
            cells.put("tag_w", String.valueOf(c.tagWidth()));
            cells.put("fifo", String.valueOf(c.reqFifoDepth()));
            Double luts = null;
            Double ffs = null;
            Double interval = null;
            Double fmax = null;
            Double lcs = null;
            for (Step s : sweep.steps()) {
                List<Task> ts = new ArrayList<>();
                if (s.seeded()) for (long seed : sweep.seeds()) ts.add(new Task(c, s, seed));
                else ts.add(new Task(c, s, 0));
                int pass = 0;
                int skip = 0;
                Map<String, Double> sums = new LinkedHashMap<>();
                ResultLine first = null;
                for (Task t : ts) {
                    tasks++;
                    Optional<ResultLine> l = store.read(t.key());
                    if (l.isEmpty()) {
                        missing.add(t.key());
                        continue;
                    }
                    if (l.get().verdict() == TaskVerdict.SKIP) {
                        skip++;
                        skipped.add(t.key() + " (" + firstLine(l.get().message()) + ")");
                        continue;
                    }
                    if (l.get().verdict() != TaskVerdict.PASS) {
                        failed.add(t.key() + " (" + l.get().verdict().name().toLowerCase(Locale.ROOT) + ": " + firstLine(l.get().message()) + ")");
                        continue;
                    }
                    pass++;
                    if (first == null) first = l.get();
                    for (String h : s.headline()) {
                        Double v = l.get().number(h);
                        if (v != null) sums.merge(h, v, Double::sum);
                    }
                }
                cells.put(s.name(), s.seeded() ? pass + "/" + ts.size() + (skip > 0 ? " (" + skip + " skipped)" : "")
                        : pass == 1 ? "pass" : skip == 1 ? "skip" : ts.size() == missing(ts) ? "missing" : "fail");
                for (String h : s.headline()) {
                    // A seeded step's figures are summed over its passing seeds (transfers, cycles of a soak).
                    Double v = sums.get(h);
                    cells.put(s.name() + "." + h, v == null ? "" : number(v));
                }
                if (first != null && s.name().equals("synth")) {
                    luts = first.number("luts");
                    ffs = first.number("flip_flops");
                }
                if (first != null && s.name().equals("rtl")) interval = first.number("match_interval");
                if (first != null && s.name().equals("pnr")) {
                    fmax = first.number("fmax_mhz");
                    lcs = first.number("logic_cells");
                    interval = first.number("match_interval");
                }
            }
            double clock = fmax != null ? fmax : clockMhz;
            Double ns = interval == null ? null : interval * 1000.0 / clock;
            cells.put("clock_mhz", interval == null ? "" : String.format(Locale.ROOT, "%.2f", clock));
            cells.put("clock_from", interval == null ? "" : fmax != null ? "pnr" : "assumed");
            cells.put("ns_per_match", ns == null ? "" : String.format(Locale.ROOT, "%.2f", ns));
            rows.add(new Row(c, key, cells, luts, ffs, lcs, ns, fmax != null));
        }
    }

    private int missing(List<Task> ts) {
        int n = 0;
        for (Task t : ts) if (missing.contains(t.key())) n++;
        return n;
    }

    public List<Row> rows() {
        return rows;
    }

    public List<String> missing() {
        return missing;
    }

    public List<String> failed() {
        return failed;
    }

    /**
     * The report of the sweep in the results directory {@code dir}: its definition read from
     * {@code sweep.args} by {@code reader}, its lines from the store.
     */
    public static SweepReport of(Path dir, double clockMhz, SweepSpecs.Reader reader) throws IOException {
        Path args = dir.resolve("sweep.args");
        if (!Files.isRegularFile(args)) throw new UsageError("DIR must be a sweep's results directory (with sweep.args), got " + dir);
        ResultStore store = ResultStore.existing(dir);
        Sweep sweep = reader.read(Files.readAllLines(args, StandardCharsets.UTF_8), args.toString());
        return new SweepReport(sweep, store, clockMhz);
    }

    /** Writes {@code sweep.md}, {@code sweep.csv} and the PNG plots into {@code dir}; returns their names. */
    public List<String> writeTo(Path dir) throws IOException {
        List<String> files = new ArrayList<>(List.of("sweep.md", "sweep.csv"));
        Files.writeString(dir.resolve("sweep.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("sweep.csv"), csv(), StandardCharsets.UTF_8);
        files.addAll(SweepPlots.write(this, dir));
        return files;
    }

    /** No task is missing or failed: the sweep is complete. */
    public boolean complete() {
        return missing.isEmpty() && failed.isEmpty();
    }

    /** Tasks a step did not apply to (a design too big for the device, no proof target), with why. */
    public List<String> skipped() {
        return skipped;
    }

    public double clockMhz() {
        return clockMhz;
    }

    public String csv() {
        StringBuilder sb = new StringBuilder(String.join(",", columns)).append('\n');
        for (Row r : rows) sb.append(String.join(",", r.cells().values())).append('\n');
        return sb.toString();
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Sweep report\n\n");
        sb.append(rows.size()).append(" configurations, ").append(tasks).append(" tasks: ")
                .append(tasks - missing.size() - failed.size() - skipped.size()).append(" pass, ")
                .append(skipped.isEmpty() ? "" : skipped.size() + " skipped, ").append(failed.size()).append(" failed, ")
                .append(missing.size()).append(" missing. ns_per_match = match interval (cycles) x the clock period: ")
                .append("the Fmax of the pnr step where it passed (clock_from pnr), else an assumed ").append(number(clockMhz))
                .append(" MHz (").append(String.format(Locale.ROOT, "%.1f", 1000.0 / clockMhz)).append(" ns, clock_from assumed).\n\n");
        sb.append("| ").append(String.join(" | ", columns)).append(" |\n|");
        for (int i = 0; i < columns.size(); i++) sb.append(i < 6 ? "---|" : "---:|");
        sb.append('\n');
        for (Row r : rows) sb.append("| ").append(String.join(" | ", r.cells().values())).append(" |\n");
        if (!skipped.isEmpty()) {
            sb.append("\n## Skipped\n\n");
            for (String k : skipped) sb.append("- ").append(k).append('\n');
        }
        if (!failed.isEmpty()) {
            sb.append("\n## Failed\n\n");
            for (String f : failed) sb.append("- ").append(f).append('\n');
        }
        if (!missing.isEmpty()) {
            sb.append("\n## Missing\n\n");
            for (String m : missing) sb.append("- ").append(m).append('\n');
        }
        return sb.toString();
    }

    public static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
