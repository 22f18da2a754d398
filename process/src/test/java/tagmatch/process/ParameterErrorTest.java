package tagmatch.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ParameterErrorTest {
    private enum Knob {
        THREADS;

        @Override
        public String toString() {
            return "threads";
        }
    }

    @Test
    void theMessageReadsOnItsOwnAndTheFieldsWordItForAnotherName() {
        ParameterError e = new ParameterError(Knob.THREADS, "must be a power of two in 1..64", 65);
        assertEquals("threads must be a power of two in 1..64, got 65", e.getMessage());
        assertSame(Knob.THREADS, e.parameter());
        assertEquals("must be a power of two in 1..64", e.rule());
        assertEquals("65", e.value());
        assertEquals("--threads-per-core must be a power of two in 1..64, got 65", e.as("--threads-per-core"));
    }

    @Test
    void aCheckMadeAgainWithMoreContextKeepsTheFirstAsItsCause() {
        ParameterError first = new ParameterError(Knob.THREADS, "must be in 1..64", 0);
        ParameterError again = new ParameterError(first.parameter(), first.rule(), first.value() + " (the grid's third)", first);
        assertEquals("threads must be in 1..64, got 0 (the grid's third)", again.getMessage());
        assertSame(first, again.getCause());
    }
}
