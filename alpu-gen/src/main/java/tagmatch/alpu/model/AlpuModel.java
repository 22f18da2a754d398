package tagmatch.alpu.model;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * Transaction-level reference of the ALPU datasheet: the state a unit has between two processing
 * steps and what one step (a command or a match request) does to it and answers. It knows nothing
 * about cycles, FIFOs or how the two input streams interleave; that freedom belongs to the
 * implementation (R1) and is handled by {@link AlpuScoreboard} and the cycle-level benches.
 *
 * <p>Instances are values ({@link #equals}, {@link #copy}) so that a scoreboard can keep several
 * hypotheses about an implementation's hidden interleaving.
 */
public final class AlpuModel implements AlpuBehaviour {
    private final AlpuConfig config;
    private final BigInteger matchMask;
    private final long tagMask;
    /** Oldest first. */
    private final ArrayList<Entry> entries;
    private boolean insertMode;
    private boolean error;

    public AlpuModel(AlpuConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.matchMask = BigInteger.ONE.shiftLeft(config.matchWidth()).subtract(BigInteger.ONE);
        this.tagMask = config.tagWidth() == 64 ? -1L : (1L << config.tagWidth()) - 1;
        this.entries = new ArrayList<>(config.cells());
    }

    private AlpuModel(AlpuModel o) {
        this.config = o.config;
        this.matchMask = o.matchMask;
        this.tagMask = o.tagMask;
        this.entries = new ArrayList<>(o.entries);
        this.insertMode = o.insertMode;
        this.error = o.error;
    }

    public AlpuConfig config() {
        return config;
    }

    /** An independent copy with the same state. */
    public AlpuModel copy() {
        return new AlpuModel(this);
    }

    /** The {@code rst} pin: empty, match mode, {@code error} 0. */
    @Override
    public void reset() {
        entries.clear();
        insertMode = false;
        error = false;
    }

    /**
     * Processes one command (R5-R8). Returns the START_ACK for an accepted START_INSERT, else
     * nothing. Discarded commands (R7) set {@code error} and change nothing else.
     */
    @Override
    public Optional<Response> command(Command c) {
        switch (c.op()) {
            case START_INSERT:
                if (insertMode) {
                    error = true;
                    return Optional.empty();
                }
                insertMode = true;
                return Optional.of(Response.startAck(config.cells() - entries.size()));
            case INSERT:
                if (!insertMode || entries.size() == config.cells()) {
                    error = true;
                    return Optional.empty();
                }
                BigInteger mask = config.variant() == Variant.PRQ ? c.mask().and(matchMask) : BigInteger.ZERO;
                entries.add(new Entry(c.match().and(matchMask), mask, c.tag() & tagMask));
                return Optional.empty();
            case STOP_INSERT:
                if (!insertMode) {
                    error = true;
                    return Optional.empty();
                }
                insertMode = false;
                return Optional.empty();
            case RESET:
                reset();
                return Optional.empty();
            default:
                throw new AssertionError(c.op());
        }
    }

    /**
     * Processes one match request (R3, R4): the oldest matching entry is removed and its tag
     * answered; with no match the answer is MATCH_FAILURE, except in insert mode where the request
     * is held: nothing is answered, nothing changes, and the caller retries it later.
     */
    @Override
    public Optional<Response> match(Request r) {
        int i = oldestMatch(r);
        if (i >= 0) {
            return Optional.of(Response.success(entries.remove(i).tag()));
        }
        return insertMode ? Optional.empty() : Optional.of(Response.FAILURE);
    }

    /** Whether {@link #match} would hold this request now (R4). */
    public boolean wouldHold(Request r) {
        return insertMode && oldestMatch(r) < 0;
    }

    private int oldestMatch(Request r) {
        BigInteger key = r.match().and(matchMask);
        BigInteger reqMask = config.variant() == Variant.UMQ ? r.mask().and(matchMask) : BigInteger.ZERO;
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).matches(key, reqMask)) return i;
        }
        return -1;
    }

    @Override
    public int occupancy() {
        return entries.size();
    }

    public int free() {
        return config.cells() - entries.size();
    }

    @Override
    public boolean insertMode() {
        return insertMode;
    }

    @Override
    public boolean error() {
        return error;
    }

    /** Valid entries, oldest first. */
    public List<Entry> entries() {
        return Collections.unmodifiableList(entries);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AlpuModel)) return false;
        AlpuModel m = (AlpuModel) o;
        return insertMode == m.insertMode && error == m.error && config.equals(m.config) && entries.equals(m.entries);
    }

    @Override
    public int hashCode() {
        return Objects.hash(entries, insertMode, error);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(insertMode ? "insert mode" : "match mode").append(error ? ", error" : "")
                .append(", ").append(entries.size()).append('/').append(config.cells()).append(" entries [");
        for (int i = 0; i < entries.size() && i < 8; i++) {
            if (i > 0) sb.append(", ");
            sb.append(entries.get(i).tag());
        }
        if (entries.size() > 8) sb.append(", ...");
        return sb.append(']').toString();
    }
}
