package tagmatch.process;

/**
 * A failure the user can act on (a missing tool, a bad trace file, a failed synthesis): printed
 * as one line after the command path, no stack trace, exit code 1. A bad option is the subclass
 * {@link UsageError} (exit code 2).
 */
public class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
