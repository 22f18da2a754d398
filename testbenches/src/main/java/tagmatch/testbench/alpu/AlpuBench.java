package tagmatch.testbench.alpu;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Random;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.AlpuScoreboard;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.alpu.model.PortSample;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;

/**
 * Drives an {@link AlpuPins} with directed or random traffic under random backpressure, monitors
 * every port every cycle and feeds the samples to an {@link AlpuScoreboard}, which throws
 * {@link tagmatch.alpu.model.AlpuViolation} at the first deviation from the datasheet.
 *
 * <p>Offered items keep their valid until taken (the bench never withdraws an offer), gaps between
 * offers and {@code rsp_ready} low stretches are random, and the two input streams are offered
 * independently so the unit's interleaving freedom (R1) is exercised.
 */
public final class AlpuBench {
    private final AlpuPins pins;
    private final AlpuConfig config;
    private final AlpuScoreboard scoreboard;
    private final TrafficMix mix;
    private final Random random;
    private final AlpuTraffic traffic;
    private final Deque<Request> requests = new ArrayDeque<>();
    private final Deque<Command> commands = new ArrayDeque<>();

    private boolean offeringReq;
    private boolean offeringCmd;
    private int readyLow;
    private int rstLeft;
    private long cycle;
    private long accReq;
    private long accCmd;
    private long successes;
    private long failures;
    private long acks;
    private long rstPulses;

    public AlpuBench(AlpuPins pins, TrafficMix mix, long seed) {
        this.pins = Objects.requireNonNull(pins, "pins");
        this.config = pins.config();
        this.mix = Objects.requireNonNull(mix, "mix");
        this.random = new Random(seed);
        this.scoreboard = new AlpuScoreboard(config, pins.r9Bound());
        this.traffic = new AlpuTraffic(config, mix, new Random(seed * 31 + 7), pins.r9Bound());
    }

    public AlpuScoreboard scoreboard() {
        return scoreboard;
    }

    /** Queues a directed match request (offered after those already queued). */
    public AlpuBench request(Request r) {
        requests.addLast(Objects.requireNonNull(r));
        return this;
    }

    /** Queues a directed command (offered after those already queued). */
    public AlpuBench command(Command c) {
        commands.addLast(Objects.requireNonNull(c));
        return this;
    }

    /** Holds {@code rst} high for the next {@code n} cycles. */
    public AlpuBench pulseRst(int n) {
        rstLeft = n;
        return this;
    }

    /** Runs {@code n} cycles of random traffic on top of anything queued. */
    /** Whether the accepted commands have left the unit in insert mode (the datasheet's rules 7 and 8). */
    private boolean unitInsertMode;

    private static boolean afterCommand(boolean insertMode, tagmatch.alpu.model.Op op) {
        switch (op) {
            case START_INSERT: return true;
            case STOP_INSERT: case RESET: return false;
            default: return insertMode;
        }
    }

    /** Requests and commands a soak may have accepted or on offer; unlimited outside {@link #soak}. */
    private long offerBudget = Long.MAX_VALUE;

    public AlpuBench random(long n) {
        for (long i = 0; i < n; i++) cycle(false);
        return this;
    }

    /**
     * A soak: random traffic until exactly {@code transfers} requests and commands have been
     * accepted (no new offer starts once that many are accepted or on offer), draining (with an
     * idle status check) every {@code drainEvery} cycles and at the end; {@code progress}
     * receives the transfers so far after each drain (for a progress bar). The final drain may
     * add the commands that close an open insert session; {@link BenchResult} counts them.
     */
    public BenchResult soak(long transfers, long drainEvery, java.util.function.LongConsumer progress) {
        if (transfers < 1) throw new IllegalArgumentException("transfers must be >= 1, got " + transfers);
        if (drainEvery < 1) throw new IllegalArgumentException("drainEvery must be >= 1, got " + drainEvery);
        Objects.requireNonNull(progress, "progress");
        offerBudget = transfers;
        try {
            while (accReq + accCmd < transfers) {
                for (long c = 0; c < drainEvery && accReq + accCmd < transfers; c++) cycle(false);
                if (accReq + accCmd >= transfers) dropUnoffered();
                drain();
                progress.accept(accReq + accCmd);
            }
        } finally {
            offerBudget = Long.MAX_VALUE;
        }
        return result();
    }

