package tagmatch.bench;

import tagmatch.process.Exec;
import tagmatch.process.UserError;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one whole process cost, as GNU {@code time} reports it: wall-clock seconds, CPU seconds
 * (user + system, so a second core's work shows) and peak resident memory. Memory cannot be
 * had from {@link Process} itself, so the command runs under {@code time -o}, through the
 * project's one process runner.
 */
public record ProcessCost(double wallSeconds, double cpuSeconds, long peakKib) {

    /** Runs {@code command} in {@code dir} once; a failing command is an error naming it. */
    public static ProcessCost measure(List<String> command, Path dir) {
        Path report = dir.resolve("time-report.txt");
        List<String> cmd = new ArrayList<>(List.of("time", "-f", "%e %U %S %M", "-o", report.toString()));
        cmd.addAll(command);
        Exec.Result r = Exec.of(cmd).in(dir).hint("time").run();
        if (!r.ok()) {
            throw new UserError(String.join(" ", command) + " failed with exit " + r.exit() + ":\n" + r.tail(20));
        }
        try {
            List<String> lines = Files.readAllLines(report);
            // time writes the figures on the last line (a failed command adds a line before them)
            return parse(lines.get(lines.size() - 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code "1.23 0.98 0.11 81234"}: wall, user and system seconds, peak KiB. */
    static ProcessCost parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length != 4) throw new IllegalArgumentException("unexpected time report '" + line + "'");
        return new ProcessCost(Double.parseDouble(f[0]), Double.parseDouble(f[1]) + Double.parseDouble(f[2]), Long.parseLong(f[3]));
    }

    public double peakMib() {
        return peakKib / 1024.0;
    }

    /** Each figure's median over {@code runs} (taken separately: the runs are noisy in different ways). */
    public static ProcessCost median(List<ProcessCost> runs) {
        return new ProcessCost(Median.of(runs.stream().mapToDouble(ProcessCost::wallSeconds).toArray()),
                Median.of(runs.stream().mapToDouble(ProcessCost::cpuSeconds).toArray()),
                (long) Median.of(runs.stream().mapToDouble(ProcessCost::peakKib).toArray()));
    }
}
