package tagmatch.eda.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.rtl.ReferenceDesigns;
import tagmatch.eda.synth.SynthReport;
import tagmatch.eda.synth.SynthTable;
import tagmatch.process.ProgressMeter;
import tagmatch.process.UsageError;

/**
 * {@code tagmatch synth --table} as a sweep: the {@code rtl} and {@code synth} tasks of a sweep
 * spec (by default {@code data/sweeps/table-iv-v.sweep}) run by {@link LocalRunner#runMissing}
 * into a results directory, then printed as the {@link SynthTable} beside the paper's figures.
 * The directory is the one {@code tagmatch sweep @SPEC --out DIR} fills, so the two commands share
 * and resume each other's results, and a repeated {@code --table} prints at once.
 *
 * @param entries the configurations of the table, in the spec's order, each under its table name
 */
public record TableSweep(Sweep sweep, List<Entry> entries) {
    /**
     * One configuration of the table: a reference design's top name ({@code alpu_prq_256x8}) when
     * it is one of seed 001's prototypes, else its sweep key ({@code prq-4x2-m3-t2-f4}).
     */
    public record Entry(String name, AlpuConfig config) {}

    public TableSweep {
        entries = List.copyOf(entries);
    }

    /**
     * The table of {@code spec}, restricted to the names of {@code only} when it is not empty.
     * Every usage error (no synth step, an unknown name) is thrown before anything runs.
     */
    public static TableSweep of(Sweep spec, String source, List<String> only) {
        if (spec.steps().stream().noneMatch(s -> s.name().equals("synth")))
            throw new UsageError("--spec " + source + " has no synth step (--steps=...,synth), so it makes no table");
        Map<String, Entry> all = new LinkedHashMap<>();
        for (AlpuConfig c : spec.grid().configs()) all.put(name(c), new Entry(name(c), c));
        for (String n : only) {
            if (!all.containsKey(n))
                throw new UsageError("--only names '" + n + "', which is no design of the table; they are " + List.copyOf(all.keySet()));
        }
        List<Entry> chosen = new ArrayList<>();
        for (Entry e : all.values()) if (only.isEmpty() || only.contains(e.name())) chosen.add(e);
        return new TableSweep(spec, chosen);
    }

    /** The reference design's top name for one of the seed's prototypes, the sweep key otherwise. */
    static String name(AlpuConfig c) {
        for (ReferenceDesigns.Design d : ReferenceDesigns.all()) if (d.config().equals(c)) return d.top();
        return Task.configKey(c);
    }

    /** The tasks to run: the spec's rtl and synth tasks of the chosen configurations. */
    public List<Task> tasks() {
        List<AlpuConfig> chosen = entries.stream().map(Entry::config).toList();
        List<Task> out = new ArrayList<>();
        for (Task t : sweep.tasks()) {
            if (chosen.contains(t.config()) && (t.step().name().equals("rtl") || t.step().name().equals("synth"))) out.add(t);
        }
        return out;
    }

    /**
     * Runs what {@code store} does not hold yet on {@code workers} workers, printing each synthesis
     * as it finishes, then the table; true when every configuration synthesized (the failed ones
     * are named, and the table holds the others).
     */
    public boolean run(ResultStore store, boolean retryFailed, int workers, PrintWriter o, ProgressMeter.Factory progress)
            throws IOException, InterruptedException {
        store.claim(sweep);
        Map<AlpuConfig, String> names = new LinkedHashMap<>();
        for (Entry e : entries) names.put(e.config(), e.name());
        List<Task> tasks = tasks();
        List<ResultLine> lines = LocalRunner.runMissing(store, sweep, tasks, retryFailed, workers, "synth --table", new LocalRunner.Plan() {
            @Override
            public void start(int toRun, int alreadyDone) {
                o.printf("synth --table: %d designs (%s); %d tasks, %d already done in %s, %d to run on %d workers%n", entries.size(),
                        sweep.family(), tasks.size(), alreadyDone, store.dir(), toRun, workers);
                for (Task t : tasks) {
                    if (t.step().name().equals("synth") && store.settled(t, retryFailed))
                        o.println(describe(store.read(t.key()).orElseThrow(), names.get(t.config()), " (earlier run)"));
                }
                o.flush();
            }

            @Override
            public void finished(ResultLine l) {
                if (!l.step().equals("synth")) return;
                synchronized (o) {
                    o.println(describe(l, names.get(configOf(l, tasks)), ""));
                    o.flush();
                }
            }
        }, progress);
        SynthTable table = new SynthTable();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            ResultLine l = lines.get(i);
            if (!t.step().name().equals("synth")) continue;
            String name = names.get(t.config());
            if (l == null || l.verdict() != TaskVerdict.PASS) {
                failed.add(name + " (" + t.key() + ": " + (l == null ? "missing" : l.verdict().name().toLowerCase(Locale.ROOT) + ": "
                        + l.message().lines().findFirst().orElse("")) + ")");
                continue;
            }
            table.add(t.config(), SynthStep.report(l, name));
        }
        o.println();
        o.print(table.format());
        for (String f : failed) o.println("failed: " + f);
        if (!failed.isEmpty()) o.println("(tagmatch synth --table --retry-failed runs them again)");
        o.printf("results in %s (tagmatch sweep report %s)%n", store.dir().resolve("results"), store.dir());
        o.flush();
        return failed.isEmpty();
    }

    /** One synthesis as {@code tagmatch synth} prints it, with its run time. */
    private static String describe(ResultLine l, String name, String suffix) {
        if (l.verdict() != TaskVerdict.PASS)
            return name + ": " + l.verdict().name().toLowerCase(Locale.ROOT) + ": " + l.message().lines().findFirst().orElse("") + suffix;
        return SynthStep.report(l, name).summary() + String.format(Locale.ROOT, "  [%d s]", Math.round(l.seconds())) + suffix;
    }

    private static AlpuConfig configOf(ResultLine l, List<Task> tasks) {
        for (Task t : tasks) if (t.key().equals(l.key())) return t.config();
        throw new IllegalStateException("a line of no task of the table: " + l.key());
    }
}
