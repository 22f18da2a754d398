package tagmatch.dpa;

import tagmatch.hdl.core.Bundle;

/** A requester's side of the memory: the request out, the response back in the same cycle. */
public final class MemPort extends Bundle {
    public final MemRequest req;
    public final MemResponse resp = flipped("resp", new MemResponse());

    public MemPort(int hartBits) {
        req = field("req", new MemRequest(hartBits));
    }
}
