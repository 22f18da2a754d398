package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * What the cluster tells a core: {@code run} (low: load the program, reset the threads),
 * {@code freeze} (an exit or an error stopped the cluster), the pc every hart starts at, the id of
 * the core's thread 0, how many harts start, the cycle count {@code mcycle} reads and the store
 * buffer's depth.
 */
public final class CoreControl extends Bundle {
    public final Bool run = field("run", Bool());
    public final Bool freeze = field("freeze", Bool());
    public final UInt bootPc = field("boot_pc", UInt(64));
    public final UInt hartBase;
    public final UInt activeHarts;
    public final UInt cycle = field("cycle", UInt(64));
    /** Entries of each thread's store buffer; 0: a store waits for its write. */
    public final UInt storeBuffer = field("store_buffer", UInt(4));

    public CoreControl(int hartBits) {
        hartBase = field("hart_base", UInt(hartBits));
        activeHarts = field("active_harts", UInt(hartBits + 1));
    }
}
