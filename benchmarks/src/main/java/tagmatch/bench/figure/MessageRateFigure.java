package tagmatch.bench.figure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;
import tagmatch.process.UserError;
import tagmatch.testbench.firmware.FirmwareBuild;
import tagmatch.bench.Median;
import tagmatch.process.ProgressMeter;

/**
 * Seed 000 figure 8: the message rate of a ping-pong (k small messages, an acknowledgment,
 * repeated) through the generated DPA handler, for no conflict, with-conflict fast path and
 * with-conflict slow path (a build without the fast path), beside the same ping-pong between
 * two Open MPI ranks on the CPU. Host threads stand in for the DPA threads. Each rate is the
 * median of {@code runs} runs.
 */
public final class MessageRateFigure {

    /** What the ping-pong was run with. */
    public record Setup(int k, int repeat, int warmup, int runs, int threads, int bins) {}

    /** One case: the handler's and MPI's median rates (messages per second), every run, and the matcher's path counters. */
    public record Row(Figure8Case kase, double handlerRate, double mpiRate, double[] handlerRuns, double[] mpiRuns,
                      long conflicts, long fast, long slow, long inOrder) {}

    private final Setup setup;
    private final List<Row> rows;

    private MessageRateFigure(Setup setup, List<Row> rows) {
        this.setup = setup;
        this.rows = List.copyOf(rows);
    }

