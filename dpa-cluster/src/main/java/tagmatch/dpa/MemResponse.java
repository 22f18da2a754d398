package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * The answer to a {@link MemRequest} in its own cycle: {@code grant} (else the access lost its
 * arbitration and the instruction replays), {@code fault} (no memory at the address), the value
 * read, and {@code wait}: the cycles its thread then stays not ready, which is what the access
 * costs (a flat latency, or what the cache hierarchy says).
 */
public final class MemResponse extends Bundle {
    /** Bits of {@code wait}: up to 4095 cycles, room for a host access over PCIe at a few GHz. */
    public static final int WAIT_BITS = 12;

    public final Bool grant = field("grant", Bool());
    public final Bool fault = field("fault", Bool());
    public final UInt data = field("data", UInt(64));
    public final UInt wait = field("wait", UInt(WAIT_BITS));
}
