package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.CycleTiming;
import tagmatch.alpu.nic.NicLatency;
import tagmatch.process.ProgressMeter;
import tagmatch.testbench.alpu.AlpuPins;
import tagmatch.testbench.alpu.LatencyProbe;
import tagmatch.testbench.alpu.ModelPins;
import tagmatch.testbench.alpu.RtlPins;

/**
 * Seed 001 figure 5 (posted receives) or 6 (unexpected messages): latency matching adds against
 * queue length, for the plain list and for each ALPU size, at each fraction of the queue
 * searched. Entry counts and cycles come from {@link LatencyProbe} (the NIC driver over the
 * unit); {@link NicLatency} turns them into time.
 */
public final class LatencyFigure {
    /** Lengths up to this are all measured, whatever the step: the break-even lies there. */
    public static final int FINE = 12;

    /** What answers the NIC driver: the generated RTL on the default simulator backend, or the cycle model. */
    public enum Device {
        RTL, MODEL;

        Function<AlpuConfig, AlpuPins> opener() {
            return this == RTL ? RtlPins::open : c -> new ModelPins(c, CycleTiming.SEED, 1);
        }
    }

    /**
     * The queue searched, the ALPU sizes (one curve each) and cells per block, the longest queue
     * and the step between lengths beyond {@link #FINE}, how far down the queue the match lies,
     * the device and the latency model.
     */
    public record Settings(LatencyProbe.Queue queue, List<Integer> cells, int block, int maxLength, int step, List<Double> fractions,
                           Device device, NicLatency model) {
        public Settings {
            cells = List.copyOf(cells);
            fractions = List.copyOf(fractions);
        }

        /** Every length up to {@link #FINE}, then every step, and the longest. */
        List<Integer> lengths() {
            TreeSet<Integer> lengths = new TreeSet<>();
            for (int l = 0; l <= Math.min(FINE, maxLength); l++) lengths.add(l);
            for (int l = 0; l <= maxLength; l += step) lengths.add(l);
            lengths.add(maxLength);
            return List.copyOf(lengths);
        }
    }

    /** One queue length at one fraction: the list's latency and, per ALPU size, the ALPU's. */
    public record Sample(int length, double fraction, long listTraversed, double listNs,
                         List<LatencyProbe.Point> points, List<Double> alpuNs) {}

    /** Where an ALPU of {@code cells} pays off at {@code fraction}: break-even and the end of the flat region. */
    public record Summary(int cells, double fraction, Integer breakEven, int flatTo, double flatNs) {}

    private final LatencyProbe.Queue queue;
    private final List<Integer> cells;
    private final NicLatency model;
    private final List<Sample> samples;
    /** Break-even per fraction and ALPU size (index into cells), bisected between measured lengths. */
    private final java.util.Map<Double, List<Integer>> breakEven;

    private LatencyFigure(LatencyProbe.Queue queue, List<Integer> cells, NicLatency model, List<Sample> samples,
                          java.util.Map<Double, List<Integer>> breakEven) {
        this.queue = queue;
        this.cells = List.copyOf(cells);
        this.model = model;
        this.samples = List.copyOf(samples);
        this.breakEven = breakEven;
    }

    /** Measures every length at every fraction with units of each size in {@code cells}. */
    public static LatencyFigure measure(Settings s, ProgressMeter.Factory progress) {
        LatencyProbe.Queue queue = s.queue();
        List<Integer> cells = s.cells();
        List<Integer> lengths = s.lengths();
        List<Double> fractions = s.fractions();
        NicLatency model = s.model();
        int block = s.block();
        Function<AlpuConfig, AlpuPins> opener = s.device().opener();
        List<LatencyProbe> probes = new ArrayList<>();
        for (int c : cells) probes.add(new LatencyProbe(opener, c, Math.min(block, c)));
        List<Sample> samples = new ArrayList<>();
        String task = "figure " + figureNumber(queue);
        try (ProgressMeter meter = progress.start(task, (long) fractions.size() * lengths.size() * cells.size(), "searches")) {
            for (double f : fractions) {
                for (int length : lengths) {
                    List<LatencyProbe.Point> points = new ArrayList<>();
                    List<Double> ns = new ArrayList<>();
                    double listNs = 0;
                    for (LatencyProbe p : probes) {
                        LatencyProbe.Point pt = p.measure(queue, length, f);
                        double[] both = latencies(pt, queue, model);
                        points.add(pt);
                        ns.add(both[1]);
                        listNs = both[0];
                        meter.step();
                    }
                    samples.add(new Sample(length, f, points.get(0).listTraversed(), listNs, points, ns));
                }
            }
        }
        java.util.Map<Double, List<Integer>> breakEven = new java.util.HashMap<>();
        for (double f : fractions) {
            List<Integer> perSize = new ArrayList<>();
            for (int i = 0; i < probes.size(); i++) perSize.add(bisectBreakEven(samples, f, i, probes.get(i), queue, model));
            breakEven.put(f, perSize);
        }
        return new LatencyFigure(queue, cells, model, samples, breakEven);
    }

    /** Latency of the list and of the ALPU at one length, from one probe. */
    private static double[] latencies(LatencyProbe.Point p, LatencyProbe.Queue queue, NicLatency model) {
        boolean posted = queue == LatencyProbe.Queue.POSTED;
        return new double[] {posted ? model.postedNs(p.listTraversed()) : model.unexpectedNs(p.listTraversed()),
                posted ? model.postedNs(p.cycles(), p.nicTraversed()) : model.unexpectedNs(p.cycles(), p.nicTraversed())};
    }

