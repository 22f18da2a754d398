package tagmatch.alpu.model;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * A cycle-accurate ALPU in Java: the datasheet's ports, request/command/response FIFOs of the
 * configured depths, and one processing engine that takes {@link CycleTiming#matchCycles()} per
 * match and {@link CycleTiming#commandCycles()} per command, choosing pseudo-randomly (seeded)
 * between the two input streams when both have work. It stands in for the generated RTL so the
 * benches, the scoreboard and the NIC driver run without it, and it deliberately uses the
 * interleaving freedom of R1 so that the scoreboard is exercised against it.
 *
 * <p>Protocol per cycle: read {@link #outputs()} (they do not depend on this cycle's inputs),
 * then {@link #tick(PortInputs)} applies the rising edge.
 *
 * <p>The protected hooks exist so that tests can build deliberately broken units (mutants).
 */
public class CycleAlpu {
    private final AlpuConfig config;
    private final CycleTiming timing;
    private final AlpuBehaviour behaviour;
    private final Random random;
    private final BigInteger matchMask;

    private final ArrayDeque<Request> reqFifo = new ArrayDeque<>();
    private final ArrayDeque<Command> cmdFifo = new ArrayDeque<>();
    private final ArrayDeque<Response> rspFifo = new ArrayDeque<>();

    /** The step in progress: a request or a command, with cycles left. */
    private Request busyRequest;
    private Command busyCommand;
    private int busyLeft;
    /** A request held by R4, retried after each command. */
    private Request held;
    private boolean retryHeld;
    private int runRequests;
    private int runCommands;
    private long cycle;

    public CycleAlpu(AlpuConfig config, CycleTiming timing, AlpuBehaviour behaviour, long seed) {
        this.config = Objects.requireNonNull(config, "config");
        this.timing = Objects.requireNonNull(timing, "timing");
        this.behaviour = Objects.requireNonNull(behaviour, "behaviour");
        this.random = new Random(seed);
        this.matchMask = BigInteger.ONE.shiftLeft(config.matchWidth()).subtract(BigInteger.ONE);
    }

    /** The datasheet's unit: {@link AlpuModel} behind the FIFOs. */
    public CycleAlpu(AlpuConfig config, CycleTiming timing, long seed) {
        this(config, timing, new AlpuModel(config), seed);
    }

    public AlpuConfig config() {
        return config;
    }

    /** Cycles ticked so far. */
    public long cycle() {
        return cycle;
    }

    /**
     * The R9 bound of this unit, in cycles with {@code rsp_ready} high: a command may wait for a
     * full command FIFO ahead of it, each preceded by at most {@code maxRun} matches, each step
     * possibly delayed one cycle by a full response FIFO, and its START_ACK may wait behind a full
     * response FIFO.
     */
    public int r9Bound() {
        int step = Math.max(timing.matchCycles(), timing.commandCycles()) + 2;
        int depth = Math.max(config.cmdFifoDepth(), config.reqFifoDepth()) + 2;
        return depth * (timing.maxRun() + 1) * step + config.rspFifoDepth() + 2;
    }

    /** Outputs of the current cycle; they do not depend on the inputs of this cycle. */
    public PortOutputs outputs() {
        Response head = rspFifo.peekFirst();
        PortOutputs o = new PortOutputs(reqFifo.size() < config.reqFifoDepth(), cmdFifo.size() < config.cmdFifoDepth(),
                head != null, head == null ? 0 : head.kind().code, head == null ? 0 : head.tag(),
                head == null ? 0 : head.free(), behaviour.occupancy(), behaviour.insertMode(), behaviour.error());
        return present(o, cycle);
    }

    /** The rising edge with these inputs. */
    public void tick(PortInputs in) {
        PortOutputs out = outputs();
        cycle++;
        if (in.rst()) {
            reqFifo.clear();
            cmdFifo.clear();
            rspFifo.clear();
            busyRequest = null;
            busyCommand = null;
            held = null;
            retryHeld = false;
            runRequests = 0;
            runCommands = 0;
            behaviour.reset();
            return;
        }
        if (out.rspValid() && in.rspReady()) rspFifo.removeFirst();
        advanceEngine();
        if (in.reqValid() && out.reqReady()) {
            BigInteger mask = config.variant() == Variant.UMQ ? in.reqMask().and(matchMask) : BigInteger.ZERO;
            reqFifo.addLast(new Request(in.reqMatch().and(matchMask), mask));
        }
        if (in.cmdValid() && out.cmdReady()) {
            BigInteger mask = config.variant() == Variant.PRQ ? in.cmdMask().and(matchMask) : BigInteger.ZERO;
            cmdFifo.addLast(new Command(Op.ofCode(in.cmdOp()), in.cmdMatch().and(matchMask), mask,
                    in.cmdTag() & ((1L << config.tagWidth()) - 1)));
        }
    }

    private void advanceEngine() {
        if (busyRequest == null && busyCommand == null) start();
        if (busyRequest == null && busyCommand == null) return;
        if (busyLeft > 1) {
            busyLeft--;
            return;
        }
        // Completing a step may produce a response: wait for room rather than drop it (R2).
        if (rspFifo.size() >= config.rspFifoDepth()) return;
        if (busyCommand != null) {
            Optional<Response> r = behaviour.command(busyCommand);
            r.ifPresent(this::push);
            busyCommand = null;
            if (held != null) retryHeld = true;
        } else {
            Optional<Response> r = behaviour.match(busyRequest);
            if (r.isPresent()) {
                push(r.get());
                held = null;
            } else {
                held = busyRequest;
            }
            retryHeld = false;
            busyRequest = null;
        }
    }

    private void start() {
        boolean cmd = !cmdFifo.isEmpty();
        boolean req = held != null ? retryHeld : !reqFifo.isEmpty();
        if (!cmd && !req) return;
        boolean takeCommand;
        if (cmd && req) {
            if (runRequests >= timing.maxRun()) takeCommand = true;
            else if (runCommands >= timing.maxRun()) takeCommand = false;
            else takeCommand = random.nextDouble() < timing.commandBias();
        } else {
            takeCommand = cmd;
        }
        if (takeCommand) {
            busyCommand = cmdFifo.removeFirst();
            busyLeft = timing.commandCycles();
            runCommands++;
            runRequests = 0;
        } else {
            busyRequest = held != null ? held : reqFifo.removeFirst();
            busyLeft = timing.matchCycles();
            runRequests++;
            runCommands = 0;
        }
    }

    private void push(Response r) {
        if (emit(r)) rspFifo.addLast(r);
    }

    /** Mutant hook: whether a produced response reaches the response FIFO (always, for a correct unit). */
    protected boolean emit(Response r) {
        return true;
    }

    /** Mutant hook: what the pins show in a cycle (the true outputs, for a correct unit). */
    protected PortOutputs present(PortOutputs o, long cycle) {
        return o;
    }
}
