package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The PNG of a {@link LatencyFigure}: latency against queue length, one line per list or ALPU size and fraction. */
final class LatencyPlot {
    private LatencyPlot() {}

    static void write(LatencyFigure fig, Path png) throws IOException {
        String what = fig.queue() == tagmatch.testbench.alpu.LatencyProbe.Queue.POSTED ? "posted-receive" : "unexpected-message";
        XYChart chart = new XYChartBuilder().width(900).height(600)
                .title("Seed 001 figure " + LatencyFigure.figureNumber(fig.queue()) + ": latency against " + what + " queue length")
                .xAxisTitle(what + " queue length (entries)").yAxisTitle("latency added by matching (ns)").build();
        chart.getStyler().setLegendVisible(true);
        for (double f : fig.fractions()) {
            String pct = String.format(" (%.0f%% searched)", f * 100);
            List<Double> x = new ArrayList<>();
            List<Double> list = new ArrayList<>();
            List<List<Double>> alpu = new ArrayList<>();
            for (int i = 0; i < fig.cells().size(); i++) alpu.add(new ArrayList<>());
            for (LatencyFigure.Sample s : fig.samples()) {
                if (s.fraction() != f) continue;
                x.add((double) s.length());
                list.add(s.listNs());
                for (int i = 0; i < fig.cells().size(); i++) alpu.get(i).add(s.alpuNs().get(i));
            }
            chart.addSeries("list" + pct, x, list).setMarker(SeriesMarkers.NONE);
            for (int i = 0; i < fig.cells().size(); i++) {
                chart.addSeries("ALPU " + fig.cells().get(i) + " cells" + pct, x, alpu.get(i)).setMarker(SeriesMarkers.NONE);
            }
        }
        Png.save(chart, png);
    }
}
