package tagmatch.testbench.alpu;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;

/**
 * Random ALPU traffic as software would produce it, plus the abuse the datasheet must survive:
 * insert sessions (polite ones wait for START_ACK and insert at most the free count, rude ones
 * blast their commands), match requests that mostly reuse inserted keys (so that there is
 * something to match, including several entries with one key to test oldest-wins), wildcard
 * masks, discarded commands and RESET.
 */
final class AlpuTraffic {
    private enum Session { IDLE, WAIT_ACK }

    private final AlpuConfig config;
    private final TrafficMix mix;
    private final Random random;
    private final List<BigInteger> keys = new ArrayList<>();
    private Session session = Session.IDLE;
    private long nextTag;
    private boolean stopping;
    /**
     * Upper bound on the unit's occupancy once every queued command is processed: rude sessions
     * insert no more than {@code cells - occupancyBound}, so only deliberate over-inserts meet a full
     * unit. An INSERT into a full unit is dropped or not depending on whether a match freed a cell
     * first, which the datasheet leaves open; keeping those rare and isolated keeps the
     * scoreboard's set of legal interleavings small.
     */
    private int occupancyBound;
    private long readyCycles;
    private long resetAcceptedAt = -1;
    private Command awaitedOverInsert;
    private long pauseUntil = -1;
    private final int r9Bound;

    long badCommands;
    long overInserts;
    long resets;
    long sessions;

    AlpuTraffic(AlpuConfig config, TrafficMix mix, Random random, int r9Bound) {
        this.r9Bound = r9Bound;
        this.config = config;
        this.mix = mix;
        this.random = random;
    }

    /** Queues new traffic for this cycle unless {@code draining}; closes any open session when draining. */
    void topUp(Deque<Request> requests, Deque<Command> commands, boolean requestsOutstanding, boolean draining) {
        stopping = draining;
        if (draining) return;
        if (requests.size() < 2 && !requestsPaused() && random.nextDouble() < mix.requestRate()) {
            requests.addLast(randomRequest());
        }
        if (session != Session.IDLE || !commands.isEmpty()) return;
        if (random.nextDouble() < mix.resetRate() && (mix.resetWithTraffic() || !requestsOutstanding)) {
            commands.addLast(Command.RESET);
            occupancyBound = 0;
            resetAcceptedAt = Long.MAX_VALUE;
            resets++;
            return;
        }
        if (random.nextDouble() >= mix.sessionRate()) return;
        sessions++;
        if (random.nextDouble() < mix.badCommandRate()) {
            // Outside insert mode: both are discarded and set error (R7).
            commands.addLast(random.nextBoolean() ? insert() : Command.STOP_INSERT);
            badCommands++;
        }
        commands.addLast(Command.START_INSERT);
        if (random.nextDouble() < mix.politeSessions()) {
            session = Session.WAIT_ACK;
            return;
        }
        int n = random.nextInt(Math.min(config.cells() - occupancyBound, 12) + 1);
        for (int i = 0; i < n; i++) commands.addLast(insert());
        commands.addLast(Command.STOP_INSERT);
    }

    /**
     * Sees every response taken; a START_ACK lets a polite session insert up to the free count.
     * {@code requestsQuiet}: no request is outstanding, queued or offered, so a deliberate INSERT
     * beyond the free count meets a full unit for sure if requests pause until it is processed.
     */
    void onResponse(Response r, Deque<Command> commands, boolean requestsQuiet) {
        if (r.kind() == Kind.MATCH_SUCCESS && resetAcceptedAt < 0) occupancyBound = Math.max(0, occupancyBound - 1);
        if (r.kind() != Kind.START_ACK || session != Session.WAIT_ACK) return;
        // A deliberate INSERT into a full unit: fill the free cells, then one more (R7).
        boolean overInsert = !stopping && requestsQuiet && resetAcceptedAt < 0 && r.free() <= 12
                && random.nextDouble() < mix.badCommandRate();
        int n = stopping ? 0 : overInsert ? r.free() : random.nextInt(Math.min(r.free(), 12) + 1);
        for (int i = 0; i < n; i++) commands.addLast(insert());
        if (overInsert) {
            awaitedOverInsert = insert();
            commands.addLast(awaitedOverInsert);
            pauseUntil = Long.MAX_VALUE;
            overInserts++;
            badCommands++;
        } else if (!stopping && random.nextDouble() < mix.badCommandRate()) {
            commands.addLast(Command.START_INSERT);
            badCommands++;
        }
        commands.addLast(Command.STOP_INSERT);
        session = Session.IDLE;
    }

