package tagmatch.dpasystem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/**
 * Matchers side by side behind the same handler on the same cluster, which carries the two ALPUs
 * of {@link AlpuUnits} whether a matcher uses them or not: the list, the ALPUs with the list
 * (seed 001), the optimistic matcher on N threads (seed 000) and the ALPUs with a hashed
 * overflow (the hybrid), all on the same N threads (the others match one message at a time, in
 * block order, while the threads' protocol stages overlap). Each runs {@link HandlerBench#workload}:
 * receives kept posted at a depth, messages that each take one at random and its repost (in
 * blocks of N), and the conflict case (every key (0, 0)). Every run is checked against
 * the reference (a difference fails the bench); cycles from the handler's start to its finish,
 * likely memory.
 */
public final class MatcherComparison {
    /** What to measure, under likely memory with {@code latencies} fixed. */
    public record Setup(List<HandlerImage.Matcher> matchers, List<Integer> depths, int conflictDepth, int messages, int threads, int bins,
                        AlpuUnits units, double clockGhz, LatencyOverrides latencies) {
        public Setup {
            matchers = List.copyOf(matchers);
            depths = List.copyOf(depths);
        }
    }

    /**
     * One case every matcher runs: its label, the depth it keeps posted (0: none of the bench's
     * depths, as a trace's), whether it is the conflict case, the entries the matchers' tables
     * must hold, and its events for a matcher on N threads.
     */
    public record Case(String label, int depth, boolean conflict, int capacity, IntFunction<List<Event>> events) {}

    /** One matcher on one case and what the run gave. */
    public record Row(HandlerImage.Matcher matcher, Case kase, HandlerRun.Outcome outcome) {
        public String label() {
            return kase.label();
        }

        public int depth() {
            return kase.depth();
        }

        public boolean conflict() {
            return kase.conflict();
        }
    }

    private final Setup setup;
    private final List<Row> rows;
    private final Map<HandlerImage.Matcher, MatcherMemory> memory;

    private MatcherComparison(Setup setup, List<Row> rows, Map<HandlerImage.Matcher, MatcherMemory> memory) {
        this.setup = setup;
        this.rows = rows;
        this.memory = memory;
    }

    public List<Row> rows() {
        return rows;
    }

    /** The bench's cases: {@link HandlerBench#workload} at each of the setup's depths and the conflict case at its conflict depth. */
    public static List<Case> benchCases(Setup s) {
        List<Case> cases = new ArrayList<>();
        for (int d : s.depths()) cases.add(benchCase(s, d, false));
        cases.add(benchCase(s, s.conflictDepth(), true));
        return cases;
    }

    private static Case benchCase(Setup s, int depth, boolean conflict) {
        return new Case(conflict ? "conflict, depth " + depth : "depth " + depth, depth, conflict, 2 * depth,
                n -> HandlerBench.workload(conflict ? BenchCase.CONFLICT : BenchCase.NO_CONFLICT, depth, s.messages(), n, 1));
    }

    /** Builds the cluster with the units and every matcher's handler, and measures the bench's cases; {@code step} is told after each run. */
    public static MatcherComparison measure(DpaConfig cluster, Setup s, Path work, Consumer<String> step) {
        return measure(cluster, s, benchCases(s), work, step);
    }

    /** The same for {@code cases}, one run at a time on Verilator. */
    public static MatcherComparison measure(DpaConfig cluster, Setup s, List<Case> cases, Path work, Consumer<String> step) {
        return measure(cluster, ClusterRuns.serial(ClusterSimulator.VERILATOR), s, cases, work, step);
    }

    /**
     * The same on {@code runs}' simulator and workers, each matcher on each case a run of its own:
     * every matcher's tables hold the largest case's capacity (at least 64 entries).
     */
    public static MatcherComparison measure(DpaConfig cluster, ClusterRuns runs, Setup s, List<Case> cases, Path work, Consumer<String> step) {
        int capacity = Math.max(64, cases.stream().mapToInt(Case::capacity).max().orElse(0));
        OtmConfig base = OtmConfig.defaults().withBins(s.bins()).withCapacities(capacity, capacity);
        DpaRun dpa = runs.build(cluster, s.units().slots());
        Map<HandlerImage.Matcher, HandlerImage> images = new LinkedHashMap<>();
        Map<HandlerImage.Matcher, MatcherMemory> memory = new LinkedHashMap<>();
        for (HandlerImage.Matcher m : s.matchers()) {
            images.put(m, HandlerImage.build(base.withThreads(s.threads()), m, work));
            memory.put(m, MatcherMemory.of(dpa, images.get(m)));
        }
        List<Map.Entry<Case, HandlerImage.Matcher>> tasks = new ArrayList<>();
        for (Case c : cases) for (HandlerImage.Matcher m : s.matchers()) tasks.add(Map.entry(c, m));
        List<Row> rows = runs.map(tasks, t -> {
            HandlerImage.Matcher m = t.getValue();
            HandlerRun.Outcome o = HandlerRun.run(dpa, images.get(m), HandlerFeed.afterSetup(t.getKey().events().apply(s.threads()),
                    HandlerFeed.Pace.defaults()), DpaRun.Options.defaults().withMemory(MemorySetting.LIKELY, s.latencies()), work);
            Row r = new Row(m, t.getKey(), o);
            if (!o.passed()) throw new IllegalStateException(m.cliName() + ", " + r.label() + ": " + o.difference());
            synchronized (step) {
                step.accept(m.cliName() + " " + r.label());
            }
            return r;
        });
        return new MatcherComparison(s, rows, memory);
    }

