package tagmatch.sim;

/** "Stop when {@code port} {@code ==} (or {@code !=}) {@code value}", tested on each cycle's settled outputs. */
public record StopCondition(PortHandle port, boolean equal, long value) {
    public StopCondition {
        if (!port.narrow()) {
            throw new IllegalArgumentException("until: port '" + port.name() + "' is " + port.width()
                    + " bits wide; stop conditions need a port of at most 64 bits");
        }
        if (port.width() < 64 && (value >>> port.width()) != 0) {
            throw new IllegalArgumentException("until: value " + value + " does not fit port '" + port.name()
                    + "' (" + port.width() + " bits)");
        }
    }
}
