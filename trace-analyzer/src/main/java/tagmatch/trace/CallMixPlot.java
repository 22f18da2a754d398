package tagmatch.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** A PNG of seed 000 figure 6: per application, the share of each kind of MPI call, stacked to 100%. */
public final class CallMixPlot {
    private CallMixPlot() {}

    public static void write(List<CallMix> mixes, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(600).title("MPI calls by kind (all ranks; footer counts)")
                .xAxisTitle("application (* traced before the tracer counted collectives)").yAxisTitle("% of MPI calls").build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> names = new ArrayList<>();
        for (CallMix m : mixes) names.add(m.trace() + (m.collectivesCounted() ? "" : " *"));
        for (CallMix.Kind k : CallMix.Kind.values()) {
            List<Double> y = new ArrayList<>();
            for (CallMix m : mixes) y.add(m.percent(k));
            chart.addSeries(k.label, names, y);
        }
        BinsPlot.save(chart, png);
    }
}
