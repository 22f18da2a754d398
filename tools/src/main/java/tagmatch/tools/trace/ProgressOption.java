package tagmatch.tools.trace;

import picocli.CommandLine.Option;
import tagmatch.process.ProgressMeter;
import tagmatch.tools.Progress;

/** {@code --no-progress} of the trace commands, which read traces for minutes (a picocli mixin). */
public final class ProgressOption {
    @Option(names = "--no-progress", description = "no progress bar")
    boolean noProgress;

    /** A bar counting the steps of a task, or none with {@code --no-progress}. */
    ProgressMeter.Factory steps() {
        return noProgress ? ProgressMeter.Factory.NONE : Progress::start;
    }

    /** A bar counting the bytes of the traces read, or none with {@code --no-progress}. */
    ProgressMeter.Factory bytes() {
        return noProgress ? ProgressMeter.Factory.NONE : (task, total, unit) -> Progress.bytes(task, total);
    }
}
