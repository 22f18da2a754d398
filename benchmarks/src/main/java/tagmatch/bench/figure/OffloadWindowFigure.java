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
import tagmatch.model.offload.OffloadCounts;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadWindow;

/**
 * The shape of seed 003's Fig. 2 (naive engine) and Fig. 6 (sequence numbers): the share of a
 * window's receives offloaded against the position of its first non-contiguous receive, on
 * {@link OffloadWindow}'s benchmark with a hardware list as long as the window. The first policy
 * is the figure's own; any other is drawn beside it for comparison. Beside the shares, each
 * policy's success over every position: seed 003's (offloaded − cancelled) / offloaded first,
 * then offloads matched in hardware over offloads.
 */
public final class OffloadWindowFigure {
    /** Seed 003's figure number: 2 for the naive engine, 6 for sequence numbers. */
    public static int figureNumber(OffloadPolicy policy) {
        if (policy == OffloadPolicy.NAIVE) return 2;
        if (policy == OffloadPolicy.SEQNUM) return 6;
        throw new IllegalArgumentException("seed 003 draws this figure for naive (2) and seqnum (6) only, got " + policy.cliName());
    }

    private final List<OffloadPolicy> policies;
    private final int window;
    private final int iterations;
    /** counts[p][i]: what policy p counted with the non-contiguous receive at position i - 1 (i = 0: none). */
    private final OffloadCounts[][] counts;

    private OffloadWindowFigure(List<OffloadPolicy> policies, int window, int iterations, OffloadCounts[][] counts) {
        this.policies = List.copyOf(policies);
        this.window = window;
        this.iterations = iterations;
        this.counts = counts;
    }

    /** Runs the window with no non-contiguous receive and with one at every position, for each policy. */
    public static OffloadWindowFigure measure(List<OffloadPolicy> policies, int window, int iterations) {
        if (policies.isEmpty()) throw new IllegalArgumentException("policies must name at least one policy");
        figureNumber(policies.get(0));
        OffloadCounts[][] counts = new OffloadCounts[policies.size()][window + 1];
        for (int p = 0; p < policies.size(); p++) {
            for (int at = -1; at < window; at++) counts[p][at + 1] = OffloadWindow.run(policies.get(p), window, at, iterations);
        }
        return new OffloadWindowFigure(policies, window, iterations, counts);
    }

    /** The share {@code policy} offloads with the non-contiguous receive at {@code position} (-1: none). */
    public double share(OffloadPolicy policy, int position) {
        return (double) counts[policies.indexOf(policy)][position + 1].offloaded() / ((long) window * iterations);
    }

    /** {@code policy}'s counts summed over no non-contiguous receive and every position of one. */
    public OffloadCounts total(OffloadPolicy policy) {
        OffloadCounts sum = new OffloadCounts();
        for (OffloadCounts c : counts[policies.indexOf(policy)]) sum.add(c);
        return sum;
    }

    /** The smallest share over every position of the non-contiguous receive. */
    public double minShare(OffloadPolicy policy) {
        double min = 1;
        for (int at = 0; at < window; at++) min = Math.min(min, share(policy, at));
        return min;
    }

    private String name() {
        return "seed003-figure" + figureNumber(policies.get(0));
    }

    public String csv() {
        StringBuilder sb = new StringBuilder("first_noncontiguous");
        for (OffloadPolicy p : policies) sb.append(',').append(p.cliName()).append("_offloaded_share");
        for (OffloadPolicy p : policies) sb.append(',').append(p.cliName()).append("_success_rate,").append(p.cliName()).append("_hardware_match_rate");
        sb.append('\n');
        for (int at = -1; at < window; at++) {
            sb.append(at < 0 ? "none" : Integer.toString(at));
            for (OffloadPolicy p : policies) sb.append(String.format(Locale.ROOT, ",%.6f", share(p, at)));
            for (OffloadPolicy p : policies) {
                OffloadCounts c = counts[policies.indexOf(p)][at + 1];
                sb.append(String.format(Locale.ROOT, ",%.6f,%.6f", c.successRate(), c.hardwareMatchRate()));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** A few lines: the figure's settings, and per policy the share with none and at the window's ends and middle. */
    public String summaryText() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "Seed 003 Fig. %d: share of a window of %d rendezvous receives offloaded (hardware list of %d, %d iteration%s), "
                        + "against the position of its first non-contiguous receive%n",
                figureNumber(policies.get(0)), window, window, iterations, iterations == 1 ? "" : "s"));
        int[] positions = {0, window / 4, window / 2, window - 1};
        for (OffloadPolicy p : policies) {
            sb.append(String.format(Locale.ROOT, "%-9s none %5.1f %%", p.cliName(), 100 * share(p, -1)));
            for (int at : positions) sb.append(String.format(Locale.ROOT, ", at %d %5.1f %%", at, 100 * share(p, at)));
            OffloadCounts t = total(p);
            sb.append(String.format(Locale.ROOT, "; least over all positions %.1f %% (%d of %d); success %.1f %%, hw/offl %.1f %%%n",
                    100 * minShare(p), Math.round(minShare(p) * window), window, 100 * t.successRate(), 100 * t.hardwareMatchRate()));
        }
        sb.append(String.format("success = (offloaded - cancelled) / offloaded (seed 003 §6.3); "
                + "hw/offl = offloaded receives matched in hardware / offloaded; both over every position%n"));
        return sb.toString();
    }

    private String markdown() {
        StringBuilder sb = new StringBuilder("# " + summaryText().lines().findFirst().orElse("") + "\n\n| first non-contiguous |");
        for (OffloadPolicy p : policies) sb.append(' ').append(p.cliName()).append(" |");
        sb.append("\n|---|");
        for (int i = 0; i < policies.size(); i++) sb.append("---|");
        sb.append('\n');
        for (int at = -1; at < window; at++) {
            sb.append("| ").append(at < 0 ? "none" : Integer.toString(at)).append(" |");
            for (OffloadPolicy p : policies) sb.append(String.format(Locale.ROOT, " %.1f %% |", 100 * share(p, at)));
            sb.append('\n');
        }
        return sb.toString();
    }

    private void plot(Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600)
                .title("Seed 003 Fig. " + figureNumber(policies.get(0)) + ": receives offloaded in a window of " + window)
                .xAxisTitle("position of the first non-contiguous receive (-1: none)").yAxisTitle("receives offloaded (%)").build();
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(100.0);
        List<Double> x = new ArrayList<>();
        for (int at = -1; at < window; at++) x.add((double) at);
        for (OffloadPolicy p : policies) {
            List<Double> y = new ArrayList<>();
            for (int at = -1; at < window; at++) y.add(100 * share(p, at));
            String label = p == OffloadPolicy.SEQNUM ? "sequence numbers (seqnum)" : p == OffloadPolicy.NAIVE ? "naive (Open MPI with UCX)" : p.cliName();
            chart.addSeries(label, x, y).setMarker(SeriesMarkers.NONE);
        }
        Png.save(chart, png);
    }

    /** Writes the figure's table (Markdown), CSV and PNG into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        String name = name();
        Files.writeString(dir.resolve(name + ".md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".csv"), csv(), StandardCharsets.UTF_8);
        plot(dir.resolve(name + ".png"));
        return List.of(name + ".md", name + ".csv", name + ".png");
    }
}
