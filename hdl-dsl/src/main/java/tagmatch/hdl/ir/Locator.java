package tagmatch.hdl.ir;

/** Where in the user's Java source a piece of hardware was described: {@code File.java:line}. */
public record Locator(String file, int line) {
    public static final Locator UNKNOWN = new Locator("unknown", 0);

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
