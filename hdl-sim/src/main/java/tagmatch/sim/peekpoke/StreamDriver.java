package tagmatch.sim.peekpoke;

import java.util.Random;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.UInt;

/**
 * A valid/ready stream port of the design seen from the testbench (chiseltest's
 * {@code DecoupledDriver}): {@link #enqueue} offers a payload and waits until the design takes
 * it, {@link #expectDequeue} waits for a payload and checks it, each with a timeout in cycles and,
 * for a design's output, optional back-pressure. The ports are {@code <name>_valid},
 * {@code <name>_ready} and {@code <name>_bits} (a bundle payload flattened as
 * {@code <name>_bits_<field>}), as {@code Stream<T>} ports are emitted. Works on every backend,
 * inside {@link Testbench#run} threads or alone.
 *
 * <pre>{@code
 * StreamDriver<Request> in = StreamDriver.of(tb, "in", new Request());
 * StreamDriver<UInt> out = StreamDriver.of(tb, "out", UInt(8)).backPressure(new Random(1), 0.3);
 * tb.run(() -> {
 *     tb.fork("send", () -> in.enqueue(Map.of("tag", 5, "wild", 0)));
 *     out.expectDequeue(5L);
 * });
 * }</pre>
 */
public final class StreamDriver<T extends Data> {
    private final Testbench tb;
    private final String name;
    private final Handle<UInt> valid;
    private final Handle<UInt> ready;
    private final Handle<T> bits;
    private long timeout = 1000;
    private Random stall;
    private double stallProbability;

    private StreamDriver(Testbench tb, String name, T payload) {
        this.tb = tb;
        this.name = name;
        this.valid = tb.port(name + "_valid");
        this.ready = tb.port(name + "_ready");
        this.bits = tb.port(name + "_bits", payload);
    }

    /** The stream {@code name} of the design, its payload of {@code payload}'s type. */
    public static <T extends Data> StreamDriver<T> of(Testbench tb, String name, T payload) {
        return new StreamDriver<>(tb, name, payload);
    }

    /** The most cycles an enqueue or a dequeue may wait (default 1000). */
    public StreamDriver<T> timeout(long cycles) {
        if (cycles < 1) throw new IllegalArgumentException("stream " + name + ": timeout must be >= 1 cycle, got " + cycles);
        timeout = cycles;
        return this;
    }

    /** On a design's output: hold ready low in a cycle with probability {@code p}, drawn from {@code random}. */
    public StreamDriver<T> backPressure(Random random, double p) {
        if (!(p >= 0 && p < 1)) throw new IllegalArgumentException("stream " + name + ": back-pressure must be in [0, 1), got " + p);
        stall = random;
        stallProbability = p;
        return this;
    }

    /** Offers {@code payload} (a number, record, map or list, as {@link Testbench#poke}) until the design takes it at an edge. */
    public void enqueue(Object payload) {
        tb.poke(bits, payload);
        tb.poke(valid, 1L);
        for (long waited = 0; ; waited++) {
            if (waited >= timeout) {
                tb.poke(valid, 0L);
                throw new AssertionError("cycle " + tb.cycle() + ": stream " + name + " did not take " + payload + " within "
                        + timeout + " cycles (ready stayed low)");
            }
            boolean taken = tb.peekLong(ready) == 1;
            tb.step();
            if (taken) break;
        }
        tb.poke(valid, 0L);
    }

    /** Waits for the design to offer a payload, takes it at an edge, and returns it (as {@link Testbench#peek}). */
    public Object dequeue() {
        for (long waited = 0; ; waited++) {
            if (waited >= timeout) {
                tb.poke(ready, 0L);
                throw new AssertionError("cycle " + tb.cycle() + ": stream " + name + " offered nothing within " + timeout + " cycles");
            }
            boolean take = stall == null || stall.nextDouble() >= stallProbability;
            tb.poke(ready, take ? 1L : 0L);
            if (take && tb.peekLong(valid) == 1) {
                Object got = tb.peek(bits);
                tb.step();
                tb.poke(ready, 0L);
                return got;
            }
            tb.step();
        }
    }

    /** {@link #dequeue} and check the payload against {@code expected} (a map checks only the fields it names). */
    public void expectDequeue(Object expected) {
        for (long waited = 0; ; waited++) {
            if (waited >= timeout) {
                tb.poke(ready, 0L);
                throw new AssertionError("cycle " + tb.cycle() + ": stream " + name + " offered nothing within " + timeout
                        + " cycles, expected " + expected);
            }
            boolean take = stall == null || stall.nextDouble() >= stallProbability;
            tb.poke(ready, take ? 1L : 0L);
            if (take && tb.peekLong(valid) == 1) {
                tb.expect(bits, expected, "dequeued from stream " + name);
                tb.step();
                tb.poke(ready, 0L);
                return;
            }
            tb.step();
        }
    }
}
