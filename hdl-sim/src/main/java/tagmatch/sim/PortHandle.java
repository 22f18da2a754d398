package tagmatch.sim;

/**
 * A resolved port of one simulator's design: the index into its port list plus what is needed to
 * check values without a lookup. Obtain with {@link Simulator#port(String)} once, then use it in
 * hot loops and in {@link Stimulus} programs.
 */
public record PortHandle(int index, String name, int width, boolean input) {
    /** Number of 64-bit words a value occupies in batch arrays. */
    public int words() { return (width + 63) / 64; }

    /** Whether values fit one {@code long} (at most 64 bits). */
    public boolean narrow() { return width <= 64; }
}
