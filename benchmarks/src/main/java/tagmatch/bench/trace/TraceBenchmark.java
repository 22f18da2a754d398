package tagmatch.bench.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import tagmatch.bench.LoadAverage;
import tagmatch.bench.ProcessCost;
import tagmatch.process.ProgressMeter;
import tagmatch.process.ScratchDir;

/**
 * {@code trace analyze} timed as a user meets it, as whole processes of the launcher. Per run,
 * on a fresh cache directory: the baseline without any cache ({@code --no-cache}), the first
 * analysis (parses, analyses, fills the cache), the same analysis again (the whole result from
 * the cache), and once more with only the parsed rank files cached (the finished analyses
 * removed first: what the parse cache alone gives). Each figure is the median over the runs;
 * the ratios are against the first analysis. The outputs of every run are compared byte for
 * byte with the baseline's.
 */
public final class TraceBenchmark {
    /** The launcher to time, the traces it analyses, the runs, and the manifest file each output holds beside the analysis (not compared). */
    public record Settings(Path launcher, List<Path> traces, int runs, String manifest) {
        public Settings {
            traces = List.copyOf(traces);
        }
    }

    /** One kind of run: its label and the cache options it passes. */
    public enum Kind {
        NO_CACHE("no cache (--no-cache)"),
        FIRST("1st (empty cache)"),
        SECOND("2nd (same analysis)"),
        PARSE_ONLY("2nd, parse cache only");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private TraceBenchmark() {}

    /** Runs every kind {@code runs} times in {@code work}. */
    public static TraceBenchReport measure(Settings s, Path work, ProgressMeter.Factory progress) throws IOException {
        Map<Kind, List<ProcessCost>> costs = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) costs.put(k, new ArrayList<>());
        int identical = 0, compared = 0;
        try (ProgressMeter p = progress.start("bench trace", (long) s.runs() * Kind.values().length, "runs")) {
            for (int r = 0; r < s.runs(); r++) {
                Path cache = work.resolve("cache-" + r);
                Map<Kind, Path> outs = new EnumMap<>(Kind.class);
                for (Kind k : Kind.values()) {
                    if (k == Kind.PARSE_ONLY) ScratchDir.delete(cache.resolve("analyses"));
                    Path dir = work.resolve(k.name().toLowerCase(Locale.ROOT) + "-" + r);
                    outs.put(k, dir);
                    costs.get(k).add(ProcessCost.measure(command(s, k, cache, dir), work));
                    p.stepBy(1);
                }
                for (Kind k : Kind.values()) {
                    if (k == Kind.NO_CACHE) continue;
                    compared++;
                    if (sameFiles(outs.get(Kind.NO_CACHE), outs.get(k), s.manifest())) identical++;
                }
            }
        }
        Map<Kind, ProcessCost> medians = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) medians.put(k, ProcessCost.median(costs.get(k)));
        return new TraceBenchReport(s, Runtime.getRuntime().availableProcessors(), LoadAverage.now(), medians, identical, compared);
    }

    private static List<String> command(Settings s, Kind k, Path cache, Path dir) {
        List<String> c = new ArrayList<>(List.of(s.launcher().toAbsolutePath().toString(), "trace", "analyze"));
        for (Path t : s.traces()) c.add(t.toAbsolutePath().toString());
        c.addAll(List.of("--no-progress", "--out", dir.toString()));
        if (k == Kind.NO_CACHE) c.add("--no-cache");
        else c.addAll(List.of("--cache", cache.toString()));
        return c;
    }

    /** The files two analyses wrote (their manifests aside) are the same, byte for byte. */
    private static boolean sameFiles(Path a, Path b, String manifest) throws IOException {
        Map<String, byte[]> x = files(a, manifest), y = files(b, manifest);
        if (!x.keySet().equals(y.keySet())) return false;
        for (String f : x.keySet()) if (!Arrays.equals(x.get(f), y.get(f))) return false;
        return true;
    }

    private static Map<String, byte[]> files(Path dir, String manifest) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.toList()) {
                if (!f.getFileName().toString().equals(manifest)) m.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        return m;
    }
}
