package tagmatch.trace;

import tagmatch.process.UserError;

/** A trace file that is not DUMPI text: names the file, the line and column, and what was expected there. */
public final class TraceFormatException extends UserError {
    private final String file;
    private final int line;

    public TraceFormatException(String file, int line, int column, String what) {
        super(file + ":" + line + ":" + column + ": " + what);
        this.file = file;
        this.line = line;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }
}
