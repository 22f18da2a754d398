package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/** A core's retirement in one cycle, as hardware: the {@link Retirement} the runner's trace reads back. */
public final class RetireReport extends Bundle {
    public final Bool valid = field("valid", Bool());
    public final UInt hart;
    public final UInt pc = field("pc", UInt(64));
    /** The register written, 0 when none. */
    public final UInt rd = field("rd", UInt(5));
    public final UInt value = field("value", UInt(64));

    public RetireReport(int hartBits) {
        hart = field("hart", UInt(hartBits));
    }
}
