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

    private enum Component implements ParameterError.Field {
        RAM_MIB, L1I_SETS;

        @Override
        public String parameterName() {
            return this == L1I_SETS ? "L1i sets" : ParameterError.Field.super.parameterName();
        }
    }

    @Test
    void aRecordComponentIsNamedInLowerCamelCaseUnlessItSaysOtherwise() {
        assertEquals("ramMib must be in 1..4096, got 0", new ParameterError(Component.RAM_MIB, "must be in 1..4096", 0).getMessage());
        assertEquals("L1i sets must be a power of two, got 3", new ParameterError(Component.L1I_SETS, "must be a power of two", 3).getMessage());
    }

    @Test
    void aCheckMadeAgainWithMoreContextKeepsTheFirstAsItsCause() {
        ParameterError first = new ParameterError(Knob.THREADS, "must be in 1..64", 0);
        ParameterError again = new ParameterError(first.parameter(), first.rule(), first.value() + " (the grid's third)", first);
        assertEquals("threads must be in 1..64, got 0 (the grid's third)", again.getMessage());
        assertSame(first, again.getCause());
    }
}
