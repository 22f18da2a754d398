package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import tagmatch.dpa.DpaRun;
import tagmatch.testbench.dpa.BenchCase;
import tagmatch.testbench.dpa.ClusterBench;
import tagmatch.testbench.dpa.ClusterBenchSuite;
import tagmatch.testbench.dpa.FirmwareImage;
import tagmatch.otm.OtmConfig;
import tagmatch.bench.Median;
import tagmatch.process.ProgressMeter;

/**
 * Seed 000's figure 8 redrawn from cycles: the generated matcher on the simulated DPA cluster
 * (receives kept posted at a depth of k, blocks of N messages), its messages per cycle turned
 * into messages per second at an assumed clock, beside the Open MPI ping-pong measured on this
 * machine; and the message rate against N.
 */
public final class DpaRateFigure {
    /** The cases: the seed's three, every block optimistic, and the default build's in-order blocks. */
    public enum Case {
        NO_CONFLICT("no conflict", BenchCase.NO_CONFLICT, ClusterBenchSuite.OPTIMISTIC, "no-conflict"),
        FAST_PATH("conflict, fast path", BenchCase.CONFLICT, ClusterBenchSuite.OPTIMISTIC, "conflict"),
        SLOW_PATH("conflict, slow path", BenchCase.CONFLICT, ClusterBenchSuite.SLOW_PATH, "conflict"),
        IN_ORDER("conflict, in order", BenchCase.CONFLICT, ClusterBenchSuite.IN_ORDER, "conflict");

        final String label;
        final BenchCase bench;
        final String build;
        final String mpiWorkload;

        Case(String label, BenchCase bench, String build, String mpiWorkload) {
            this.label = label;
            this.bench = bench;
            this.build = build;
            this.mpiWorkload = mpiWorkload;
        }
    }

    /** What was run: N values, depth (the seed's k), messages per run, clock, latency, and the MPI ping-pong's setup. */
    public record Setup(List<Integer> threads, int depth, long messages, double clockGhz, int latency, MessageRateFigure.Setup mpi) {}

    private final Setup setup;
    private final String cluster;
    private final Map<Case, Map<Integer, ClusterBench.Measurement>> dpa;
    private final Map<Case, Double> mpi;

    private DpaRateFigure(Setup setup, String cluster, Map<Case, Map<Integer, ClusterBench.Measurement>> dpa, Map<Case, Double> mpi) {
        this.setup = setup;
        this.cluster = cluster;
        this.dpa = dpa;
        this.mpi = mpi;
    }

    /** Builds the firmware images and the MPI program in {@code work}, then runs every case at every N and the MPI ping-pong. */
    public static DpaRateFigure measure(DpaRun run, Setup s, Path work, ProgressMeter.Factory progress) throws IOException {
        int top = s.threads().stream().mapToInt(Integer::intValue).max().orElseThrow();
        OtmConfig base = OtmConfig.defaults().withThreads(top).withBins(s.mpi().bins()).withCapacities(1024, 1024);
        Map<String, FirmwareImage> images = new LinkedHashMap<>();
        for (Map.Entry<String, OtmConfig> b : ClusterBenchSuite.builds(base).entrySet()) images.put(b.getKey(), FirmwareImage.build(b.getValue(), work));
        Path mpiExe = MessageRateFigure.buildMpi(work);
        Map<Case, Map<Integer, ClusterBench.Measurement>> dpa = new EnumMap<>(Case.class);
        Map<Case, Double> mpi = new EnumMap<>(Case.class);
        try (ProgressMeter p = progress.start("figure 8 on dpa", (long) Case.values().length * (s.threads().size() + s.mpi().runs()), "runs")) {
            for (Case c : Case.values()) {
                Map<Integer, ClusterBench.Measurement> m = new LinkedHashMap<>();
                for (int n : s.threads()) {
                    m.put(n, ClusterBench.measure(run, images.get(c.build), true, c.bench, s.depth(), n, s.messages(), s.latency()));
                    p.step();
                }
                dpa.put(c, m);
                double[] rates = new double[s.mpi().runs()];
                for (int i = 0; i < rates.length; i++) {
                    rates[i] = MessageRateFigure.field(MessageRateFigure.runMpi(mpiExe, work, c.mpiWorkload, s.mpi()), "rate");
                    p.step();
                }
                mpi.put(c, Median.of(rates));
            }
        }
        String cluster = run.config().cores() + " cores x " + run.config().threads() + " hardware threads";
        return new DpaRateFigure(s, cluster, dpa, mpi);
    }

