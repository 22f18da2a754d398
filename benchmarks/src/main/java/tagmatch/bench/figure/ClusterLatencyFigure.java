package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.otm.OtmConfig;
import tagmatch.process.ProgressMeter;
import tagmatch.testbench.alpu.LatencyProbe;
import tagmatch.dpasystem.AlpuUnits;
import tagmatch.dpasystem.ClusterLatencyProbe;
import tagmatch.dpasystem.HandlerImage;

/**
 * Seed 001 figure 5 or 6 from the system: the latency one search adds, the generated handler on
 * the simulated DPA cluster doing it ({@link ClusterLatencyProbe}), with the list as its matcher
 * and with seed 001's NIC driver over two ALPUs of each size on the cluster's bus, at each memory
 * setting (the band); beside it, the figure the project draws from the Java NIC driver over the
 * unit's cycle model and the seed's latency model ({@link LatencyFigure}).
 */
public final class ClusterLatencyFigure {
    /** Match and tag bits of the units on the bus: the handler's keys and receive indexes ({@code alpu.h}). */
    private static final int MATCH_W = 64, TAG_W = 16;

    /**
     * The figure's queue, ALPU sizes, lengths and fractions, with the device and latency model of
     * the figure drawn beside; the memory settings (the first is the line, all of them the band),
     * the DPA's clock, and the cluster (one core suffices: the handler matches on one thread with
     * the list and the ALPUs).
     */
    public record Settings(LatencyFigure.Settings figure, List<MemorySetting> memories, double clockGhz, DpaConfig cluster, LatencyOverrides fixed) {
        public Settings {
            memories = List.copyOf(memories);
            if (memories.isEmpty()) throw new IllegalArgumentException("memories must name at least one setting");
        }

        public LatencyProbe.Queue queue() {
            return figure.queue();
        }

        public List<Integer> cells() {
            return figure.cells();
        }

        public List<Double> fractions() {
            return figure.fractions();
        }
    }

    /** One length and fraction: per matcher (the list, then each ALPU size) its cycles at each memory setting. */
    public record Sample(int length, double fraction, List<long[]> cycles) {}

    private final Settings settings;
    private final List<Sample> samples;
    private final LatencyFigure model;

    private ClusterLatencyFigure(Settings settings, List<Sample> samples, LatencyFigure model) {
        this.settings = settings;
        this.samples = List.copyOf(samples);
        this.model = model;
    }

    /** One search the figure measures: a matcher's column, its cluster and handler, a memory setting, a fraction and a length. */
    private record Search(int column, DpaRun dpa, HandlerImage image, int memory, int fraction, int length) {}

    /**
     * Measures every length and fraction on a cluster per ALPU size, each search a run of its own
     * on {@code runs}' workers, then draws the model's figure beside it.
     */
    public static ClusterLatencyFigure measure(Settings s, ClusterRuns runs, Path work, ProgressMeter.Factory progress) {
        List<Integer> lengths = s.figure().lengths();
        int longest = lengths.get(lengths.size() - 1);
        OtmConfig config = OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(longest + 1, longest + 1);
        int matchers = 1 + s.cells().size();
        long[][][][] cycles = new long[s.fractions().size()][lengths.size()][matchers][s.memories().size()];
        String task = "figure " + LatencyFigure.figureNumber(s.queue()) + " on dpa";
        List<Search> searches = new ArrayList<>();
        for (int c = 0; c < s.cells().size(); c++) {
            int cells = s.cells().get(c);
            AlpuUnits units = AlpuUnits.of(cells, Math.min(s.figure().block(), cells), MATCH_W, TAG_W);
            DpaRun dpa = runs.build(s.cluster(), units.slots());
            List<HandlerImage.Matcher> here = c == 0 ? List.of(HandlerImage.Matcher.LIST, HandlerImage.Matcher.ALPU) : List.of(HandlerImage.Matcher.ALPU);
            for (HandlerImage.Matcher m : here) {
                HandlerImage image = HandlerImage.build(config, m, work);
                int column = m == HandlerImage.Matcher.LIST ? 0 : 1 + c;
                for (int k = 0; k < s.memories().size(); k++)
                    for (int f = 0; f < s.fractions().size(); f++)
                        for (int l = 0; l < lengths.size(); l++) searches.add(new Search(column, dpa, image, k, f, l));
            }
        }
        try (ProgressMeter meter = progress.start(task, searches.size(), "searches")) {
            List<Long> got = runs.map(searches, x -> {
                ClusterLatencyProbe probe = new ClusterLatencyProbe(x.dpa(), x.image(), s.memories().get(x.memory()), s.fixed(), work.resolve("runs"));
                long n = probe.measure(s.queue(), lengths.get(x.length()), s.fractions().get(x.fraction()));
                synchronized (meter) {
                    meter.step();
                }
                return n;
            });
            for (int i = 0; i < searches.size(); i++) {
                Search x = searches.get(i);
                cycles[x.fraction()][x.length()][x.column()][x.memory()] = got.get(i);
            }
        }
        List<Sample> samples = new ArrayList<>();
        for (int f = 0; f < s.fractions().size(); f++) {
            for (int l = 0; l < lengths.size(); l++) samples.add(new Sample(lengths.get(l), s.fractions().get(f), List.of(cycles[f][l])));
        }
        LatencyFigure model = LatencyFigure.measure(s.figure(), progress);
        return new ClusterLatencyFigure(s, samples, model);
    }

