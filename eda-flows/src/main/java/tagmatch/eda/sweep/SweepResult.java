package tagmatch.eda.sweep;

import java.nio.file.Path;

/**
 * How a run of a sweep ended: what the store holds for the tasks it was given, how long the run
 * took, and where the results are.
 */
public record SweepResult(SweepOutcome outcome, long seconds, Path dir) {
    /** The closing lines of {@code tagmatch sweep}. */
    public String text() {
        return outcome.text(seconds, dir);
    }

    /** Every task passed or was skipped, and none is missing. */
    public boolean succeeded() {
        return outcome.succeeded();
    }
}
