package tagmatch.dpasystem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tagmatch.dpa.DpaRun;
import tagmatch.otm.OtmConfig;

/**
 * The cycle figures of issue "a DPA you can simulate": {@code otm_bench}'s workloads on the
 * cluster for every N, the firmware built optimistic (every block), with the default in-order
 * blocks after a contended one, and without the fast path, against the linked list on one hart;
 * the targets checked at the largest N; the simulator's speed.
 */
public final class ClusterBenchSuite {
    /** What to measure. */
    public record Setup(List<Integer> threads, List<Integer> depths, int conflictDepth, long messages, int bins, int latency) {
        public Setup {
            threads = List.copyOf(threads);
            depths = List.copyOf(depths);
        }

        public int maxThreads() {
            return threads.stream().mapToInt(Integer::intValue).max().orElseThrow();
        }
    }

    /** One row: a workload, a depth, an implementation, and its measurement at each N (the list: N = 1 only). */
    public record Row(BenchCase kase, int depth, String impl, Map<Integer, ClusterBench.Measurement> byThreads) {}

    public static final String OPTIMISTIC = "optimistic";
    public static final String IN_ORDER = "in order (default)";
    public static final String SLOW_PATH = "optimistic, slow path";
    public static final String LIST = "list, one hart";

    private final Setup setup;
    private final List<Row> rows;

    private ClusterBenchSuite(Setup setup, List<Row> rows) {
        this.setup = setup;
        this.rows = rows;
    }

    public Setup setup() {
        return setup;
    }

    public List<Row> rows() {
        return rows;
    }

    /** The three builds of the suite for {@code base} (threads, bins and capacities already set). */
    public static Map<String, OtmConfig> builds(OtmConfig base) {
        Map<String, OtmConfig> b = new LinkedHashMap<>();
        b.put(IN_ORDER, base);
        b.put(OPTIMISTIC, base.withInOrderRun(0));
        b.put(SLOW_PATH, base.withInOrderRun(0).withOptimizations(false, true));
        return b;
    }

    /** Measures every row; {@code step} is called after each measurement with a description. */
    public static ClusterBenchSuite measure(DpaRun dpa, Setup setup, Path work, java.util.function.Consumer<String> step) {
        OtmConfig base = OtmConfig.defaults().withThreads(setup.maxThreads()).withBins(setup.bins()).withCapacities(1024, 1024);
        Map<String, FirmwareImage> images = new LinkedHashMap<>();
        for (Map.Entry<String, OtmConfig> b : builds(base).entrySet()) images.put(b.getKey(), FirmwareImage.build(b.getValue(), work));
        List<Row> rows = new ArrayList<>();
        for (int depth : setup.depths()) rows.addAll(rowsOf(dpa, setup, images, BenchCase.NO_CONFLICT, depth, List.of(OPTIMISTIC, IN_ORDER), step));
        rows.addAll(rowsOf(dpa, setup, images, BenchCase.CONFLICT, setup.conflictDepth(), List.of(OPTIMISTIC, SLOW_PATH, IN_ORDER), step));
        rows.addAll(rowsOf(dpa, setup, images, BenchCase.WILDCARD_MIX, setup.conflictDepth(), List.of(OPTIMISTIC, IN_ORDER), step));
        return new ClusterBenchSuite(setup, rows);
    }

    private static List<Row> rowsOf(DpaRun dpa, Setup setup, Map<String, FirmwareImage> images, BenchCase kase, int depth, List<String> impls,
                                    java.util.function.Consumer<String> step) {
        List<Row> out = new ArrayList<>();
        for (String impl : impls) {
            Map<Integer, ClusterBench.Measurement> m = new LinkedHashMap<>();
            for (int n : setup.threads()) {
                m.put(n, ClusterBench.measure(dpa, images.get(impl), true, kase, depth, n, setup.messages(), setup.latency()));
                step.accept(kase.label() + " depth " + depth + " " + impl + " N=" + n);
            }
            out.add(new Row(kase, depth, impl, m));
        }
        Map<Integer, ClusterBench.Measurement> list = new LinkedHashMap<>();
        list.put(1, ClusterBench.measure(dpa, images.get(IN_ORDER), false, kase, depth, 1, setup.messages(), setup.latency()));
        step.accept(kase.label() + " depth " + depth + " list");
        out.add(new Row(kase, depth, LIST, list));
        return out;
    }

    /** The row of {@code kase} at {@code depth} for {@code impl}. */
    public Row row(BenchCase kase, int depth, String impl) {
        for (Row r : rows) if (r.kase() == kase && r.depth() == depth && r.impl().equals(impl)) return r;
        throw new IllegalArgumentException("no row " + kase + " " + depth + " " + impl);
    }