    public Settings settings() {
        return settings;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The figure drawn beside: the Java NIC driver over the unit, in the seed's latency model. */
    public LatencyFigure model() {
        return model;
    }

    /** {@code cycles} at the settings' clock, in ns. */
    public double ns(long cycles) {
        return cycles / settings.clockGhz();
    }

    /** The matchers' names in column order: the list, then an ALPU per size. */
    public List<String> matchers() {
        List<String> out = new ArrayList<>(List.of("list"));
        for (int c : settings.cells()) out.add("ALPU " + c);
        return out;
    }

    /**
     * Per ALPU size and fraction, at the first memory setting: the shortest non-empty measured
     * queue from which on the unit is no slower than the list at every measured length (null:
     * none; the curves of the system may cross more than once), and the model's break-even.
     */
    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        for (double f : settings.fractions()) {
            for (int i = 0; i < settings.cells().size(); i++) {
                Integer even = null;
                for (Sample s : samples) {
                    if (s.fraction() != f || s.length() == 0) continue;
                    if (s.cycles().get(1 + i)[0] > s.cycles().get(0)[0]) even = null;
                    else if (even == null) even = s.length();
                }
                Integer modelEven = null;
                for (LatencyFigure.Summary m : model.summaries()) if (m.fraction() == f && m.cells() == settings.cells().get(i)) modelEven = m.breakEven();
                out.add(String.format(Locale.ROOT, "ALPU %d cells, %.0f%% searched, %s memory: on the cluster no slower than the list from %s; "
                                + "the model (seed 001's NIC): from %s", settings.cells().get(i), f * 100, name(settings.memories().get(0)),
                        even == null ? "no measured length" : even + " entries", modelEven == null ? "no measured length" : modelEven + " entries"));
            }
        }
        return out;
    }

    /** The summary lines, one a line. */
    public String summaryText() {
        return String.join("\n", summaryLines()) + "\n";
    }

    /** The Markdown table: per length and fraction, each matcher's ns on the cluster (first setting, and the band) beside the model's. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        String what = settings.queue() == LatencyProbe.Queue.POSTED ? "posted-receive" : "unexpected-message";
        sb.append("# Seed 001 figure ").append(LatencyFigure.figureNumber(settings.queue())).append(" from the system: latency against ")
                .append(what).append(" queue length\n\n");
        sb.append(String.format(Locale.ROOT, "The generated handler on the simulated DPA (%s), one thread, at %.2f GHz; each cell: ns at %s "
                        + "memory [band over %s]. Beside it, the project's figure from the Java NIC driver over the unit: %s%n%n",
                settings.cluster().cores() + " x " + settings.cluster().threads(), settings.clockGhz(), name(settings.memories().get(0)),
                String.join(", ", settings.memories().stream().map(ClusterLatencyFigure::name).toList()), model.describeModel()));
        sb.append("| queue | searched |");
        for (String m : matchers()) sb.append(' ').append(m).append(" ns |");
        for (String m : matchers()) sb.append(" model ").append(m).append(" ns |");
        sb.append("\n|---:|---:|").append("---:|".repeat(2 * matchers().size())).append('\n');
        for (Sample s : samples) {
            sb.append(String.format(Locale.ROOT, "| %d | %.0f%% |", s.length(), s.fraction() * 100));
            for (long[] c : s.cycles()) sb.append(String.format(Locale.ROOT, " %.0f [%.0f..%.0f] |", ns(c[0]), ns(min(c)), ns(max(c))));
            LatencyFigure.Sample m = modelSample(s);
            sb.append(String.format(Locale.ROOT, " %.0f |", m.listNs()));
            for (double a : m.alpuNs()) sb.append(String.format(Locale.ROOT, " %.0f |", a));
            sb.append('\n');
        }
        sb.append('\n').append(summaryText());
        return sb.toString();
    }

    /** Every measurement, one line per length, fraction, matcher and memory setting. */
    public String csv() {
        StringBuilder sb = new StringBuilder("queue,fraction,matcher,memory,cycles,ns\n");
        for (Sample s : samples) {
            for (int m = 0; m < s.cycles().size(); m++) {
                for (int k = 0; k < settings.memories().size(); k++) {
                    long c = s.cycles().get(m)[k];
                    sb.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%d,%.1f%n", s.length(), s.fraction(), matchers().get(m).replace(' ', '-'),
                            name(settings.memories().get(k)), c, ns(c)));
                }
            }
        }
        return sb.toString();
    }

    /** Writes {@code figureN-dpa.md}, {@code .csv} and {@code .png} into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        String name = "figure" + LatencyFigure.figureNumber(settings.queue()) + "-dpa";
        Files.writeString(dir.resolve(name + ".md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".csv"), csv(), StandardCharsets.UTF_8);
        ClusterLatencyPlot.write(this, dir.resolve(name + ".png"));
        return List.of(name + ".md", name + ".csv", name + ".png");
    }

    /** The model's sample of the same length and fraction. */
    LatencyFigure.Sample modelSample(Sample s) {
        for (LatencyFigure.Sample m : model.samples()) if (m.length() == s.length() && m.fraction() == s.fraction()) return m;
        throw new IllegalStateException("the model has no sample of length " + s.length() + " at " + s.fraction());
    }

    static String name(MemorySetting m) {
        return m.name().toLowerCase(Locale.ROOT);
    }

    /** The band's low end: the fastest memory setting's cycles. */
    static long min(long[] v) {
        long m = Long.MAX_VALUE;
        for (long x : v) m = Math.min(m, x);
        return m;
    }

    /** The band's high end. */
    static long max(long[] v) {
        long m = Long.MIN_VALUE;
        for (long x : v) m = Math.max(m, x);
        return m;
    }
}
