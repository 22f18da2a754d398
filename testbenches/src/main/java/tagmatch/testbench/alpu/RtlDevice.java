package tagmatch.testbench.alpu;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;
import tagmatch.alpu.nic.AlpuDevice;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Random;

/**
 * The NIC driver's view of an ALPU ({@link AlpuDevice}) over cycle-level pins, normally
 * {@link RtlPins} (the generated Verilog under Verilator): submitted requests and commands wait in
 * software queues and are offered on {@code req_*}/{@code cmd_*} as the unit accepts them;
 * {@link #awaitResponse()} clocks the unit until a response is taken, with {@code rsp_ready}
 * randomly low a quarter of the time so the driver also sees the unit's backpressure.
 */
public final class RtlDevice implements AlpuDevice {
    private final AlpuPins pins;
    private final Random random;
    private final ArrayDeque<Request> requests = new ArrayDeque<>();
    private final ArrayDeque<Command> commands = new ArrayDeque<>();
    private final long quietLimit;

    public RtlDevice(AlpuPins pins, long seed) {
        this.pins = Objects.requireNonNull(pins, "pins");
        this.random = new Random(seed);
        this.quietLimit = 4L * pins.r9Bound() + 100;
    }

    @Override
    public AlpuConfig config() {
        return pins.config();
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
        long quiet = 0;
        while (true) {
            Request r = requests.peekFirst();
            Command c = commands.peekFirst();
            boolean ready = random.nextInt(4) != 0;
            PortInputs in = new PortInputs(false,
                    r != null, r == null ? BigInteger.ZERO : r.match(), r == null ? BigInteger.ZERO : r.mask(),
                    c != null, c == null ? 0 : c.op().code, c == null ? BigInteger.ZERO : c.match(),
                    c == null ? BigInteger.ZERO : c.mask(), c == null ? 0 : c.tag(), ready);
            pins.drive(in);
            PortOutputs o = pins.sample();
            pins.tick();
            if (r != null && o.reqReady()) requests.removeFirst();
            if (c != null && o.cmdReady()) commands.removeFirst();
            if (o.rspValid() && ready) {
                Kind k = Kind.ofCode(o.rspKind());
                if (k == Kind.MATCH_SUCCESS) return Response.success(o.rspTag());
                if (k == Kind.START_ACK) return Response.startAck(o.rspFree());
                return Response.FAILURE;
            }
            boolean progress = (r != null && o.reqReady()) || (c != null && o.cmdReady()) || o.rspValid();
            quiet = progress ? 0 : quiet + 1;
            if (quiet > quietLimit) {
                throw new IllegalStateException(pins.describe() + ": no response can come (no transfer and no response for "
                        + quietLimit + " cycles; a request may be held in insert mode with no STOP_INSERT on its way)");
            }
        }
    }
}
