package tagmatch.tools.figure;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import tagmatch.tools.TagmatchCommand;

/**
 * A figure measured on the simulated DPA cluster (offload-nic, and figures 5, 6 and 8 with
 * {@code --on dpa}): the cluster's options, and where the figure is written.
 */
abstract class DpaFigureCommand extends TagmatchCommand implements Callable<Integer> {
    @Mixin
    DpaClusterOptions dpa = new DpaClusterOptions();

    @Mixin
    FigureOutput output = new FigureOutput();
}
