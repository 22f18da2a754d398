package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Data;

/**
 * Data of any type qualified by a valid bit, without backpressure (Chisel's {@code Valid}).
 *
 * <pre>{@code
 * Valid<UInt> in = input(new Valid<>(UInt(8)));          // in_valid, in_bits
 * Valid<Request> r = wire(new Valid<>(new Request()));   // r_valid, r_bits_tag, r_bits_wild
 * }</pre>
 */
public final class Valid<T extends Data> extends Bundle {
    public final Bool valid = field("valid", new Bool());
    public final T bits;

    public Valid(T bits) {
        this.bits = field("bits", bits);
    }
}
