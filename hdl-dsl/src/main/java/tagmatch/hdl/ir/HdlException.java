package tagmatch.hdl.ir;

/**
 * An error in a hardware description: the message names the signal, its module and the line of
 * the user's Java source that described it.
 */
public class HdlException extends RuntimeException {
    private final Locator locator;

    public HdlException(String message, Locator locator) {
        super(locator == null || locator == Locator.UNKNOWN ? message : message + " (at " + locator + ")");
        this.locator = locator;
    }

    public Locator locator() {
        return locator;
    }
}
