package tagmatch.sim;

import java.util.regex.Pattern;

/** One top-level port as the simulator sees it: a name, a width in bits and a direction. */
public record SimPort(String name, int width, boolean input) {
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public SimPort {
        if (name == null || !IDENT.matcher(name).matches()) {
            throw new IllegalArgumentException("port name: '" + name + "' is not a Verilog identifier ([A-Za-z_][A-Za-z0-9_]*)");
        }
        if (width < 1 || width > 65536) {
            throw new IllegalArgumentException("port '" + name + "' width: " + width + " is not in 1..65536");
        }
    }

    public static SimPort in(String name, int width) { return new SimPort(name, width, true); }

    public static SimPort out(String name, int width) { return new SimPort(name, width, false); }

    /** Number of 64-bit words a value of this port occupies in batch arrays. */
    public int words() { return (width + 63) / 64; }

    @Override
    public String toString() { return (input ? "input " : "output ") + name + "[" + width + "]"; }
}
