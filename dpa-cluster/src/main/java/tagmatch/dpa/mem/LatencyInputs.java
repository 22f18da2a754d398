package tagmatch.dpa.mem;

import tagmatch.dpa.MemResponse;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * The cluster's memory costs as run-time inputs, so a run changes them without a rebuild:
 * {@code caches} low is the flat model (every load, store and atomic waits {@code flat} cycles and
 * fetch is free), high is the hierarchy with the {@link MemLatencies} in the other fields.
 */
public final class LatencyInputs extends Bundle {
    public final Bool caches = field("caches", Bool());
    public final UInt flat = field("flat", UInt(8));
    public final UInt l1 = field("l1", UInt(MemResponse.WAIT_BITS));
    public final UInt l2 = field("l2", UInt(MemResponse.WAIT_BITS));
    public final UInt l3 = field("l3", UInt(MemResponse.WAIT_BITS));
    public final UInt dram = field("dram", UInt(MemResponse.WAIT_BITS));
    public final UInt host = field("host", UInt(MemResponse.WAIT_BITS));
    public final UInt atomic = field("atomic", UInt(MemResponse.WAIT_BITS));
    /** The NIC's RDMA read: the cycles from its work request to the first word of the sender's memory. */
    public final UInt wire = field("wire", UInt(MemResponse.WAIT_BITS));
    /** Entries of each thread's store buffer (0: a store waits for its write); with the flat model, none. */
    public final UInt storeBuffer = field("store_buffer", UInt(4));
    /** The L1D's write policy: high, a store that hits its core's L1D costs an L1 hit (write-back); low, every store writes through. */
    public final Bool writeBack = field("write_back", Bool());
}