    /**
     * The shortest non-empty queue at which the ALPU is no slower than the list: the first
     * measured length where that holds, narrowed by bisection against the measured length before
     * it (the curves cross once). Null when no measured length gets there.
     */
    private static Integer bisectBreakEven(List<Sample> samples, double f, int i, LatencyProbe probe,
                                           LatencyProbe.Queue queue, NicLatency model) {
        int lo = 0;
        Integer hi = null;
        for (Sample s : samples) {
            if (s.fraction() != f || s.length() == 0) continue;
            if (s.alpuNs().get(i) <= s.listNs()) {
                hi = s.length();
                break;
            }
            lo = s.length();
        }
        if (hi == null) return null;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            double[] ns = latencies(probe.measure(queue, mid, f), queue, model);
            if (ns[1] <= ns[0]) hi = mid; else lo = mid;
        }
        return hi;
    }

    static int figureNumber(LatencyProbe.Queue queue) {
        return queue == LatencyProbe.Queue.POSTED ? 5 : 6;
    }

    public LatencyProbe.Queue queue() {
        return queue;
    }

    public List<Integer> cells() {
        return cells;
    }

    public NicLatency model() {
        return model;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The fractions measured, in order. */
    public List<Double> fractions() {
        List<Double> out = new ArrayList<>();
        for (Sample s : samples) if (!out.contains(s.fraction())) out.add(s.fraction());
        return out;
    }

    /**
     * Per ALPU size and fraction: the shortest non-empty queue at which the ALPU is no slower
     * than the list (null if no measured length gets there), and the longest measured queue the
     * unit answers without any software search, with the latency there.
     */
    public List<Summary> summaries() {
        List<Summary> out = new ArrayList<>();
        for (double f : fractions()) {
            for (int i = 0; i < cells.size(); i++) {
                int flatTo = 0;
                double flatNs = Double.NaN;
                for (Sample s : samples) {
                    if (s.fraction() != f) continue;
                    double alpu = s.alpuNs().get(i);
                    if (s.points().get(i).nicTraversed() == 0 && s.length() >= flatTo) {
                        flatTo = s.length();
                        flatNs = alpu;
                    }
                }
                out.add(new Summary(cells.get(i), f, breakEven.get(f).get(i), flatTo, flatNs));
            }
        }
        return out;
    }

    /** The Markdown table: one row per length and fraction, latency in ns. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        String what = queue == LatencyProbe.Queue.POSTED ? "posted-receive" : "unexpected-message";
        sb.append("# Seed 001 figure ").append(figureNumber(queue)).append(": latency against ").append(what).append(" queue length\n\n");
        sb.append(describeModel()).append("\n\n");
        sb.append("| queue | searched | list ns |");
        for (int c : cells) sb.append(" ALPU ").append(c).append(" ns | cycles |");
        sb.append('\n').append("|---:|---:|---:|");
        for (int c : cells) sb.append("---:|---:|");
        sb.append('\n');
        for (Sample s : samples) {
            sb.append(String.format("| %d | %.0f%% | %.0f |", s.length(), s.fraction() * 100, s.listNs()));
            for (int i = 0; i < cells.size(); i++) {
                sb.append(String.format(" %.0f | %d |", s.alpuNs().get(i), s.points().get(i).cycles()));
            }
            sb.append('\n');
        }
        sb.append('\n').append(summaryText());
        return sb.toString();
    }

    /** One line per ALPU size and fraction: break-even and flat region. */
    public String summaryText() {
        StringBuilder sb = new StringBuilder();
        for (Summary s : summaries()) {
            sb.append(String.format("ALPU %d cells, %.0f%% searched: break-even at %s; flat at %.0f ns up to %d entries%n",
                    s.cells(), s.fraction() * 100, s.breakEven() == null ? "no measured length" : s.breakEven() + " entries",
                    s.flatNs(), s.flatTo()));
        }
        return sb.toString();
    }

    /** Every count behind the figure, one line per length, fraction and ALPU size. */
    public String csv() {
        StringBuilder sb = new StringBuilder("queue,fraction,list_traversed,list_ns,cells,in_unit,nic_traversed,cycles,alpu_ns\n");
        for (Sample s : samples) {
            for (int i = 0; i < cells.size(); i++) {
                LatencyProbe.Point p = s.points().get(i);
                sb.append(String.format(java.util.Locale.ROOT, "%d,%s,%d,%.1f,%d,%d,%d,%d,%.1f%n", s.length(), s.fraction(),
                        s.listTraversed(), s.listNs(), cells.get(i), p.inUnit(), p.nicTraversed(), p.cycles(), s.alpuNs().get(i)));
            }
        }
        return sb.toString();
    }

    /** Writes {@code figureN.md}, {@code figureN.csv} and {@code figureN.png} into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        String name = "figure" + figureNumber(queue);
        Files.writeString(dir.resolve(name + ".md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".csv"), csv(), StandardCharsets.UTF_8);
        LatencyPlot.write(this, dir.resolve(name + ".png"));
        return List.of(name + ".md", name + ".csv", name + ".png");
    }

    /** The latency model's parameters in a sentence. */
    public String describeModel() {
        NicLatency m = model;
        String base = String.format(java.util.Locale.ROOT,
                "Model: %.0f ns per entry traversed for the first %d entries of a search, %.0f ns beyond; ALPU exchange %.0f ns "
                        + "plus the unit's cycles at the pins at %.0f MHz.",
                m.inCacheNs(), m.cacheEntries(), m.beyondCacheNs(), m.interactionNs(), m.clockMhz());
        if (queue == LatencyProbe.Queue.POSTED) return base;
        return base + String.format(java.util.Locale.ROOT,
                " A receive's search overlaps %.0f ns of transfer; %.0f ns of the ALPU exchange is not hidden.", m.overlapNs(), m.exposedNs());
    }
}
