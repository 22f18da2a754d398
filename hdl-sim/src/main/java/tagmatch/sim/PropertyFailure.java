package tagmatch.sim;

/**
 * A property of the design ({@code Assert}, or an {@code Assume} the stimulus broke) did not
 * hold in a simulated cycle. The simulation stops at the call that ran that cycle; the message
 * names the property, its source line, the cycle and the backend that saw it.
 */
public final class PropertyFailure extends RuntimeException {
    private final String property;
    private final String source;
    private final long cycle;

    public PropertyFailure(String kind, String property, String source, String instance, long cycle, String backend) {
        super(kind + " \"" + property + "\" failed at cycle " + cycle + " @[" + source + "]"
                + (instance.isEmpty() ? "" : " in " + instance) + " (" + backend + ")");
        this.property = property;
        this.source = source;
        this.cycle = cycle;
    }

    /** The property's message as written in the DSL. */
    public String property() { return property; }

    /** {@code File.java:line} of the property. */
    public String source() { return source; }

    /** The cycle (completed clock cycles before it) in which it failed. */
    public long cycle() { return cycle; }
}
