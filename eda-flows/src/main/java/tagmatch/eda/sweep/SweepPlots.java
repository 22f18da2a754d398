package tagmatch.eda.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's PNGs: LUTs, flip-flops and iCE40 logic cells against cells, time per match against
 * cells, and the Pareto front of area against time per match (iCE40 logic cells at the routed
 * Fmax where a pnr step passed, else LUTs at the assumed clock). One line per family of
 * configurations that differ only in their cells.
 */
public final class SweepPlots {
    private SweepPlots() {}

    /** Writes the plots that have data into {@code dir}; returns their file names. */
    public static List<String> write(SweepReport report, Path dir) throws IOException {
        List<String> written = new ArrayList<>();
        Map<String, List<SweepReport.Row>> families = new LinkedHashMap<>();
        for (SweepReport.Row r : report.rows()) {
            families.computeIfAbsent(family(r.config()), k -> new ArrayList<>()).add(r);
        }
        XYChart area = chart("LUTs and flip-flops against cells", "cells", "count");
        boolean anyArea = false;
        for (Map.Entry<String, List<SweepReport.Row>> f : families.entrySet()) {
            anyArea |= series(area, f.getKey() + " LUTs", f.getValue(), r -> (double) r.config().cells(), SweepReport.Row::luts, SeriesMarkers.CIRCLE);
            anyArea |= series(area, f.getKey() + " FFs", f.getValue(), r -> (double) r.config().cells(), SweepReport.Row::flipFlops, SeriesMarkers.SQUARE);
            anyArea |= series(area, f.getKey() + " iCE40 LCs", f.getValue(), r -> (double) r.config().cells(), SweepReport.Row::logicCells,
                    SeriesMarkers.TRIANGLE_UP);
        }
        if (anyArea) written.add(save(area, dir, "luts-ffs-vs-cells.png"));

        XYChart time = chart(String.format(Locale.ROOT, "Time per match against cells (%s)", clock(report)), "cells", "ns per match");
        boolean anyTime = false;
        for (Map.Entry<String, List<SweepReport.Row>> f : families.entrySet()) {
            anyTime |= series(time, f.getKey(), f.getValue(), r -> (double) r.config().cells(), SweepReport.Row::nsPerMatch, SeriesMarkers.CIRCLE);
        }
        if (anyTime) written.add(save(time, dir, "ns-per-match-vs-cells.png"));

        // Routed figures where the pnr step passed (iCE40 logic cells, ns at Fmax); else synthesis LUTs at the assumed clock.
        // The two are never mixed in one front: their areas and clocks are not comparable.
        List<SweepReport.Row> routed = report.rows().stream().filter(r -> r.routed() && r.logicCells() != null).toList();
        boolean pnr = !routed.isEmpty();
        List<SweepReport.Row> points = pnr ? routed : report.rows().stream().filter(r -> r.luts() != null && r.nsPerMatch() != null).toList();
        java.util.function.Function<SweepReport.Row, Double> size = pnr ? SweepReport.Row::logicCells : SweepReport.Row::luts;
        if (!points.isEmpty()) {
            XYChart pareto = chart(pnr ? "iCE40 logic cells against ns per match at the routed Fmax, Pareto front"
                            : String.format(Locale.ROOT, "LUTs against ns per match, Pareto front (%s)", clock(report)),
                    pnr ? "ns per match (pnr Fmax)" : "ns per match", pnr ? "iCE40 logic cells" : "LUTs");
            series(pareto, "configurations", points, SweepReport.Row::nsPerMatch, size, SeriesMarkers.CIRCLE);
            pareto.getSeriesMap().get("configurations").setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            List<SweepReport.Row> front = front(points, size);
            XYSeries line = pareto.addSeries("Pareto front", front.stream().map(SweepReport.Row::nsPerMatch).toList(),
                    front.stream().map(size).toList());
            line.setMarker(SeriesMarkers.DIAMOND);
            written.add(save(pareto, dir, "pareto-area-vs-time.png"));
        }
        return written;
    }

    /** Everything of a configuration but its cells: the points of one line against cells. */
    private static String family(tagmatch.alpu.AlpuConfig c) {
        return c.variant().name() + " b" + c.block() + " m" + c.matchWidth() + " t" + c.tagWidth() + " f" + c.reqFifoDepth();
    }

    /** The rows no other row beats in both {@code area} and time per match, by increasing time. */
    static List<SweepReport.Row> front(List<SweepReport.Row> rows, java.util.function.Function<SweepReport.Row, Double> area) {
        List<SweepReport.Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(SweepReport.Row::nsPerMatch).thenComparing(area));
        List<SweepReport.Row> out = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        for (SweepReport.Row r : sorted) {
            if (area.apply(r) < best) {
                out.add(r);
                best = area.apply(r);
            }
        }
        return out;
    }

    private static String clock(SweepReport r) {
        return "clock " + SweepReport.number(r.clockMhz()) + " MHz unless pnr measured fmax";
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart c = new XYChartBuilder().width(900).height(600).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setLegendVisible(true);
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        return c;
    }

    private static boolean series(XYChart c, String name, List<SweepReport.Row> rows, java.util.function.Function<SweepReport.Row, Double> x,
                                  java.util.function.Function<SweepReport.Row, Double> y, org.knowm.xchart.style.markers.Marker marker) {
        List<SweepReport.Row> with = rows.stream().filter(r -> x.apply(r) != null && y.apply(r) != null)
                .sorted(Comparator.comparing(x)).toList();
        if (with.isEmpty()) return false;
        XYSeries s = c.addSeries(name, with.stream().map(x).toList(), with.stream().map(y).toList());
        s.setMarker(marker);
        return true;
    }

    private static String save(XYChart c, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(c, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
        return name;
    }
}
