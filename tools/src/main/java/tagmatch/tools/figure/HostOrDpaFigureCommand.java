package tagmatch.tools.figure;

import java.util.stream.Stream;
import picocli.CommandLine.Mixin;

/** Figures 5, 6 and 8: measured on the host or, with {@code --on dpa}, on the simulated DPA cluster. */
abstract class HostOrDpaFigureCommand extends DpaFigureCommand {
    @Mixin
    OnOption on = new OnOption();

    /** Whether the figure runs on the DPA, checked; on the host, an option of {@code dpaOnly} or of the cluster is refused. */
    final boolean onDpa(Object... dpaOnly) {
        return on.dpa(spec, Stream.concat(Stream.of(dpaOnly), Stream.of(dpa)).toArray());
    }
}