    /** The table: messages per 10^6 cycles and cycles per matched message, N across. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-13s %5s %-22s", "case", "depth", "implementation"));
        for (int n : setup.threads()) head.append(String.format(Locale.ROOT, " %15s", "N=" + n));
        sb.append("messages per 10^6 cycles (cycles per matched message)\n").append(head).append('\n');
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-13s %5d %-22s", r.kase().label(), r.depth(), r.impl()));
            for (int n : setup.threads()) {
                ClusterBench.Measurement m = r.byThreads().get(n);
                sb.append(m == null ? String.format(Locale.ROOT, " %15s", "") : String.format(Locale.ROOT, " %7.0f (%5.0f)", m.rate(), m.cyclesPerMessage()));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The targets at the largest N, and by how much each is met or missed. */
    public String targets() {
        int top = setup.maxThreads();
        StringBuilder sb = new StringBuilder();
        if (setup.depths().contains(64)) {
            double list = row(BenchCase.NO_CONFLICT, 64, LIST).byThreads().get(1).rate();
            Row fw = row(BenchCase.NO_CONFLICT, 64, IN_ORDER);
            double ratio = fw.byThreads().get(top).rate() / list;
            sb.append(verdict("no conflict, depth 64, N=" + top + ": firmware >= 3x the list's messages per cycle", ratio, 3.0));
            boolean grows = true;
            double prev = 0;
            StringBuilder rates = new StringBuilder();
            for (int n : setup.threads()) {
                double r = fw.byThreads().get(n).rate();
                if (r <= prev) grows = false;
                prev = r;
                rates.append(rates.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f", r));
            }
            sb.append(String.format(Locale.ROOT, "%-72s %s (%s)%n", "no conflict, depth 64: rate grows with N", grows ? "MET" : "MISSED", rates));
        }
        double listC = row(BenchCase.CONFLICT, setup.conflictDepth(), LIST).byThreads().get(1).rate();
        double conflict = row(BenchCase.CONFLICT, setup.conflictDepth(), IN_ORDER).byThreads().get(top).rate() / listC;
        sb.append(verdict("conflict (default build), depth " + setup.conflictDepth() + ", N=" + top + ": >= half the list's rate", conflict, 0.5));
        return sb.toString();
    }

    private static String verdict(String what, double ratio, double target) {
        return String.format(Locale.ROOT, "%-72s %s (%.2fx of the list; target %.1fx%s)%n", what, ratio >= target ? "MET" : "MISSED", ratio, target,
                ratio >= target ? "" : String.format(Locale.ROOT, ", missed by %.0f %%", 100 * (1 - ratio / target)));
    }

    /**
     * In-order blocks against optimistic matching where contention switches them on (conflict,
     * wildcard mix): messages per 10^6 cycles at each N, and which delivers more at the largest N.
     */
    public String inOrderDecision() {
        int top = setup.maxThreads();
        StringBuilder sb = new StringBuilder();
        for (BenchCase k : List.of(BenchCase.CONFLICT, BenchCase.WILDCARD_MIX)) {
            Row io = row(k, setup.conflictDepth(), IN_ORDER), op = row(k, setup.conflictDepth(), OPTIMISTIC);
            double a = io.byThreads().get(top).rate(), b = op.byThreads().get(top).rate();
            sb.append(String.format(Locale.ROOT, "%-13s N=%d: in order %.0f, optimistic %.0f messages per 10^6 cycles: %s%n", k.label(), top, a, b,
                    a >= b ? "in order delivers more (" + String.format(Locale.ROOT, "%.2fx", a / b) + ")"
                            : "optimistic delivers more (" + String.format(Locale.ROOT, "%.2fx", b / a) + ")"));
        }
        return sb.toString();
    }

    /**
     * The firmware run at the largest N that the simulator ran slowest, in retired instructions (all harts
     * together) per second of wall time: the simulator's speed on the real workload, waiting harts included.
     */
    public ClusterBench.Measurement slowestSimulation() {
        ClusterBench.Measurement slowest = null;
        for (Row r : rows) {
            ClusterBench.Measurement m = r.byThreads().get(setup.maxThreads());
            if (m != null && !r.impl().equals(LIST)
                    && (slowest == null || m.simulatedInstructionsPerSecond() < slowest.simulatedInstructionsPerSecond())) slowest = m;
        }
        return slowest;
    }

    /** Every measurement as CSV. */
    public String csv() {
        StringBuilder sb = new StringBuilder("case,depth,implementation,threads,matched,cycles,cycles_per_message,messages_per_1e6_cycles,conflicts,fast,slow,in_order,block_cycles,post_cycles,arrival_cycles,retired,sim_seconds\n");
        for (Row r : rows) {
            for (Map.Entry<Integer, ClusterBench.Measurement> e : r.byThreads().entrySet()) {
                ClusterBench.Measurement m = e.getValue();
                sb.append(String.format(Locale.ROOT, "%s,%d,%s,%d,%d,%d,%.2f,%.1f,%d,%d,%d,%d,%d,%d,%d,%d,%.3f%n", r.kase().name().toLowerCase(Locale.ROOT), r.depth(),
                        r.impl(), e.getKey(), m.matched(), m.cycles(), m.cyclesPerMessage(), m.rate(), m.conflicts(), m.fast(), m.slow(), m.inOrder(),
                        m.blockCycles(), m.postCycles(), m.arrivalCycles(), m.retired(), m.simSeconds()));
            }
        }
        return sb.toString();
    }
}
