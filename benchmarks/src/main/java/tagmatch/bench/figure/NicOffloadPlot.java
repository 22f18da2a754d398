package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@link NicOffloadFigure}'s PNGs: overlap or bandwidth against the hardware list size, offloaded
 * and onloaded at each wire latency, likely memory as the marked line and the optimistic and
 * pessimistic settings as the thin lines of its band.
 */
final class NicOffloadPlot {
    private NicOffloadPlot() {}

    static void save(NicOffloadFigure fig, boolean overlap, Path png) throws IOException {
        NicOffloadFigure.Setup s = fig.setup();
        XYChart chart = new XYChartBuilder().width(900).height(600)
                .title("Seed 003 on the simulated NIC (" + s.policy().cliName() + ", window " + s.window() + " x " + s.bytes() + " B): "
                        + (overlap ? "overlap" : "bandwidth"))
                .xAxisTitle("hardware list size (receives)").yAxisTitle(overlap ? "overlap (%)" : "bandwidth (GB/s)").build();
        chart.getStyler().setYAxisMin(0.0);
        if (overlap) chart.getStyler().setYAxisMax(100.0);
        List<Double> x = new ArrayList<>();
        for (int l : s.listSizes()) x.add((double) l);
        for (int w : s.wireCycles()) {
            for (boolean offloaded : new boolean[] {true, false}) {
                List<List<Double>> ys = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                for (int l : s.listSizes()) {
                    double[] b = overlap ? fig.overlapBand(l, w, offloaded) : fig.bandwidthBand(l, w, offloaded);
                    for (int k = 0; k < 3; k++) ys.get(k).add(b[k]);
                }
                String name = (offloaded ? "offloaded" : "onloaded") + ", wire " + w;
                XYSeries line = chart.addSeries(name, x, ys.get(0));
                line.setMarker(offloaded ? SeriesMarkers.CIRCLE : SeriesMarkers.SQUARE);
                if (!offloaded) line.setLineStyle(SeriesLines.DASH_DASH);
                for (int k = 1; k < 3; k++) {
                    XYSeries edge = chart.addSeries(name + (k == 1 ? " least" : " most"), x, ys.get(k));
                    edge.setMarker(SeriesMarkers.NONE);
                    edge.setLineColor(line.getLineColor() != null ? line.getLineColor() : java.awt.Color.GRAY);
                    edge.setLineWidth(0.5f);
                    edge.setShowInLegend(false);
                }
            }
        }
        Png.save(chart, png);
    }
}
