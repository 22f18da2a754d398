package tagmatch.bench.figure;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tagmatch.testbench.alpu.LatencyProbe;

/**
 * The PNG of a {@link ClusterLatencyFigure}: per matcher and fraction, the latency on the cluster
 * at the first memory setting (solid) between thin lines at the band's ends, and the model's
 * (dashed) in the same colour.
 */
final class ClusterLatencyPlot {
    private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd), new Color(0xff7f0e)};

    private ClusterLatencyPlot() {}

    static void write(ClusterLatencyFigure fig, Path png) throws IOException {
        ClusterLatencyFigure.Settings s = fig.settings();
        String what = s.queue() == LatencyProbe.Queue.POSTED ? "posted-receive" : "unexpected-message";
        XYChart chart = new XYChartBuilder().width(1000).height(650)
                .title("Seed 001 figure " + LatencyFigure.figureNumber(s.queue()) + " from the system: the handler on the simulated DPA")
                .xAxisTitle(what + " queue length (entries)").yAxisTitle("latency of one search (ns)").build();
        chart.getStyler().setLegendVisible(true);
        List<String> names = fig.matchers();
        int colour = 0;
        for (double f : s.fractions()) {
            String pct = String.format(" (%.0f%% searched)", f * 100);
            for (int m = 0; m < names.size(); m++, colour++) {
                Color c = COLOURS[colour % COLOURS.length];
                List<Double> x = new ArrayList<>(), line = new ArrayList<>(), lo = new ArrayList<>(), hi = new ArrayList<>(), model = new ArrayList<>();
                for (ClusterLatencyFigure.Sample sample : fig.samples()) {
                    if (sample.fraction() != f) continue;
                    long[] cyc = sample.cycles().get(m);
                    x.add((double) sample.length());
                    line.add(fig.ns(cyc[0]));
                    lo.add(fig.ns(ClusterLatencyFigure.min(cyc)));
                    hi.add(fig.ns(ClusterLatencyFigure.max(cyc)));
                    LatencyFigure.Sample ms = fig.modelSample(sample);
                    model.add(m == 0 ? ms.listNs() : ms.alpuNs().get(m - 1));
                }
                style(chart.addSeries(names.get(m) + " on the DPA" + pct, x, line), c, 2f, null);
                if (s.memories().size() > 1) {
                    style(chart.addSeries(names.get(m) + pct + ": band low", x, lo), c, 0.7f, null).setShowInLegend(false);
                    style(chart.addSeries(names.get(m) + pct + ": band high", x, hi), c, 0.7f, null).setShowInLegend(false);
                }
                style(chart.addSeries(names.get(m) + " model" + pct, x, model), c, 1.5f, new float[] {6f, 4f});
            }
        }
        Png.save(chart, png);
    }

    private static XYSeries style(XYSeries series, Color colour, float width, float[] dash) {
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(colour);
        series.setLineStyle(dash == null ? new BasicStroke(width) : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dash, 0f));
        return series;
    }
}