    private int top() {
        return setup.threads().stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    /** Messages per second at the assumed clock. */
    private double perSecond(ClusterBench.Measurement m) {
        return m.rate() * 1e-6 * setup.clockGhz() * 1e9;
    }

    String describe() {
        return String.format(Locale.ROOT,
                "Simulated DPA: the generated matcher (otm.c, unmodified, gcc -O2 rv64imac) on the tagmatch DPA cluster (%s, memory latency "
                        + "%d cycles) under Verilator, N harts (spread over the cores, waiting in wrs.nto) matching blocks of N messages with %d receives "
                        + "kept posted (otm_bench's workloads; %d matched messages per run). Cycles are counted by mcycle, less the "
                        + "generation of the arrivals (the network's part), and turned into messages per second at an "
                        + "ASSUMED clock of %.2f GHz (the clock of the BlueField-3 DPA's cores as this project assumes it; seed 000 runs "
                        + "32 of its 256 threads). These are simulated cycles, not a measurement on a DPA. "
                        + "MPI on the CPU: the ping-pong of k = %d messages between two Open MPI ranks, measured on this machine "
                        + "(median of %d runs).",
                cluster, setup.latency(), setup.depth(), setup.messages(), setup.clockGhz(), setup.mpi().k(), setup.mpi().runs());
    }

    public String summaryText() {
        StringBuilder sb = new StringBuilder();
        for (Case c : Case.values()) {
            ClusterBench.Measurement m = dpa.get(c).get(top());
            sb.append(String.format(Locale.ROOT, "%-22s simulated DPA N=%d %,14.0f msg/s (%.0f cycles/msg)   Open MPI on this CPU %,12.0f msg/s   DPA/MPI %.2f%n",
                    c.label + ":", top(), perSecond(m), m.cyclesPerMessage(), mpi.get(c), perSecond(m) / mpi.get(c)));
        }
        return sb.toString();
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("# Seed 000 figure 8 on the simulated DPA\n\n").append(describe()).append("\n\n");
        sb.append("| case | N | messages per 10^6 cycles | cycles per message | msg/s at ").append(setup.clockGhz()).append(" GHz | Open MPI on this CPU (msg/s) |\n");
        sb.append("|---|---:|---:|---:|---:|---:|\n");
        for (Case c : Case.values()) {
            for (Map.Entry<Integer, ClusterBench.Measurement> e : dpa.get(c).entrySet()) {
                ClusterBench.Measurement m = e.getValue();
                sb.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %.1f | %,.0f | %,.0f |%n", c.label, e.getKey(), m.rate(), m.cyclesPerMessage(),
                        perSecond(m), mpi.get(c)));
            }
        }
        return sb.append('\n').append(summaryText()).toString();
    }

    public String csv() {
        StringBuilder sb = new StringBuilder("case,threads,matched,cycles,messages_per_1e6_cycles,msgs_per_s_at_clock,clock_ghz,mpi_msgs_per_s\n");
        for (Case c : Case.values()) {
            for (Map.Entry<Integer, ClusterBench.Measurement> e : dpa.get(c).entrySet()) {
                ClusterBench.Measurement m = e.getValue();
                sb.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.1f,%.0f,%.2f,%.0f%n", c.name().toLowerCase(Locale.ROOT).replace('_', '-'), e.getKey(),
                        m.matched(), m.cycles(), m.rate(), perSecond(m), setup.clockGhz(), mpi.get(c)));
            }
        }
        return sb.toString();
    }

    /** The seed's bars at the largest N beside Open MPI's. */
    void writeBars(Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(600)
                .title("Seed 000 figure 8 on the simulated DPA (N = " + top() + ", " + setup.clockGhz() + " GHz assumed)")
                .xAxisTitle("case").yAxisTitle("messages per second").build();
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setDecimalPattern("#,###");
        List<String> cases = new ArrayList<>();
        List<Double> d = new ArrayList<>();
        List<Double> m = new ArrayList<>();
        for (Case c : Case.values()) {
            cases.add(c.label);
            d.add(perSecond(dpa.get(c).get(top())));
            m.add(mpi.get(c));
        }
        chart.addSeries("simulated DPA cluster (" + cluster + "), cycles at " + setup.clockGhz() + " GHz", cases, d);
        chart.addSeries("Open MPI on this machine's CPU (2 ranks, ping-pong)", cases, m);
        Png.save(chart, png);
    }

    /** Message rate against N, one line per case. */
    void writeRateVsThreads(Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600)
                .title("Simulated DPA: message rate against N (" + setup.clockGhz() + " GHz assumed)")
                .xAxisTitle("N, harts matching at once").yAxisTitle("messages per second").build();
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setXAxisLogarithmic(true);
        for (Case c : Case.values()) {
            List<Double> x = new ArrayList<>(), y = new ArrayList<>();
            for (Map.Entry<Integer, ClusterBench.Measurement> e : dpa.get(c).entrySet()) {
                x.add((double) e.getKey());
                y.add(perSecond(e.getValue()));
            }
            chart.addSeries(c.label, x, y);
        }
        Png.save(chart, png);
    }

    /** Writes {@code figure8.md}, {@code figure8.csv}, {@code figure8.png} and {@code figure8-rate-vs-n.png} into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        Files.writeString(dir.resolve("figure8.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("figure8.csv"), csv(), StandardCharsets.UTF_8);
        writeBars(dir.resolve("figure8.png"));
        writeRateVsThreads(dir.resolve("figure8-rate-vs-n.png"));
        return List.of("figure8.md", "figure8.csv", "figure8.png", "figure8-rate-vs-n.png");
    }
}