    /**
     * Stops new traffic, closes any open insert session, and runs until everything is answered
     * and the scoreboard has checked the idle unit's status outputs.
     */
    public AlpuBench drain() {
        long checks = scoreboard.idleChecks();
        long limit = 1000L * pins.r9Bound() + 100_000;
        for (long i = 0; ; i++) {
            if (i > limit) {
                throw new AssertionError("bench: " + pins.describe() + " did not go idle within " + limit + " cycles ("
                        + scoreboard.outstandingRequests() + " requests outstanding, " + requests.size() + "/"
                        + commands.size() + " requests/commands not yet offered)");
            }
            cycle(true);
            boolean quiet = requests.isEmpty() && commands.isEmpty() && !traffic.waitingForAck()
                    && scoreboard.outstandingRequests() == 0;
            if (quiet && scoreboard.idleChecks() > checks) return this;
        }
    }

    public BenchResult result() {
        return new BenchResult(cycle, accReq, accCmd, successes, failures, acks, traffic.badCommands,
                traffic.overInserts, traffic.resets, rstPulses, scoreboard.answeredInInsertMode(),
                scoreboard.answeredAfterHold(), scoreboard.idleChecks(), scoreboard.maxHypotheses());
    }

    /**
     * At the end of a soak's budget: what is queued but not on offer is dropped, except the
     * STOP_INSERT that closes a session the unit is in (the only transfer beyond the budget).
     */
    private void dropUnoffered() {
        Request head = offeringReq ? requests.peekFirst() : null;
        requests.clear();
        if (head != null) requests.addFirst(head);
        Command offered = offeringCmd ? commands.pollFirst() : null;
        // The unit is left in insert mode if it is in it now, or the command on offer opens it: then one STOP_INSERT closes it.
        boolean closes = offered != null ? afterCommand(unitInsertMode, offered.op()) : unitInsertMode;
        // A dropped START_INSERT will never be acknowledged: the session that waits for it ends here.
        if (commands.stream().anyMatch(c -> c.op() == tagmatch.alpu.model.Op.START_INSERT)) traffic.abandonQueuedSession();
        commands.clear();
        if (offered != null) commands.addFirst(offered);
        if (closes) commands.addLast(Command.STOP_INSERT);
    }

    private boolean underBudget(boolean draining) {
        return draining || accReq + accCmd + (offeringReq ? 1 : 0) + (offeringCmd ? 1 : 0) < offerBudget;
    }

    private void cycle(boolean draining) {
        boolean rst = rstLeft > 0;
        if (rst) {
            rstLeft--;
        } else if (!draining && random.nextDouble() < mix.rstRate()) {
            rst = true;
            rstLeft = random.nextInt(3);
        }
        if (rst) {
            rstPulses += rstLeft == 0 ? 1 : 0;
            requests.clear();
            commands.clear();
            offeringReq = false;
            offeringCmd = false;
            unitInsertMode = false;
            traffic.onRst();
        } else {
            traffic.topUp(requests, commands, scoreboard.outstandingRequests() > 0, draining);
        }
        // Valid may not be withdrawn once raised, so the budget gates only the start of an offer.
        if (!offeringReq && !requests.isEmpty() && !traffic.requestsPaused() && underBudget(draining)) {
            offeringReq = random.nextDouble() < mix.offerRate();
        }
        if (!offeringCmd && !commands.isEmpty() && underBudget(draining)) {
            offeringCmd = random.nextDouble() < mix.offerRate();
        }
        boolean ready;
        if (readyLow > 0) {
            readyLow--;
            ready = false;
        } else if (random.nextDouble() < mix.readyLowRate()) {
            readyLow = random.nextInt(mix.maxReadyLow());
            ready = false;
        } else {
            ready = true;
        }
        Request r = offeringReq ? requests.peekFirst() : null;
        Command c = offeringCmd ? commands.peekFirst() : null;
        PortInputs in = PortInputs.offering(rst, r, c, ready);
        pins.drive(in);
        PortOutputs out = pins.sample();
        PortSample s = out.sample(cycle, in);
        scoreboard.observe(s);
        if (s.reqFire()) {
            requests.removeFirst();
            offeringReq = false;
            accReq++;
        }
        if (s.cmdFire()) {
            unitInsertMode = afterCommand(unitInsertMode, commands.peekFirst().op());
            traffic.onAccepted(commands.removeFirst());
            offeringCmd = false;
            accCmd++;
        }
        if (s.rspFire()) {
            Kind k = Kind.ofCode(s.rspKind());
            Response rsp = new Response(k, s.rspTag(), s.rspFree());
            if (k == Kind.MATCH_SUCCESS) successes++;
            else if (k == Kind.MATCH_FAILURE) failures++;
            else acks++;
            boolean quiet = requests.isEmpty() && !offeringReq && scoreboard.outstandingRequests() == 0;
            traffic.onResponse(rsp, commands, quiet);
        }
        if (ready) traffic.onReadyCycle();
        pins.tick();
        cycle++;
    }
}
