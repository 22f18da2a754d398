package tagmatch.tools;

/** A failure the user can fix (missing tool, bad file); printed as one line, no stack trace. */
public class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
