package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.Enum;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * A memory access as it leaves a core's execute stage: answered in the same cycle by a
 * {@link MemResponse}. {@code size} is log2 of the bytes (0..3), {@code amo} the AMO's funct5
 * ({@link Rv64#AMOADD} ...), {@code data} the value stored or the AMO's operand.
 */
public final class MemRequest extends Bundle {
    public final Bool valid = field("valid", Bool());
    public final UInt addr = field("addr", UInt(64));
    public final HwEnum<MemOp> op = field("op", Enum(MemOp.class));
    public final UInt size = field("size", UInt(2));
    public final Bool unsigned = field("unsigned", Bool());
    public final UInt amo = field("amo", UInt(5));
    public final UInt data = field("data", UInt(64));
    /** The requesting hart, whose LR reservation an LR or SC sets or uses. */
    public final UInt hart;

    public MemRequest(int hartBits) {
        hart = field("hart", UInt(hartBits));
    }
}
