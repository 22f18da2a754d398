package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Data;

/**
 * A valid/ready channel carrying {@code bits}: a transfer happens in a cycle where both
 * {@code valid} and {@code ready} are 1. As an {@code output} the producer drives valid and
 * bits and reads ready; as an {@code input} the roles flip.
 *
 * <pre>{@code
 * Stream<UInt> enq = input(new Stream<>(UInt(8)));   // enq_valid, enq_bits in; enq_ready out
 * Bool fire = enq.fire();
 * }</pre>
 */
public final class Stream<T extends Data> extends Bundle {
    public final Bool valid = field("valid", new Bool());
    public final Bool ready = flipped("ready", new Bool());
    public final T bits;

    public Stream(T bits) {
        this.bits = field("bits", bits);
    }

    /** 1 in a cycle where a transfer happens; named after the stream ({@code in_fire}), made once per module. */
    public Bool fire() {
        return derived("fire", () -> valid.and(ready));
    }
}
