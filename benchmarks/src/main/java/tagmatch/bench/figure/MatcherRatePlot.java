package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.MatcherComparison;

/** The PNG of a {@link MatcherComparison}: messages per second against queue depth (no conflict), one line per matcher, depth on a log axis. */
public final class MatcherRatePlot {
    private MatcherRatePlot() {}

    public static void write(MatcherComparison c, Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600)
                .title("Matchers behind the same handler on the simulated DPA: rate against depth")
                .xAxisTitle("posted receives kept (depth)").yAxisTitle("messages per second (likely memory)").build();
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setXAxisLogarithmic(true);
        for (HandlerImage.Matcher m : HandlerImage.Matcher.values()) {
            List<Double> x = new ArrayList<>(), y = new ArrayList<>();
            for (MatcherComparison.Row r : c.rows()) {
                if (r.matcher() != m || r.conflict()) continue;
                x.add((double) r.depth());
                y.add(c.perSecond(r));
            }
            if (!x.isEmpty()) chart.addSeries(m.cliName(), x, y);
        }
        Png.save(chart, png);
    }
}
