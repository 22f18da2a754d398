package tagmatch.process;

/**
 * A bad option or argument: printed as one line after the command path, exit code 2. Thrown
 * before any work starts, so that nothing is written.
 */
public class UsageError extends UserError {
    public UsageError(String message) {
        super(message);
    }

    public UsageError(String message, Throwable cause) {
        super(message, cause);
    }
}
