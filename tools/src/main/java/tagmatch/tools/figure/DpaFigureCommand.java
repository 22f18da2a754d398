package tagmatch.tools.figure;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import tagmatch.tools.OutputDir;
import tagmatch.tools.TagmatchCommand;
import tagmatch.tools.Temp;

/**
 * A figure measured on the simulated DPA cluster (offload-nic, and figures 5, 6 and 8 with
 * {@code --on dpa}): the cluster's options, and where and how the figure is written.
 */
abstract class DpaFigureCommand extends TagmatchCommand implements Callable<Integer> {
    @Mixin
    DpaClusterOptions dpa = new DpaClusterOptions();

    @Mixin
    FigureOutput output = new FigureOutput();

    /** A measured figure: the files it wrote and its summary. */
    record Drawn(List<String> files, String summary) {}

    /** Measures a figure in the temporary directory {@code work} and writes it into {@code staging}. */
    interface Drawing {
        Drawn draw(Path work, Path staging) throws IOException;
    }

    /**
     * Claims the output directory, has {@code drawing} measure in a temporary directory for
     * {@code purpose} and write the figure, commits it as {@code manifest}, then prints the
     * summary and names the files; the exit code.
     */
    final int draw(String purpose, String manifest, Drawing drawing) throws IOException {
        Path dir = output.dir();
        PrintWriter o = out();
        Drawn fig;
        try (OutputDir dirOut = output.claim(dir);
             Temp temp = output.temp(purpose, err())) {
            fig = drawing.draw(temp.path(), dirOut.staging());
            dirOut.commit(manifest);
            o.print(fig.summary());
        }
        return FigureOutput.wrote(o, dir, fig.files());
    }
}
