package tagmatch.tools.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;

/**
 * {@code tagmatch bench trace}: {@code trace analyze} timed as a user meets it, as whole
 * processes of the launcher. Per run, on a fresh cache directory: the baseline without any
 * cache ({@code --no-cache}), the first analysis (parses, analyses, fills the cache), the
 * same analysis again (the whole result from the cache), and once more with only the parsed
 * rank files cached (the finished analyses removed first: what the parse cache alone gives).
 * Each figure is the median over the runs; the ratios are against the first analysis. The
 * outputs of every run are compared byte for byte with the baseline's.
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Time ./tagmatch trace analyze as whole processes: without a cache, a first analysis, the same again",
                "(from the cache), and again with only the parse cache; print ratios against the first analysis."})
public final class TraceBench implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "TRACE", description = "traces to analyze, as for trace analyze (default: the checkout's data/traces)")
    List<Path> traces = new ArrayList<>();

    @Option(names = "--runs", description = "measured runs, median reported (default: ${DEFAULT-VALUE})")
    int runs = 1;

    @Option(names = "--launcher", paramLabel = "PATH", description = "the tagmatch launcher to time (default: the one of the checkout this jar was built in)")
    Path launcher;

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    /** One kind of run: its label and the cache options it passes. */
    private enum Kind {
        NO_CACHE("no cache (--no-cache)"),
        FIRST("1st (empty cache)"),
        SECOND("2nd (same analysis)"),
        PARSE_ONLY("2nd, parse cache only");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    @Override
    public Integer call() throws IOException {
        OptionCheck.atLeast("--runs", runs, 1);
        Path l = launcher != null ? launcher : HdlBench.defaultLauncher("bench trace", "");
        if (!Files.isExecutable(l)) throw new UsageError("--launcher must be the executable tagmatch launcher, got " + l);
        List<Path> what = traces.isEmpty() ? List.of(l.toAbsolutePath().getParent().resolve("data").resolve("traces")) : traces;
        for (Path t : what) {
            if (!Files.exists(t)) throw new UsageError("TRACE must name a trace directory or rank file, got " + t + ", which does not exist");
        }
        PrintWriter out = spec.commandLine().getOut();
        Map<Kind, List<ProcessCost>> costs = new TreeMap<>();
        for (Kind k : Kind.values()) costs.put(k, new ArrayList<>());
        int identical = 0, compared = 0;
        try (Temp work = keepTemp.dir("bench-trace", spec.commandLine().getErr());
             Progress p = Progress.start("bench trace", (long) runs * Kind.values().length, "runs")) {
            for (int r = 0; r < runs; r++) {
                Path cache = work.path().resolve("cache-" + r);
                Map<Kind, Path> outs = new TreeMap<>();
                for (Kind k : Kind.values()) {
                    if (k == Kind.PARSE_ONLY) Temp.delete(cache.resolve("analyses"));
                    Path dir = work.path().resolve(k.name().toLowerCase(java.util.Locale.ROOT) + "-" + r);
                    outs.put(k, dir);
                    costs.get(k).add(ProcessCost.measure(command(l, what, k, cache, dir), work.path()));
                    p.stepBy(1);
                }
                for (Kind k : Kind.values()) {
                    if (k == Kind.NO_CACHE) continue;
                    compared++;
                    if (sameFiles(outs.get(Kind.NO_CACHE), outs.get(k))) identical++;
                }
            }
        }
        out.println("trace analyze as whole processes: " + l + " trace analyze " + String.join(" ", what.stream().map(Path::toString).toList())
                + " --no-progress --out DIR [--no-cache | --cache DIR]");
        out.println("median of " + runs + " run" + (runs == 1 ? "" : "s") + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, load average at start of the table " + LoadAverage.now());
        out.printf("%-24s %8s %8s %9s %12s %12s%n", "run", "wall s", "cpu s", "peak MiB", "wall vs 1st", "cpu vs 1st");
        ProcessCost first = ProcessCost.median(costs.get(Kind.FIRST));
        for (Kind k : Kind.values()) {
            ProcessCost m = ProcessCost.median(costs.get(k));
            String wall = k == Kind.FIRST ? "baseline" : String.format(java.util.Locale.ROOT, "%.1fx faster", first.wallSeconds() / m.wallSeconds());
            String cpu = k == Kind.FIRST ? "baseline" : String.format(java.util.Locale.ROOT, "%.1fx less", first.cpuSeconds() / m.cpuSeconds());
            out.printf(java.util.Locale.ROOT, "%-24s %8.2f %8.2f %9.0f %12s %12s%n", k.label, m.wallSeconds(), m.cpuSeconds(), m.peakMib(), wall, cpu);
        }
        out.println("outputs byte-identical to the --no-cache run's: " + identical + " of " + compared);
        out.flush();
        if (identical != compared) throw new UserError("a cached analysis differs from a fresh one (" + (compared - identical) + " of " + compared + " runs)");
        return 0;
    }

    private static List<String> command(Path launcher, List<Path> traces, Kind k, Path cache, Path dir) {
        List<String> c = new ArrayList<>(List.of(launcher.toAbsolutePath().toString(), "trace", "analyze"));
        for (Path t : traces) c.add(t.toAbsolutePath().toString());
        c.addAll(List.of("--no-progress", "--out", dir.toString()));
        if (k == Kind.NO_CACHE) c.add("--no-cache");
        else c.addAll(List.of("--cache", cache.toString()));
        return c;
    }

    /** The files two analyses wrote (their manifests aside) are the same, byte for byte. */
    private static boolean sameFiles(Path a, Path b) throws IOException {
        Map<String, byte[]> x = files(a), y = files(b);
        if (!x.keySet().equals(y.keySet())) return false;
        for (String f : x.keySet()) if (!Arrays.equals(x.get(f), y.get(f))) return false;
        return true;
    }

    private static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.toList()) {
                if (!f.getFileName().toString().equals(OutputDir.MANIFEST)) m.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        return m;
    }
}
