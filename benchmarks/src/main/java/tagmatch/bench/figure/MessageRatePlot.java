package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** The PNG of a {@link MessageRateFigure}: message rate per case, the handler's bar beside MPI's. */
final class MessageRatePlot {
    private MessageRatePlot() {}

    static void write(MessageRateFigure fig, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(600)
                .title("Seed 000 figure 8: ping-pong message rate (k = " + fig.setup().k() + ")")
                .xAxisTitle("case").yAxisTitle("messages per second").build();
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        // the host stand-in's bars can be short beside MPI's: print every bar's value on it
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setDecimalPattern("#,###");
        List<String> cases = new ArrayList<>();
        List<Double> handler = new ArrayList<>();
        List<Double> mpi = new ArrayList<>();
        for (MessageRateFigure.Row r : fig.rows()) {
            cases.add(r.kase().label());
            handler.add(r.handlerRate());
            mpi.add(r.mpiRate());
        }
        chart.addSeries("generated handler, " + fig.setup().threads() + " host threads standing in for DPA threads", cases, handler);
        chart.addSeries("Open MPI on the CPU (2 ranks)", cases, mpi);
        Png.save(chart, png);
    }
}
