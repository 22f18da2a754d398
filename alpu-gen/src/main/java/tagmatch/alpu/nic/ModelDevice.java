package tagmatch.alpu.nic;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.AlpuModel;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;

/**
 * An {@link AlpuDevice} over the transaction-level {@link AlpuModel}, without cycles. It uses the
 * interleaving freedom of R1 on purpose: whenever both FIFOs hold work it picks pseudo-randomly
 * (seeded) which one the unit processes next, and it retries a request held by R4 after every
 * command, as the seed's state machine does.
 */
public final class ModelDevice implements AlpuDevice {
    private final AlpuModel model;
    private final Random random;
    private final ArrayDeque<Request> requests = new ArrayDeque<>();
    private final ArrayDeque<Command> commands = new ArrayDeque<>();
    private final ArrayDeque<Response> responses = new ArrayDeque<>();
    private boolean headHeld;

    public ModelDevice(AlpuConfig config, long seed) {
        this.model = new AlpuModel(Objects.requireNonNull(config, "config"));
        this.random = new Random(seed);
    }

    @Override
    public AlpuConfig config() {
        return model.config();
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
        while (responses.isEmpty()) {
            boolean canMatch = !requests.isEmpty() && !headHeld;
            boolean canCommand = !commands.isEmpty();
            if (!canMatch && !canCommand) {
                throw new IllegalStateException("ALPU model: no response can come (" + requests.size()
                        + " requests waiting" + (headHeld ? ", the first held in insert mode" : "") + ", no commands)");
            }
            if (canCommand && (!canMatch || random.nextBoolean())) {
                model.command(commands.removeFirst()).ifPresent(responses::addLast);
                headHeld = false;
            } else {
                Optional<Response> r = model.match(requests.peekFirst());
                if (r.isPresent()) {
                    requests.removeFirst();
                    responses.addLast(r.get());
                } else {
                    headHeld = true;
                }
            }
        }
        return responses.removeFirst();
    }

    /** The model behind the device, for tests that inspect its state. */
    AlpuModel model() {
        return model;
    }
}
