package tagmatch.bench.hdl;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.bench.LoadAverage;
import tagmatch.bench.ProcessCost;
import tagmatch.process.ProgressMeter;

/**
 * ALPU generation timed the way a user runs it: whole processes of {@code ./tagmatch rtl} (the
 * launcher with its class-data-sharing archive and JVM flags), side by side with the baseline
 * {@code java -jar tagmatch.jar rtl} (the same jar on a default JVM), and the startup floor of
 * each ({@code --version}). Launcher and baseline runs alternate, so a change of machine load
 * hits both alike; each figure is the median over the runs.
 */
public final class AlpuProcessBenchmark {
    /** Block 16, 42-bit match, 16-bit tag, PRQ: the configuration the targets are set for. */
    static final List<String> CONFIG = List.of("--block", "16", "--match-width", "42", "--tag-width", "16", "--variant", "prq");

    /** The launcher to time, the jar it runs (the baseline runs it with {@code java -jar}), the ALPU sizes and the runs per point. */
    public record Settings(Path launcher, Path jar, List<Integer> cells, int runs) {
        public Settings {
            cells = List.copyOf(cells);
        }
    }

    private AlpuProcessBenchmark() {}

    /** Runs every point {@code runs + 1} times each way (the first unmeasured) in {@code work}. */
    public static AlpuProcessReport measure(Settings s, Path work, ProgressMeter.Factory progress) {
        List<AlpuProcessReport.Point> points = new ArrayList<>();
        points.add(new AlpuProcessReport.Point("-", List.of("--version"), 0, 0));
        for (int n : s.cells()) {
            List<String> args = new ArrayList<>(List.of("rtl", "--cells", String.valueOf(n)));
            args.addAll(CONFIG);
            args.addAll(List.of("-o", work.resolve("alpu-" + n).toString(), "--force"));
            // the targets on a 2-core machine
            points.add(new AlpuProcessReport.Point(String.valueOf(n), args, n == 256 ? 0.9 : n == 4096 ? 2.0 : 0, n == 4096 ? 300 : 0));
        }
        String load = LoadAverage.now();
        List<AlpuProcessReport.Row> rows = new ArrayList<>();
        try (ProgressMeter p = progress.start("bench hdl alpu", (long) points.size() * 2 * (s.runs() + 1), "runs")) {
            for (AlpuProcessReport.Point pt : points) {
                // one unmeasured run each: the launcher writes its archive, files reach the page cache
                ProcessCost.measure(launcherCommand(s, pt.args()), work);
                ProcessCost.measure(baselineCommand(s, pt.args()), work);
                p.stepBy(2);
                List<ProcessCost> mine = new ArrayList<>(), base = new ArrayList<>();
                for (int r = 0; r < s.runs(); r++) {
                    mine.add(ProcessCost.measure(launcherCommand(s, pt.args()), work));
                    base.add(ProcessCost.measure(baselineCommand(s, pt.args()), work));
                    p.stepBy(2);
                }
                rows.add(new AlpuProcessReport.Row(pt, ProcessCost.median(mine), ProcessCost.median(base)));
            }
        }
        return new AlpuProcessReport(s, Runtime.getRuntime().availableProcessors(), load, rows);
    }

    private static List<String> launcherCommand(Settings s, List<String> args) {
        List<String> c = new ArrayList<>(List.of(s.launcher().toString()));
        c.addAll(args);
        return c;
    }

    private static List<String> baselineCommand(Settings s, List<String> args) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", s.jar().toString()));
        c.addAll(args);
        return c;
    }
}
