package tagmatch.testbench.alpu;

import java.math.BigInteger;
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
    public AlpuBench random(long n) {
        for (long i = 0; i < n; i++) cycle(false);
        return this;
    }

    /**
     * A soak: random traffic until {@code transfers} requests and commands have been accepted,
     * draining (with an idle status check) every {@code drainEvery} cycles and at the end;
     * {@code progress} receives the transfers so far after each drain (for a progress bar).
     */
    public BenchResult soak(long transfers, long drainEvery, java.util.function.LongConsumer progress) {
        if (transfers < 1) throw new IllegalArgumentException("transfers must be >= 1, got " + transfers);
        if (drainEvery < 1) throw new IllegalArgumentException("drainEvery must be >= 1, got " + drainEvery);
        Objects.requireNonNull(progress, "progress");
        while (accReq + accCmd < transfers) {
            random(drainEvery).drain();
            progress.accept(accReq + accCmd);
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
            traffic.onRst();
        } else {
            traffic.topUp(requests, commands, scoreboard.outstandingRequests() > 0, draining);
        }
        if (!offeringReq && !requests.isEmpty() && !traffic.requestsPaused()) {
            offeringReq = random.nextDouble() < mix.offerRate();
        }
        if (!offeringCmd && !commands.isEmpty()) offeringCmd = random.nextDouble() < mix.offerRate();
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
        PortInputs in = new PortInputs(rst,
                r != null, r != null ? r.match() : BigInteger.ZERO, r != null ? r.mask() : BigInteger.ZERO,
                c != null, c != null ? c.op().code : 0, c != null ? c.match() : BigInteger.ZERO,
                c != null ? c.mask() : BigInteger.ZERO, c != null ? c.tag() : 0, ready);
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
