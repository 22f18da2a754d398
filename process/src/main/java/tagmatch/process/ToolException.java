package tagmatch.process;

/** An external tool could not run, failed, or timed out. The message is one paragraph a user can act on. */
public final class ToolException extends RuntimeException {
    /** What went wrong; callers decide from this whether it is the user's or the tool's fault. */
    public enum Kind { MISSING, FAILED, TIMED_OUT, INTERRUPTED, IO }

    private final Kind kind;
    private final transient Exec.Result result;

    ToolException(Kind kind, String message, Exec.Result result, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.result = result;
    }

    public Kind kind() {
        return kind;
    }

    /** The finished run for {@link Kind#FAILED} (exit code and output); {@code null} otherwise. */
    public Exec.Result result() {
        return result;
    }
}
