package tagmatch.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A stimulus program run by {@link Simulator#run(Stimulus)} in one call (one native crossing on the
 * Verilator backend). Row {@code c} of the input data drives cycle {@code c}: for each driven port
 * in order, {@link PortHandle#words()} longs (least significant word first); cycles past the last
 * row hold it (no rows: the inputs keep their current values). Each cycle's settled, pre-edge
 * values of the captured ports are recorded; the run ends after {@code maxCycles} cycles or after
 * the clock edge of the first cycle in which a stop condition holds. Batch input values are
 * truncated to the port width.
 */
public final class Stimulus {
    private final PortHandle[] drive;
    private final long[] inputs;
    private final long rows;
    private final PortHandle[] capture;
    private final long maxCycles;
    private final List<StopCondition> until;

    private Stimulus(Builder b) {
        this.drive = b.drive.toArray(new PortHandle[0]);
        this.capture = b.capture.toArray(new PortHandle[0]);
        this.until = List.copyOf(b.until);
        int rowWords = rowWords(drive);
        long[] data = b.inputs != null ? b.inputs : Arrays.copyOf(b.rowBuffer, b.rowFill);
        if (rowWords == 0 && data.length != 0) {
            throw new IllegalArgumentException("inputs: " + data.length + " values given but no port is driven");
        }
        if (rowWords != 0 && data.length % rowWords != 0) {
            throw new IllegalArgumentException("inputs: " + data.length + " values is not a multiple of the row size "
                    + rowWords + " (driven ports " + names(drive) + ")");
        }
        this.inputs = data;
        this.rows = rowWords == 0 ? 0 : data.length / rowWords;
        this.maxCycles = b.maxCycles >= 0 ? b.maxCycles : rows;
        if (maxCycles < 1) {
            throw new IllegalArgumentException("maxCycles: " + maxCycles + "; give input rows or maxCycles >= 1");
        }
        if (maxCycles < rows) {
            throw new IllegalArgumentException("maxCycles: " + maxCycles + " is less than the " + rows + " input rows");
        }
        long outLongs = maxCycles * rowWords(capture);
        if (outLongs > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxCycles: " + maxCycles + " cycles x " + rowWords(capture)
                    + " captured words does not fit one Java array; split the run");
        }
    }

    public static Builder builder() { return new Builder(); }

    public static int rowWords(PortHandle[] ports) {
        int w = 0;
        for (PortHandle p : ports) {
            w += p.words();
        }
        return w;
    }

    private static String names(PortHandle[] ports) {
        List<String> n = new ArrayList<>();
        for (PortHandle p : ports) {
            n.add(p.name());
        }
        return n.toString();
    }

    public PortHandle[] drive() { return drive.clone(); }

    public PortHandle[] capture() { return capture.clone(); }

    public List<StopCondition> until() { return until; }

    public long maxCycles() { return maxCycles; }

    public long rows() { return rows; }

    /** The input table itself, not a copy; for backends, which must not modify it. */
    public long[] inputsUnsafe() { return inputs; }

    /** The driven ports, not a copy; for backends. */
    public PortHandle[] driveUnsafe() { return drive; }

    /** The captured ports, not a copy; for backends. */
    public PortHandle[] captureUnsafe() { return capture; }

    /** Builds a {@link Stimulus}; either {@link #inputs(long[])} the whole table or append {@link #row(long...)}s. */
    public static final class Builder {
        private final List<PortHandle> drive = new ArrayList<>();
        private final List<PortHandle> capture = new ArrayList<>();
        private final List<StopCondition> until = new ArrayList<>();
        private long[] inputs;
        private long[] rowBuffer = new long[64];
        private int rowFill;
        private long maxCycles = -1;

        private Builder() {}

        /** The input ports each row drives, in row order. */
        public Builder drive(PortHandle... ports) {
            for (PortHandle p : ports) {
                if (!p.input()) {
                    throw new IllegalArgumentException("drive: port '" + p.name() + "' is an output");
                }
                drive.add(p);
            }
            return this;
        }

        /** The ports (inputs or outputs) whose settled values are recorded every cycle. */
        public Builder capture(PortHandle... ports) {
            capture.addAll(Arrays.asList(ports));
            return this;
        }

        /** The whole input table, row-major (see the class comment); not copied. */
        public Builder inputs(long[] rowMajor) {
            if (rowFill != 0) {
                throw new IllegalStateException("inputs: rows were already appended with row(...)");
            }
            this.inputs = rowMajor;
            return this;
        }

        /** Appends one cycle's input row: one long per driven word. */
        public Builder row(long... values) {
            if (inputs != null) {
                throw new IllegalStateException("row: the input table was already given with inputs(...)");
            }
            int rw = rowWords(drive.toArray(new PortHandle[0]));
            if (values.length != rw) {
                throw new IllegalArgumentException("row: " + values.length + " values, the driven ports need " + rw);
            }
            while (rowFill + values.length > rowBuffer.length) {
                rowBuffer = Arrays.copyOf(rowBuffer, rowBuffer.length * 2);
            }
            System.arraycopy(values, 0, rowBuffer, rowFill, values.length);
            rowFill += values.length;
            return this;
        }

        /** Upper bound on cycles run (default: the number of rows). */
        public Builder maxCycles(long n) {
            this.maxCycles = n;
            return this;
        }

        /** Stop after the first cycle in which {@code port == value}. */
        public Builder until(PortHandle port, long value) {
            until.add(new StopCondition(port, true, value));
            return this;
        }

        /** Stop after the first cycle in which {@code port != value}. */
        public Builder untilNot(PortHandle port, long value) {
            until.add(new StopCondition(port, false, value));
            return this;
        }

        public Stimulus build() { return new Stimulus(this); }
    }
}
