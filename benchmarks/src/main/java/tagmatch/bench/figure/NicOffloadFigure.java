package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.OffloadOnNic;
import tagmatch.dpasystem.WindowPlan;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.process.ProgressMeter;

/**
 * Seed 003's Figs. 2, 3 and 6 with the simulated cluster as the NIC ({@link OffloadOnNic}): per
 * hardware list size and wire latency, the overlap and bandwidth of a window whose receives the
 * engine offloads, against the same window onloaded (nothing in the list), each at the three
 * memory settings, the likely one the line and the other two the band.
 */
public final class NicOffloadFigure {
    /** The memory settings of the band, the line's first. */
    static final List<MemorySetting> MEMORIES = List.of(MemorySetting.LIKELY, MemorySetting.OPTIMISTIC, MemorySetting.PESSIMISTIC);

    /**
     * What the figure runs: the engine, the hardware list (the PRQ unit or the optimistic matcher's
     * table), the window, its message size, the non-contiguous receive's position (-1: none), the
     * list sizes and wire latencies swept, the handler's threads, the cluster, the clock and the
     * latencies the user fixed in every memory setting.
     */
    public record Setup(OffloadPolicy policy, HandlerImage.Matcher matcher, int window, long bytes, int nonContiguousAt, List<Integer> listSizes,
                        List<Integer> wireCycles, int threads, DpaConfig cluster, double clockGhz, LatencyOverrides fixed) {
        public Setup {
            listSizes = List.copyOf(listSizes);
            wireCycles = List.copyOf(wireCycles);
        }
    }

    /** One point: list size, wire latency, memory setting, offloaded or onloaded. */
    record Point(int listSize, int wire, MemorySetting memory, boolean offloaded) {}

    private final Setup setup;
    private final Map<Point, OffloadOnNic.Result> results;

    private NicOffloadFigure(Setup setup, Map<Point, OffloadOnNic.Result> results) {
        this.setup = setup;
        this.results = results;
    }

    /** Runs every point on {@code runs}' workers; one cluster per list size when the list is the PRQ unit. */
    public static NicOffloadFigure measure(Setup s, ClusterRuns runs, Path work, ProgressMeter.Factory progress) throws IOException {
        boolean alpu = s.matcher() != HandlerImage.Matcher.OTM;
        List<DpaRun> built = new ArrayList<>();
        try {
            DpaRun shared = alpu ? null : runs.build(s.cluster(), List.of());
            if (shared != null) built.add(shared);
            List<Point> points = new ArrayList<>();
            Map<Integer, DpaRun> dpaOf = new LinkedHashMap<>();
            Map<Integer, HandlerImage> imageOf = new LinkedHashMap<>();
            for (int l : s.listSizes()) {
                DpaRun d = shared != null ? shared : runs.build(s.cluster(), OffloadOnNic.units(l).slots());
                if (shared == null) built.add(d);
                dpaOf.put(l, d);
                imageOf.put(l, HandlerImage.build(OffloadOnNic.config(s.matcher(), l, s.window(), s.threads()), s.matcher(), work.resolve("builds")));
                for (int w : s.wireCycles()) {
                    for (MemorySetting m : MEMORIES) {
                        points.add(new Point(l, w, m, true));
                        points.add(new Point(l, w, m, false));
                    }
                }
            }
            List<OffloadOnNic.Result> out;
            try (ProgressMeter meter = progress.start("seed 003 on the NIC", points.size(), "windows")) {
                out = runs.map(points, p -> {
                    WindowPlan plan = WindowPlan.of(s.policy(), s.window(), s.bytes(), s.nonContiguousAt(), p.offloaded() ? p.listSize() : 0);
                    OffloadOnNic.Result r = OffloadOnNic.run(dpaOf.get(p.listSize()), imageOf.get(p.listSize()), plan, s.bytes(), p.memory(),
                            s.fixed().withWire(p.wire()), work.resolve("runs"));
                    synchronized (meter) {
                        meter.step();
                    }
                    return r;
                });
            }
            Map<Point, OffloadOnNic.Result> byPoint = new LinkedHashMap<>();
            for (int i = 0; i < points.size(); i++) byPoint.put(points.get(i), out.get(i));
            return new NicOffloadFigure(s, byPoint);
        } finally {
            for (DpaRun d : built) d.close();
        }
    }

    public Setup setup() {
        return setup;
    }

    /** The result at one point. */
    public OffloadOnNic.Result result(int listSize, int wire, MemorySetting memory, boolean offloaded) {
        return results.get(new Point(listSize, wire, memory, offloaded));
    }

    /** The overlap (%) at likely memory and its band over the settings: {likely, least, most}. */
    double[] overlapBand(int listSize, int wire, boolean offloaded) {
        return band(listSize, wire, offloaded, r -> 100 * r.overlap());
    }

