package tagmatch.testbench.alpu;

import java.util.ArrayDeque;
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
import tagmatch.alpu.nic.AlpuDevice;

/**
 * The NIC's view of an ALPU ({@link AlpuDevice}) over its pins: submitted requests and commands
 * are offered on the valid/ready channels, the clock runs while a response is awaited (with
 * random {@code rsp_ready} backpressure if asked), and every cycle is checked by an
 * {@link AlpuScoreboard}, so a NIC run over RTL proves the unit and the driver together.
 */
public final class PinsDevice implements AlpuDevice {
    private final AlpuPins pins;
    private final AlpuScoreboard scoreboard;
    private final Random random;
    private final double readyLowRate;
    private final ArrayDeque<Request> requests = new ArrayDeque<>();
    private final ArrayDeque<Command> commands = new ArrayDeque<>();
    private final ArrayDeque<Response> responses = new ArrayDeque<>();
    private long cycle;

    /**
     * @param readyLowRate probability per cycle that {@code rsp_ready} is low (0 = always ready)
     */
    public PinsDevice(AlpuPins pins, long seed, double readyLowRate) {
        this.pins = Objects.requireNonNull(pins, "pins");
        this.scoreboard = new AlpuScoreboard(pins.config(), pins.r9Bound());
        this.random = new Random(seed);
        if (!(readyLowRate >= 0 && readyLowRate < 1)) {
            throw new IllegalArgumentException("readyLowRate must be in 0..1 (exclusive of 1), got " + readyLowRate);
        }
        this.readyLowRate = readyLowRate;
    }

    @Override
    public AlpuConfig config() {
        return pins.config();
    }

    /** Clock cycles run so far. */
    public long cycles() {
        return cycle;
    }

    /**
     * Runs the clock until every submitted request and command has been accepted, then
     * {@code extra} cycles more, so that a measurement that follows starts on an idle unit.
     */
    public void settle(int extra) {
        long limit = patience();
        for (long waited = 0; !requests.isEmpty() || !commands.isEmpty(); waited++) {
            if (waited > limit) throw new IllegalStateException(pins.describe() + ": inputs not accepted within " + limit + " cycles");
            cycle();
        }
        for (int i = 0; i < extra; i++) cycle();
    }

    /** Cycles to wait for the unit before calling it stuck: far beyond its documented R9 bound. */
    private long patience() {
        return 50L * pins.r9Bound() + 1000;
    }

    public AlpuScoreboard scoreboard() {
        return scoreboard;
    }

    @Override
    public void submit(Request r) {
        requests.addLast(Objects.requireNonNull(r, "request"));
    }

    @Override
    public void submit(Command c) {
        commands.addLast(Objects.requireNonNull(c, "command"));
    }

    @Override
    public Response awaitResponse() {
        long limit = patience();
        for (long waited = 0; responses.isEmpty(); waited++) {
            if (waited > limit) {
                throw new IllegalStateException(pins.describe() + ": no response within " + limit + " cycles ("
                        + requests.size() + " requests and " + commands.size() + " commands not yet accepted, "
                        + scoreboard.outstandingRequests() + " requests outstanding)");
            }
            cycle();
        }
        return responses.removeFirst();
    }

    private void cycle() {
        Request r = requests.peekFirst();
        Command c = commands.peekFirst();
        boolean ready = random.nextDouble() >= readyLowRate;
        PortInputs in = PortInputs.offering(false, r, c, ready);
        pins.drive(in);
        PortOutputs out = pins.sample();
        PortSample s = out.sample(cycle, in);
        scoreboard.observe(s);
        if (s.reqFire()) requests.removeFirst();
        if (s.cmdFire()) commands.removeFirst();
        if (s.rspFire()) responses.addLast(new Response(Kind.ofCode(s.rspKind()), s.rspTag(), s.rspFree()));
        pins.tick();
        cycle++;
    }
}