    /**
     * The bench dropped queued commands that were never offered, a START_INSERT among them: a
     * polite session waiting for that START_ACK will never get it.
     */
    void abandonQueuedSession() {
        if (session == Session.WAIT_ACK) session = Session.IDLE;
    }

    /** The rst pin discards everything: a session waiting for its START_ACK will never get it. */
    void onRst() {
        session = Session.IDLE;
        occupancyBound = 0;
        resetAcceptedAt = -1;
        awaitedOverInsert = null;
        pauseUntil = -1;
    }

    /** A command was accepted; RESET and the over-insert start their R9 windows. */
    void onAccepted(Command c) {
        if (c == awaitedOverInsert) {
            pauseUntil = readyCycles + r9Bound + 1;
            awaitedOverInsert = null;
        }
        if (c.op() == tagmatch.alpu.model.Op.RESET && resetAcceptedAt == Long.MAX_VALUE) resetAcceptedAt = readyCycles;
    }

    /** A cycle with rsp_ready high: R9 windows advance. */
    void onReadyCycle() {
        readyCycles++;
        // After the R9 bound the RESET is processed: later successes remove post-RESET entries.
        if (resetAcceptedAt >= 0 && resetAcceptedAt != Long.MAX_VALUE && readyCycles - resetAcceptedAt > r9Bound) {
            resetAcceptedAt = -1;
        }
    }

    /** Whether requests must not be offered now (an over-insert is not yet surely processed). */
    boolean requestsPaused() {
        return readyCycles <= pauseUntil && pauseUntil >= 0;
    }

    /** Whether a polite session still waits for its START_ACK (the bench must not stop then). */
    boolean waitingForAck() {
        return session == Session.WAIT_ACK;
    }

    private Command insert() {
        occupancyBound = Math.min(config.cells(), occupancyBound + 1);
        return randomInsert();
    }

    private Command randomInsert() {
        BigInteger match = randomKey();
        if (keys.size() == 64) keys.remove(random.nextInt(64));
        keys.add(match);
        BigInteger mask = config.variant() == Variant.PRQ ? randomMask() : BigInteger.ZERO;
        long tag = nextTag++ & ((1L << config.tagWidth()) - 1);
        return Command.insert(match, mask, tag);
    }

    private Request randomRequest() {
        BigInteger key = !keys.isEmpty() && random.nextDouble() < mix.keyReuse()
                ? keys.get(random.nextInt(keys.size())) : randomKey();
        BigInteger mask = config.variant() == Variant.UMQ ? randomMask() : BigInteger.ZERO;
        return new Request(key, mask);
    }

    /** Keys from a small space so that different entries share keys (oldest-wins matters). */
    private BigInteger randomKey() {
        int w = config.matchWidth();
        BigInteger low = BigInteger.valueOf(random.nextInt(1 << Math.min(w, 3)));
        if (w <= 3) return low;
        // The upper bits come from a handful of patterns, so wide keys still collide.
        BigInteger high = new BigInteger(w - 3, new Random(random.nextInt(3)));
        return high.shiftLeft(3).or(low);
    }

    private BigInteger randomMask() {
        if (random.nextDouble() >= mix.wildcardRate()) return BigInteger.ZERO;
        int w = config.matchWidth();
        return new BigInteger(Math.min(w, 3), random);
    }
}
