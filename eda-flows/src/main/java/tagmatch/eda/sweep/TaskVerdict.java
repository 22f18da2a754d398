package tagmatch.eda.sweep;

/**
 * How a task ended: {@code PASS}; {@code SKIP}, the step does not apply to the configuration and
 * its line says why (a design that does not fit the place-and-route device, a configuration no
 * proof target covers), which is an answer and not a failure of the sweep; {@code FAIL}, the step
 * ran and its check failed (a scoreboard violation, a tool rejecting the design); {@code ERROR},
 * the step could not run (a missing tool, an exception). {@code PASS} and {@code SKIP} count as
 * done for a resumed sweep; the others, and with {@code --retry-failed} the skipped ones too, are
 * run again on request.
 */
public enum TaskVerdict {
    PASS, SKIP, FAIL, ERROR
}