    /** The bandwidth (GB/s) at likely memory and its band over the settings: {likely, least, most}. */
    double[] bandwidthBand(int listSize, int wire, boolean offloaded) {
        return band(listSize, wire, offloaded, r -> r.gigabytesPerSecond(setup.clockGhz()));
    }

    private double[] band(int listSize, int wire, boolean offloaded, java.util.function.ToDoubleFunction<OffloadOnNic.Result> f) {
        double likely = f.applyAsDouble(result(listSize, wire, MemorySetting.LIKELY, offloaded)), lo = likely, hi = likely;
        for (MemorySetting m : MEMORIES) {
            double v = f.applyAsDouble(result(listSize, wire, m, offloaded));
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new double[] {likely, lo, hi};
    }

    private String heading() {
        Setup s = setup;
        return String.format(Locale.ROOT, "Seed 003 on the simulated NIC: %s engine, window of %d x %d bytes%s, hardware list = %s, "
                        + "%d handler threads, %dx%d cluster at %.1f GHz",
                s.policy().cliName(), s.window(), s.bytes(), s.nonContiguousAt() < 0 ? "" : ", receive " + s.nonContiguousAt() + " non-contiguous",
                s.matcher() == HandlerImage.Matcher.OTM ? "the optimistic matcher's table" : "the ALPU PRQ unit", s.threads(), s.cluster().cores(),
                s.cluster().threads(), s.clockGhz()) + (s.fixed().describe().isEmpty() ? "" : ", fixed in every setting: " + s.fixed().describe());
    }

    /** The table: per list size and wire latency, offloaded receives, the NIC's list matches, overlap and bandwidth as bands. */
    public String summaryText() {
        StringBuilder sb = new StringBuilder(heading()).append(String.format("%n"));
        sb.append(String.format(Locale.ROOT, "%5s %6s %9s %7s %-22s %-22s %-22s %-22s%n", "list", "wire", "offloaded", "nic-hw",
                "overlap offl % (band)", "overlap onl % (band)", "GB/s offl (band)", "GB/s onl (band)"));
        for (int l : setup.listSizes()) {
            for (int w : setup.wireCycles()) {
                OffloadOnNic.Result r = result(l, w, MemorySetting.LIKELY, true);
                sb.append(String.format(Locale.ROOT, "%5d %6d %4d/%-4d %7d %-22s %-22s %-22s %-22s%n", l, w, r.plan().offloadedCount(), setup.window(),
                        r.nicMatchedOverlap(), cell(overlapBand(l, w, true), "%.1f"), cell(overlapBand(l, w, false), "%.1f"),
                        cell(bandwidthBand(l, w, true), "%.2f"), cell(bandwidthBand(l, w, false), "%.2f")));
            }
        }
        sb.append(String.format("wire: cycles of an RDMA read's round trip (a guess: the memory settings take 1800, 2700, 3600); "
                + "band: optimistic..pessimistic memory, the line likely; overlap = 1 - (total - compute) / pure, compute = pure (OMB); "
                + "nic-hw: messages the NIC matched in its list (likely); every run checked against the MPI reference%n"));
        return sb.toString();
    }

    private static String cell(double[] b, String f) {
        return String.format(Locale.ROOT, f + " (" + f + ".." + f + ")", b[0], b[1], b[2]);
    }

    /** One row per point. */
    public String csv() {
        StringBuilder sb = new StringBuilder("list_size,wire_cycles,memory,mode,offloaded,nic_list_matches,pure_cycles,total_cycles,overlap,gbytes_per_s\n");
        for (Map.Entry<Point, OffloadOnNic.Result> e : results.entrySet()) {
            Point p = e.getKey();
            OffloadOnNic.Result r = e.getValue();
            sb.append(String.format(Locale.ROOT, "%d,%d,%s,%s,%d,%d,%d,%d,%.6f,%.6f%n", p.listSize(), p.wire(), p.memory().name().toLowerCase(Locale.ROOT),
                    p.offloaded() ? "offloaded" : "onloaded", r.plan().offloadedCount(), r.nicMatchedOverlap(), r.pureCycles(), r.totalCycles(),
                    r.overlap(), r.gigabytesPerSecond(setup.clockGhz())));
        }
        return sb.toString();
    }

    /** Writes the table, the CSV and the two PNGs (overlap, bandwidth) into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        String name = "seed003-nic";
        Files.writeString(dir.resolve(name + ".txt"), summaryText(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".csv"), csv(), StandardCharsets.UTF_8);
        NicOffloadPlot.save(this, true, dir.resolve(name + "-overlap.png"));
        NicOffloadPlot.save(this, false, dir.resolve(name + "-bandwidth.png"));
        return List.of(name + ".txt", name + ".csv", name + "-overlap.png", name + "-bandwidth.png");
    }
}
