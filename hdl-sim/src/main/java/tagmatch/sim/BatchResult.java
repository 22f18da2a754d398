package tagmatch.sim;

import java.math.BigInteger;

/**
 * What a {@link Stimulus} run produced: the cycles run, which stop condition ended it (or -1), and
 * the captured values as one row-major primitive array (one row per cycle, each captured port's
 * {@link PortHandle#words()} longs in capture order).
 */
public final class BatchResult {
    private final PortHandle[] capture;
    private final int[] offset;
    private final int rowWords;
    private final long[] data;
    private final long cycles;
    private final int stoppedBy;

    BatchResult(PortHandle[] capture, long[] data, long cycles, int stoppedBy) {
        this.capture = capture;
        this.data = data;
        this.cycles = cycles;
        this.stoppedBy = stoppedBy;
        this.offset = new int[capture.length];
        int w = 0;
        for (int i = 0; i < capture.length; i++) {
            offset[i] = w;
            w += capture[i].words();
        }
        this.rowWords = w;
    }

    /** Cycles actually run. */
    public long cycles() { return cycles; }

    /** Index (in {@link Stimulus#until()}) of the condition that stopped the run, or -1 if it ran to maxCycles. */
    public int stoppedBy() { return stoppedBy; }

    public boolean stopped() { return stoppedBy >= 0; }

    /** Longs per cycle row in {@link #raw()}. */
    public int rowWords() { return rowWords; }

    /** The captured table; rows past {@link #cycles()} are zero. Not a copy. */
    public long[] raw() { return data; }

    /** Value of a narrow captured port in a cycle. */
    public long get(int cycle, PortHandle port) {
        int i = slot(port);
        if (!capture[i].narrow()) {
            throw new IllegalArgumentException("port '" + port.name() + "' is " + port.width() + " bits wide; use getWide");
        }
        return data[checkCycle(cycle) * rowWords + offset[i]];
    }

    /** Value of any captured port in a cycle, unsigned. */
    public BigInteger getWide(int cycle, PortHandle port) {
        int i = slot(port);
        long[] w = new long[capture[i].words()];
        System.arraycopy(data, checkCycle(cycle) * rowWords + offset[i], w, 0, w.length);
        return Words.toBig(w);
    }

    /** One narrow port's value in every cycle run. */
    public long[] column(PortHandle port) {
        int i = slot(port);
        if (!capture[i].narrow()) {
            throw new IllegalArgumentException("port '" + port.name() + "' is " + port.width() + " bits wide; use getWide");
        }
        long[] out = new long[Math.toIntExact(cycles)];
        for (int c = 0; c < out.length; c++) {
            out[c] = data[c * rowWords + offset[i]];
        }
        return out;
    }

    private int checkCycle(int cycle) {
        if (cycle < 0 || cycle >= cycles || rowWords == 0) {
            throw new IndexOutOfBoundsException("cycle " + cycle + " not in 0.." + (cycles - 1));
        }
        return cycle;
    }

    private int slot(PortHandle port) {
        for (int i = 0; i < capture.length; i++) {
            if (capture[i].index() == port.index() && capture[i].name().equals(port.name())) {
                return i;
            }
        }
        throw new IllegalArgumentException("port '" + port.name() + "' was not captured by this run");
    }
}