    /** Messages per second at the setup's clock. */
    public double perSecond(Row r) {
        return r.outcome().messages() * setup.clockGhz() * 1e9 / r.outcome().cycles();
    }

    /**
     * The table: per case and matcher, messages per second, cycles per message, the rate
     * against the list's and the harts' host-memory loads and AMOs per message; then the best
     * matcher per case and where the ALPUs with the list overtake the list.
     */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-20s %-7s %9s %9s %8s %9s%n", "case", "matcher", "M msg/s", "cyc/msg", "vs list", "host/msg"));
        for (Row r : rows) {
            Row list = find(HandlerImage.Matcher.LIST, r.label());
            sb.append(String.format(Locale.ROOT, "%-20s %-7s %9.3f %9.0f %8s %9.2f%n", r.label(), r.matcher().cliName(), perSecond(r) / 1e6,
                    (double) r.outcome().cycles() / r.outcome().messages(),
                    list == null ? "-" : String.format(Locale.ROOT, "%.2fx", perSecond(r) / perSecond(list)), r.outcome().hostRoundTripsPerMessage()));
        }
        sb.append(String.format(Locale.ROOT, "%nbest per case:%n"));
        List<String> seen = new ArrayList<>();
        for (Row r : rows) {
            if (seen.contains(r.label())) continue;
            seen.add(r.label());
            Row best = r;
            for (Row o : rows) if (o.label().equals(r.label()) && perSecond(o) > perSecond(best)) best = o;
            sb.append(String.format(Locale.ROOT, "  %-20s %s (%.3f M msg/s)%n", r.label(), best.matcher().cliName(), perSecond(best) / 1e6));
        }
        sb.append(breakEven());
        return sb.toString();
    }

    /**
     * What each matcher costs: {@code units} (the hardware it uses, by matcher; none given:
     * "none") and the DPA memory it takes ({@link MatcherMemory}): data (static, context, what
     * otm_init allocated) and code.
     */
    public String areaTable(Map<HandlerImage.Matcher, String> units) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-7s %-44s %12s %24s %10s%n", "matcher", "units on the bus (LUTs/FFs)",
                "DPA data B", "(static+context+init)", "code B"));
        for (Map.Entry<HandlerImage.Matcher, MatcherMemory> e : memory.entrySet()) {
            MatcherMemory m = e.getValue();
            sb.append(String.format(Locale.ROOT, "%-7s %-44s %,12d %24s %,10d%n", e.getKey().cliName(), units.getOrDefault(e.getKey(), "none"), m.data(),
                    String.format(Locale.ROOT, "%d+%d+%d", m.staticData(), m.context(), m.allocated()), m.code()));
        }
        return sb.toString();
    }

    public Map<HandlerImage.Matcher, MatcherMemory> memory() {
        return memory;
    }

    /** The smallest measured depth (no conflict) at which the ALPUs with the list deliver at least the list's rate; empty without depths. */
    public String breakEven() {
        Integer below = null;
        for (int d : setup.depths().stream().sorted().toList()) {
            Row a = find(HandlerImage.Matcher.ALPU, "depth " + d), l = find(HandlerImage.Matcher.LIST, "depth " + d);
            if (a == null || l == null) return "";
            if (perSecond(a) >= perSecond(l)) {
                return String.format(Locale.ROOT, "alpu against list: at least the list's rate from depth %d on (of those measured)%s%n", d,
                        below == null ? "" : "; below it at depth " + below);
            }
            below = d;
        }
        return below == null ? "" : String.format(Locale.ROOT, "alpu against list: below the list's rate at every depth measured (up to %d)%n", below);
    }

    private Row find(HandlerImage.Matcher m, String label) {
        for (Row r : rows) if (r.matcher() == m && r.label().equals(label)) return r;
        return null;
    }
}
