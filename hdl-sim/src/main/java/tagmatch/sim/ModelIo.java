package tagmatch.sim;

import java.math.BigInteger;

/**
 * The ports of one external-module instance as its {@link BehaviouralModel} sees them: the
 * inputs' current values, and the outputs to set. Values are unsigned bit patterns of the port's
 * width; a port wider than 64 bits is read and set as a {@link BigInteger}.
 */
public interface ModelIo {
    /** The value of an input of up to 64 bits. */
    long get(String input);

    /** The value of an input of any width. */
    BigInteger getWide(String input);

    /** Sets an output of up to 64 bits; the value must fit its width. */
    void set(String output, long value);

    /** Sets an output of any width; the value must fit its width. */
    void set(String output, BigInteger value);
}
