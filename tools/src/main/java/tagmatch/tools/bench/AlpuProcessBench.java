package tagmatch.tools.bench;

import tagmatch.tools.Progress;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * ALPU generation timed the way a user runs it: whole processes of {@code ./tagmatch rtl} (the
 * launcher with its class-data-sharing archive and JVM flags), side by side with the baseline
 * {@code java -jar tagmatch.jar rtl} (the same jar on a default JVM), and the startup floor of
 * each ({@code --version}). Launcher and baseline runs alternate, so a change of machine load
 * hits both alike; each figure is the median over the runs. The targets are issue 11's.
 */
final class AlpuProcessBench {
    /** Block 16, 42-bit match, 16-bit tag, PRQ: the configuration the targets are set for. */
    private static final List<String> CONFIG = List.of("--block", "16", "--match-width", "42", "--tag-width", "16", "--variant", "prq");

    private final Path launcher;
    private final Path jar;
    private final int[] cells;
    private final int runs;

    AlpuProcessBench(Path launcher, Path jar, int[] cells, int runs) {
        this.launcher = launcher;
        this.jar = jar;
        this.cells = cells;
        this.runs = runs;
    }

    /** One line of the table: a command, launched both ways, and the launcher's target (0: none). */
    private record Point(String label, List<String> args, double maxWall, double maxPeakMib) {
        String verdict(ProcessCost m) {
            if (maxWall == 0) return "";
            String target = "wall <= " + maxWall + " s" + (maxPeakMib > 0 ? ", peak <= " + (int) maxPeakMib + " MiB" : "");
            boolean met = m.wallSeconds() <= maxWall && (maxPeakMib == 0 || m.peakMib() <= maxPeakMib);
            return target + ": " + (met ? "met" : "NOT met");
        }
    }

    void run(PrintWriter out, Path work) throws IOException {
        List<Point> points = new ArrayList<>();
        points.add(new Point("-", List.of("--version"), 0, 0));
        for (int n : cells) {
            List<String> args = new ArrayList<>(List.of("rtl", "--cells", String.valueOf(n)));
            args.addAll(CONFIG);
            args.addAll(List.of("-o", work.resolve("alpu-" + n).toString(), "--force"));
            // issue 11's targets on a 2-core machine
            points.add(new Point(String.valueOf(n), args, n == 256 ? 0.9 : n == 4096 ? 2.0 : 0, n == 4096 ? 300 : 0));
        }
        out.println("ALPU generation, whole processes (block 16, 42/16 bits, PRQ), median of " + runs + " runs, "
                + Runtime.getRuntime().availableProcessors() + " cores, load average at start " + LoadAverage.now());
        out.println("  launcher: " + launcher + " <args>");
        out.println("  baseline: java -jar " + jar + " <args>");
        out.println("  rtl args: rtl --cells N " + String.join(" ", CONFIG) + " -o DIR --force");
        out.printf("%-6s %-18s %8s %8s %9s %10s %10s  %s%n", "cells", "command", "wall s", "cpu s", "peak MiB",
                "wall ratio", "peak ratio", "target (launcher)");
        try (Progress p = Progress.start("bench hdl alpu", (long) points.size() * 2 * (runs + 1), "runs")) {
            for (Point pt : points) {
                // one unmeasured run each: the launcher writes its archive, files reach the page cache
                ProcessCost.measure(launcherCommand(pt.args()), work);
                ProcessCost.measure(baselineCommand(pt.args()), work);
                p.stepBy(2);
                List<ProcessCost> mine = new ArrayList<>(), base = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    mine.add(ProcessCost.measure(launcherCommand(pt.args()), work));
                    base.add(ProcessCost.measure(baselineCommand(pt.args()), work));
                    p.stepBy(2);
                }
                ProcessCost m = ProcessCost.median(mine), b = ProcessCost.median(base);
                String command = pt.args().get(0);
                out.printf("%-6s %-18s %8.2f %8.2f %9.0f %9.2fx %9.2fx  %s%n", pt.label(), "./tagmatch " + command,
                        m.wallSeconds(), m.cpuSeconds(), m.peakMib(), m.wallSeconds() / b.wallSeconds(), m.peakMib() / b.peakMib(),
                        pt.verdict(m));
                out.printf("%-6s %-18s %8.2f %8.2f %9.0f %10s %10s%n", pt.label(), "java -jar", b.wallSeconds(), b.cpuSeconds(),
                        b.peakMib(), "baseline", "baseline");
                out.flush();
            }
        }
        out.println("Wall is what a user waits for; on a loaded machine it grows with the load far more than cpu s does.");
    }

    private List<String> launcherCommand(List<String> args) {
        List<String> c = new ArrayList<>(List.of(launcher.toString()));
        c.addAll(args);
        return c;
    }

    private List<String> baselineCommand(List<String> args) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        c.addAll(args);
        return c;
    }
}