    public Setup setup() {
        return setup;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Builds every case's firmware and the MPI program in {@code work}, then runs every case. */
    public static MessageRateFigure measure(Setup s, Path work, ProgressMeter.Factory progress) throws IOException {
        OtmConfig base = OtmConfig.defaults().withThreads(s.threads()).withBins(s.bins())
                .withCapacities(Math.max(1024, s.k()), 1024);
        Map<Figure8Case, Path> programs = new EnumMap<>(Figure8Case.class);
        for (Figure8Case c : Figure8Case.values()) programs.put(c, build(c.build(base), work));
        Path mpi = buildMpi(work);
        List<Row> rows = new ArrayList<>();
        try (ProgressMeter p = progress.start("figure 8", (long) Figure8Case.values().length * 2 * s.runs(), "runs")) {
            for (Figure8Case c : Figure8Case.values()) {
                double[] h = new double[s.runs()];
                double[] m = new double[s.runs()];
                long[] paths = new long[4];
                for (int i = 0; i < s.runs(); i++) {
                    String out = Exec.of(programs.get(c).toString(), c.workloadArgument(), String.valueOf(s.k()),
                            String.valueOf(s.repeat()), String.valueOf(s.warmup())).in(work).check();
                    h[i] = field(out, "rate");
                    paths[0] += (long) field(out, "conflicts");
                    paths[1] += (long) field(out, "fast");
                    paths[2] += (long) field(out, "slow");
                    paths[3] += (long) field(out, "in_order");
                    p.step();
                    m[i] = field(runMpi(mpi, work, c.workloadArgument(), s), "rate");
                    p.step();
                }
                rows.add(new Row(c, Median.of(h), Median.of(m), h, m, paths[0], paths[1], paths[2], paths[3]));
            }
        }
        return new MessageRateFigure(s, rows);
    }

    private static Path build(OtmConfig cfg, Path work) {
        try {
            return FirmwareBuild.generate(cfg, work).artifact("pingpong", "otm_pingpong");
        } catch (IllegalStateException e) {
            throw new UserError("cannot build the handler's ping-pong: " + e.getMessage(), e);
        }
    }

    static Path buildMpi(Path work) throws IOException {
        Path src = work.resolve("pingpong_mpi.c");
        try (InputStream in = MessageRateFigure.class.getResourceAsStream("pingpong_mpi.c")) {
            if (in == null) throw new IllegalStateException("missing resource pingpong_mpi.c");
            Files.write(src, in.readAllBytes());
        }
        Path exe = work.resolve("pingpong_mpi");
        Exec.of("mpicc", "-O2", "-Wall", "-Wextra", "-Werror", "-o", exe.toString(), src.toString()).in(work)
                .hint("libopenmpi-dev").check();
        return exe;
    }

    static String runMpi(Path exe, Path work, String workload, Setup s) {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe"));
        if ("root".equals(System.getProperty("user.name"))) cmd.add("--allow-run-as-root");
        cmd.addAll(List.of("-np", "2", exe.toString(), workload, String.valueOf(s.k()), String.valueOf(s.repeat()),
                String.valueOf(s.warmup())));
        return Exec.of(cmd).in(work).hint("openmpi-bin").check();
    }

    /** The number after {@code name} on the program's "rate ..." line. */
    static double field(String output, String name) {
        for (String line : output.split("\n")) {
            if (!line.startsWith("rate ")) continue;
            String[] f = line.trim().split(" ");
            for (int i = 0; i + 1 < f.length; i += 2) {
                if (f[i].equals(name)) return Double.parseDouble(f[i + 1]);
            }
        }
        throw new IllegalStateException("no " + name + " in the ping-pong's output:\n" + output);
    }

    private Row row(Figure8Case c) {
        for (Row r : rows) if (r.kase() == c) return r;
        throw new IllegalStateException("no row for " + c);
    }

    /** Whether the handler's rates fall in the seed's order: no conflict > fast path > slow path. */
    public boolean seedOrder() {
        return row(Figure8Case.NO_CONFLICT).handlerRate() > row(Figure8Case.FAST_PATH).handlerRate()
                && row(Figure8Case.FAST_PATH).handlerRate() > row(Figure8Case.SLOW_PATH).handlerRate();
    }

    String describe() {
        return String.format(Locale.ROOT,
                "Ping-pong of k = %d messages of 8 bytes and an acknowledgment, %d timed rounds after %d untimed, median of %d runs. "
                        + "Generated handler: %d DPA threads, %d bins, over the FlexIO stand-in: host threads stand in for the DPA "
                        + "threads, the NIC and the two ranks, so its rates measure this host's thread hand-offs, not a DPA. "
                        + "The seed's three cases run builds that match every block optimistically (in-order run 0); the slow-path "
                        + "case's build also leaves the fast path out (early booking on). The in-order case runs the default build, "
                        + "which matches blocks in thread order after a contended one. "
                        + "MPI on the CPU: the same ping-pong between two Open MPI ranks on this machine.",
                setup.k(), setup.repeat(), setup.warmup(), setup.runs(), setup.threads(), setup.bins());
    }

    /** One line per case, and whether the seed's order holds. */
    public String summaryText() {
        StringBuilder sb = new StringBuilder();
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-26s handler %,12.0f msg/s   MPI on the CPU %,12.0f msg/s   handler/MPI %.3f%n",
                    r.kase().label() + ":", r.handlerRate(), r.mpiRate(), r.handlerRate() / r.mpiRate()));
        }
        sb.append("seed's order (no conflict > fast path > slow path) on the handler: ").append(seedOrder() ? "holds" : "does not hold")
                .append('\n');
        return sb.toString();
    }

    /** The Markdown table. */
    public String markdown() {
        StringBuilder sb = new StringBuilder("# Seed 000 figure 8: message rate of a ping-pong\n\n");
        sb.append(describe()).append("\n\n");
        sb.append("| case | handler (msg/s) | runs min..max | MPI on the CPU (msg/s) | runs min..max | handler / MPI | conflicts | fast path | slow path | in order |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %,.0f | %s | %.3f | %d | %d | %d | %d |%n", r.kase().label(), r.handlerRate(),
                    spread(r.handlerRuns()), r.mpiRate(), spread(r.mpiRuns()), r.handlerRate() / r.mpiRate(), r.conflicts(), r.fast(), r.slow(),
                    r.inOrder()));
        }
        sb.append("\nMedians of the runs; the spread shows how much the shared machine moved them. Conflicts, fast path, slow path "
                + "and in order (messages of in-order blocks) are the matcher's counters summed over the runs.\n\n").append(summaryText());
        return sb.toString();
    }

    private static String spread(double[] runs) {
        double[] s = runs.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%,.0f..%,.0f", s[0], s[s.length - 1]);
    }

    /** Writes {@code figure8.md}, {@code figure8.csv} and {@code figure8.png} into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        Files.writeString(dir.resolve("figure8.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("figure8.csv"), csv(), StandardCharsets.UTF_8);
        MessageRatePlot.write(this, dir.resolve("figure8.png"));
        return List.of("figure8.md", "figure8.csv", "figure8.png");
    }

    /** Every run: case, run, handler rate, MPI rate. */
    public String csv() {
        StringBuilder sb = new StringBuilder("case,run,handler_msgs_per_s,mpi_msgs_per_s,k,repeat,threads\n");
        for (Row r : rows) {
            for (int i = 0; i < r.handlerRuns().length; i++) {
                sb.append(String.format(Locale.ROOT, "%s,%d,%.1f,%.1f,%d,%d,%d%n", r.kase().csvName(),
                        i + 1, r.handlerRuns()[i], r.mpiRuns()[i], setup.k(), setup.repeat(), setup.threads()));
            }
        }
        return sb.toString();
    }
}
