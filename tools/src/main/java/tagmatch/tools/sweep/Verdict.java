package tagmatch.tools.sweep;

/**
 * How a task ended: {@code PASS}; {@code FAIL}, the step ran and its check failed (a scoreboard
 * violation, a tool rejecting the design); {@code ERROR}, the step could not run (a missing tool,
 * an exception). Only {@code PASS} counts as done for a resumed sweep; the other two are re-run
 * with {@code --retry-failed}.
 */
public enum Verdict {
    PASS, FAIL, ERROR
}
