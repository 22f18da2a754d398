package tagmatch.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleBiFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A PNG of one measure against bins (logarithmic axis), as seed 000 figure 7 draws queue depth:
 * one line per trace, their average in red when there are several, and the seed's own points as
 * diamonds when it gives any.
 */
public final class BinsPlot {
    private BinsPlot() {}

    /**
     * Plots {@code measure(trace, bins)} for every result at every count of {@code bins} into
     * {@code png}; {@code seed} (bins -> value, may be empty) adds the seed's points.
     */
    public static void write(String title, String yTitle, List<TraceAnalysis.Result> results, List<Integer> bins,
                             ToDoubleBiFunction<TraceAnalysis.Result, Integer> measure, Map<Integer, Double> seed, Path png)
            throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600).title(title).xAxisTitle("bins").yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendVisible(true);
        List<Double> x = new ArrayList<>();
        for (int b : bins) x.add((double) b);
        for (TraceAnalysis.Result r : results) {
            List<Double> y = new ArrayList<>();
            for (int b : bins) y.add(measure.applyAsDouble(r, b));
            chart.addSeries(r.trace() + " (" + r.ranks() + " ranks)", x, y);
        }
        if (results.size() > 1) {
            List<Double> avg = new ArrayList<>();
            for (int b : bins) {
                double s = 0;
                for (TraceAnalysis.Result r : results) s += measure.applyAsDouble(r, b);
                avg.add(s / results.size());
            }
            XYSeries s = chart.addSeries("average", x, avg);
            s.setLineColor(java.awt.Color.RED);
            s.setMarkerColor(java.awt.Color.RED);
        }
        if (!seed.isEmpty()) {
            List<Double> sx = new ArrayList<>();
            List<Double> sy = new ArrayList<>();
            for (Map.Entry<Integer, Double> e : new TreeMap<>(seed).entrySet()) {
                sx.add((double) e.getKey());
                sy.add(e.getValue());
            }
            XYSeries s = chart.addSeries("seed 000 average (16 DOE mini-apps)", sx, sy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.DIAMOND);
        }
        save(chart, png);
    }

    /** XChart appends the extension itself. */
    static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path png) throws IOException {
        String file = png.toString();
        BitmapEncoder.saveBitmap(chart, file.endsWith(".png") ? file.substring(0, file.length() - 4) : file, BitmapEncoder.BitmapFormat.PNG);
    }
}
