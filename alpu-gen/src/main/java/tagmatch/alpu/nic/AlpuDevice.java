package tagmatch.alpu.nic;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;

/**
 * An ALPU as the NIC processor sees it: three FIFOs. Submitting never blocks (the device buffers);
 * {@link #awaitResponse()} returns the next response in the unit's order, running the unit (or
 * its clock) as long as needed, and throws {@link IllegalStateException} if no response can ever
 * come (for instance a request held in insert mode with no STOP_INSERT on its way).
 */
public interface AlpuDevice {
    AlpuConfig config();

    void submit(Request r);

    void submit(Command c);

    Response awaitResponse();
}
