package tagmatch.sim;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;

/**
 * A running instance of one design. Pokes take effect at the next evaluation; a peek shows the
 * settled value for the current inputs and state (clock low). {@link #step(long)} runs full clock
 * cycles (settle, rising edge). Values are unsigned: ports of up to 64 bits as {@code long}, any
 * port as {@link BigInteger}. Not thread-safe; one thread drives one instance.
 */
public interface Simulator extends AutoCloseable {
    /** The design's ports, in handle-index order. */
    List<SimPort> ports();

    /** Resolves a port by name. */
    PortHandle port(String name);

    void poke(PortHandle port, long value);

    void poke(PortHandle port, BigInteger value);

    long peek(PortHandle port);

    BigInteger peekWide(PortHandle port);

    /**
     * Pokes any port from {@link PortHandle#words()} 64-bit words, least significant first, without
     * BigInteger; bits above the port width must be zero.
     */
    void pokeWords(PortHandle port, long[] words);

    /** Peeks any port into {@code words} ({@link PortHandle#words()} longs, least significant first). */
    void peekWords(PortHandle port, long[] words);

    default void poke(String port, long value) { poke(port(port), value); }

    default void poke(String port, BigInteger value) { poke(port(port), value); }

    default long peek(String port) { return peek(port(port)); }

    default BigInteger peekWide(String port) { return peekWide(port(port)); }

    /** Runs {@code n} clock cycles. */
    void step(long n);

    default void step() { step(1); }

    /** Asserts the reset input for {@code cycles} cycles (high, or low for an active-low reset), then releases it. */
    void reset(int cycles);

    default void reset() { reset(1); }

    /** Completed clock cycles since creation. */
    long cycle();

    /** Runs a whole stimulus program in one call. */
    BatchResult run(Stimulus stimulus);

    /**
     * Starts writing a VCD waveform to {@code file}, under the same hierarchical names on every
     * backend (a Verilator model must be built with trace on; the Java backends need nothing).
     */
    void openVcd(Path file);

    /** Finishes and closes the waveform file, if one is open. */
    void closeVcd();

    /**
     * Where the design's {@code printf}s go (default {@code System.out}), on every backend: Verilator's
     * text is taken from the native model after each call that evaluates it, never written to the
     * process's own standard output.
     */
    void printTo(java.io.PrintStream stream);

    /** Which backend this is ("verilator", "compiled", "interpreter"), for messages and benchmark output. */
    String backend();

    @Override
    void close();
}
