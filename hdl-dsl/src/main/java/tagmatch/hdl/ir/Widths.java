package tagmatch.hdl.ir;

/** The supported range of signal widths. */
public final class Widths {
    /** The widest signal the DSL accepts; Verilator's own default limit. */
    public static final int MAX = 65536;

    private Widths() {}

    /** Bits needed to hold every value in {@code 0..n-1} (at least 1). */
    public static int forCount(long n) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1));
    }

    /** Bits needed to hold the value {@code v >= 0} (at least 1). */
    public static int forValue(long v) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(v));
    }

    public static void check(int width, String what, Locator where) {
        if (width == 0 || width > MAX || width < -1)
            throw new HdlException("unsupported width " + width + " for " + what + ": widths are 1.." + MAX, where);
    }
}
