package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * A hart stopping on an error: its {@code mcause} code ({@link Rv64#ILLEGAL} ...), pc, the
 * instruction as fetched (a compressed one in the low half) and the hart.
 */
public final class ErrorReport extends Bundle {
    public final Bool valid = field("valid", Bool());
    public final UInt cause = field("cause", UInt(4));
    public final UInt pc = field("pc", UInt(64));
    public final UInt inst = field("inst", UInt(32));
    public final UInt hart;

    public ErrorReport(int hartBits) {
        hart = field("hart", UInt(hartBits));
    }
}
