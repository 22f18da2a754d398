package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Data;

/** Data qualified by a valid bit, without backpressure: {@code new Valid<>(UInt(8))}. */
public final class Valid<T extends Data> extends Bundle {
    public final Bool valid = field("valid", new Bool());
    public final T bits;

    public Valid(T bits) {
        this.bits = field("bits", bits);
    }
}
