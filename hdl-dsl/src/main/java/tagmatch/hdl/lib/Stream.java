package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Vec;

import java.util.List;

/**
 * A valid/ready channel carrying {@code bits}: a transfer happens in a cycle where both
 * {@code valid} and {@code ready} are 1. As an {@code output} the producer drives valid and
 * bits and reads ready; as an {@code input} the roles flip.
 *
 * <p>Streams compose like values inside a module: each operation below reads this stream as a
 * producer (drives its {@code ready}) and returns a new stream to be consumed, so a port's
 * direction is declared once and the rest reads as a pipeline:
 *
 * <pre>{@code
 * Stream<UInt> enq = input(new Stream<>(UInt(8)));   // enq_valid, enq_bits in; enq_ready out
 * Stream<UInt> deq = output(new Stream<>(UInt(8)));
 * deq.connect(enq.skid().pipe());                     // registered ready, then a register stage
 * List<Stream<UInt>> copies = enq.fork(2);            // each copy must take the word
 * Stream<Vec<UInt>> both = Stream.join(copies);       // one word of each, together
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

    /** This stream through a register stage: full throughput, {@code ready} passes through ({@link StreamPipe}). */
    public Stream<T> pipe() {
        return StreamPipe.of(this);
    }

    /** This stream through a skid buffer: full throughput, registered {@code ready} and outputs ({@link SkidBuffer}). */
    public Stream<T> skid() {
        return SkidBuffer.of(this);
    }

    /** {@code n} copies of this stream; a word leaves here once every copy has taken it ({@link StreamFork}). */
    public List<Stream<T>> fork(int n) {
        return StreamFork.of(this, n);
    }

    /** One stream of the words of {@code streams} taken together, element i from stream i ({@link StreamJoin}). */
    public static <T extends Data> Stream<Vec<T>> join(List<Stream<T>> streams) {
        return StreamJoin.of(streams);
    }
}
