package tagmatch.tools.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** A PNG of queue depth against bins: one line per trace, the average, and seed 000's three points. */
public final class QueueDepthPlot {
    private QueueDepthPlot() {}

    public static void write(List<TraceAnalysis.Result> results, List<Integer> bins, Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600).title("Queue depth against bins (" + TraceAnalysis.BINNED + ")")
                .xAxisTitle("bins").yAxisTitle("mean queue depth (entries in the bins an operation searches)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendVisible(true);
        List<Double> x = new ArrayList<>();
        for (int b : bins) x.add((double) b);
        for (TraceAnalysis.Result r : results) {
            List<Double> y = new ArrayList<>();
            for (int b : bins) y.add(r.depthMean(b));
            chart.addSeries(r.trace() + " (" + r.ranks() + " ranks)", x, y);
        }
        if (results.size() > 1) {
            List<Double> avg = new ArrayList<>();
            for (int b : bins) avg.add(AnalysisReport.average(results, b));
            XYSeries s = chart.addSeries("average", x, avg);
            s.setLineColor(java.awt.Color.RED);
            s.setMarkerColor(java.awt.Color.RED);
        }
        List<Double> sx = new ArrayList<>();
        List<Double> sy = new ArrayList<>();
        for (int b : new int[] {1, 32, 128}) {
            sx.add((double) b);
            sy.add(AnalysisReport.SEED_000.get(b));
        }
        XYSeries seed = chart.addSeries("seed 000 average (16 DOE mini-apps)", sx, sy);
        seed.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        seed.setMarker(SeriesMarkers.DIAMOND);
        String file = png.toString();
        BitmapEncoder.saveBitmap(chart, file.endsWith(".png") ? file.substring(0, file.length() - 4) : file, BitmapEncoder.BitmapFormat.PNG);
    }
}
