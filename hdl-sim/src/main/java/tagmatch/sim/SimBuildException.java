package tagmatch.sim;

/**
 * Building a simulation failed: a tool is missing (the message gives the install command) or
 * Verilator / the C++ compiler rejected the input (the message gives its output and the directory
 * holding the generated files).
 */
public final class SimBuildException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimBuildException(String message) { super(message); }

    public SimBuildException(String message, Throwable cause) { super(message, cause); }
}
