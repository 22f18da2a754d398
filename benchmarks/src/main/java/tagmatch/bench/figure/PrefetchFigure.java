package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchCounts;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.model.offload.Prefetcher;
import tagmatch.model.offload.SkewedWindow;

/**
 * Seed 003's Fig. 8 as far as its decision goes: on {@link SkewedWindow}'s benchmark (a window of
 * rendezvous messages sent to a receiver late by a skew), the share of the window's messages that
 * arrive unexpected, are prefetched, and are prefetched usefully, against the skew. The paper's
 * runtimes need a timed network; what the decision alone shows is where prefetching starts to pay:
 * once the skew exceeds a read (α·size + β), and while the pool has slots.
 */
public final class PrefetchFigure {
    /** One skew's counts. */
    public record Point(long skewNs, long messages, long unexpected, long prefetched, long useful, long useless, long noSlot, long declined) {}

    private final int window;
    private final long bytes;
    private final int iterations;
    private final PrefetchSettings settings;
    private final OffloadSettings offload;
    private final List<Point> points;

    private PrefetchFigure(int window, long bytes, int iterations, PrefetchSettings settings, OffloadSettings offload, List<Point> points) {
        this.window = window;
        this.bytes = bytes;
        this.iterations = iterations;
        this.settings = settings;
        this.offload = offload;
        this.points = List.copyOf(points);
    }

    /** Runs the window at every skew of {@code skewsNs}, each for {@code iterations} windows. */
    public static PrefetchFigure measure(int window, long bytes, int iterations, List<Long> skewsNs, PrefetchSettings settings, OffloadSettings offload) {
        if (skewsNs.isEmpty()) throw new IllegalArgumentException("skews must name at least one skew");
        List<Point> points = new ArrayList<>();
        for (long skew : skewsNs) {
            PrefetchCounts c = Prefetcher.run(SkewedWindow.generate(window, bytes, iterations, skew), offload, settings).counts();
            points.add(new Point(skew, (long) window * iterations, c.unexpectedRendezvous(), c.prefetched(), c.useful(), c.useless(), c.noSlot(),
                    c.declined()));
        }
        return new PrefetchFigure(window, bytes, iterations, settings, offload, points);
    }

    public List<Point> points() {
        return points;
    }

    /** The time one read of the window's messages takes, α·bytes + β, in ns. */
    public double readNs() {
        return offload.rendezvousCostNs(bytes);
    }

    public String csv() {
        StringBuilder sb = new StringBuilder("skew_ns,messages,unexpected,prefetched,useful,useless,no_slot,declined\n");
        for (Point p : points) {
            sb.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d,%d,%d%n", p.skewNs(), p.messages(), p.unexpected(), p.prefetched(), p.useful(),
                    p.useless(), p.noSlot(), p.declined()));
        }
        return sb.toString();
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** The figure's settings, then one line per skew: unexpected, prefetched and useful as shares of the messages. */
    public String summaryText() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "Seed 003 Fig. 8 (decision only): a window of %d messages of %d bytes sent to a receiver late by a skew, %d iteration%s; "
                        + "a read takes %.1f µs; pool of %d slots of %d bytes, history of %d needing %.2f useful%n",
                window, bytes, iterations, iterations == 1 ? "" : "s", readNs() / 1000, settings.poolSlots(), settings.slotBytes(),
                settings.historyLength(), settings.minUsefulShare()));
        sb.append(String.format(Locale.ROOT, "%10s %11s %11s %9s %9s %8s %9s%n", "skew (µs)", "unexpected%", "prefetched%", "useful%", "useless%",
                "no-slot%", "declined%"));
        for (Point p : points) {
            sb.append(String.format(Locale.ROOT, "%10.1f %11.1f %11.1f %9.1f %9.1f %8.1f %9.1f%n", p.skewNs() / 1000.0, percent(p.unexpected(), p.messages()),
                    percent(p.prefetched(), p.messages()), percent(p.useful(), p.messages()), percent(p.useless(), p.messages()),
                    percent(p.noSlot(), p.messages()), percent(p.declined(), p.messages())));
        }
        sb.append(String.format("useful = prefetched and the receive posted after the read was done; every share is of the messages sent%n"));
        return sb.toString();
    }

    private void plot(Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600).title("Seed 003 Fig. 8 (decision only): prefetch of unexpected messages")
                .xAxisTitle("skew of the receiver (µs)").yAxisTitle("messages (%)").build();
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(100.0);
        List<Double> x = new ArrayList<>(), unexpected = new ArrayList<>(), prefetched = new ArrayList<>(), useful = new ArrayList<>();
        for (Point p : points) {
            x.add(p.skewNs() / 1000.0);
            unexpected.add(percent(p.unexpected(), p.messages()));
            prefetched.add(percent(p.prefetched(), p.messages()));
            useful.add(percent(p.useful(), p.messages()));
        }
        chart.addSeries("arrived unexpected", x, unexpected).setMarker(SeriesMarkers.NONE);
        chart.addSeries("prefetched", x, prefetched).setMarker(SeriesMarkers.NONE);
        chart.addSeries("prefetched usefully", x, useful).setMarker(SeriesMarkers.NONE);
        Png.save(chart, png);
    }

    /** Writes the figure's table (Markdown), CSV and PNG into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        String name = "seed003-figure8";
        Files.writeString(dir.resolve(name + ".md"), "```\n" + summaryText() + "```\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".csv"), csv(), StandardCharsets.UTF_8);
        plot(dir.resolve(name + ".png"));
        return List.of(name + ".md", name + ".csv", name + ".png");
    }
}
