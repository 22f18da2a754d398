package tagmatch.sim;

import java.math.BigInteger;

/**
 * The ports of one external-module instance as its {@link BehaviouralModel} sees them: the
 * inputs' current values, and the outputs to set. Values are unsigned bit patterns of the port's
 * width; a port wider than 64 bits is read and set as a {@link BigInteger}. In
 * {@link BehaviouralModel#evaluate} an input may be read only by a call that {@link #evaluates}
 * an output declared to depend on it combinationally (any other read throws: the simulator
 * orders evaluation by those declarations, so the value could be stale); in
 * {@link BehaviouralModel#clockEdge} every input may be read.
 */
public interface ModelIo {
    /**
     * Whether this call of {@code evaluate} computes {@code output}: a simulator may evaluate a
     * model once per group of outputs sharing their combinational inputs, and only that group's
     * inputs are readable. False in {@code clockEdge}.
     */
    boolean evaluates(String output);

    /** The value of an input of up to 64 bits. */
    long get(String input);

    /** The value of an input of any width. */
    BigInteger getWide(String input);

    /** Sets an output of up to 64 bits; the value must fit its width. */
    void set(String output, long value);

    /** Sets an output of any width; the value must fit its width. */
    void set(String output, BigInteger value);
}
