package tagmatch.sim.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.BiConsumer;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;

/**
 * A circuit on the compiled backend beside the interpreter, which evaluates everything every
 * cycle: the same inputs into both, every named output compared after each settle.
 */
final class AgainstInterpreter {
    private AgainstInterpreter() {}

    /** Chooses a cycle's inputs: pokes both simulators through {@code poke}; {@code reference} tells widths and current values. */
    interface Driver {
        void drive(Random r, Simulator reference, BiConsumer<String, BigInteger> poke);
    }

    /** Runs {@code cycles} cycles from reset ({@code reset}) or from all zero, inputs from {@code driver} with {@code seed}. */
    static void run(Circuit circuit, boolean reset, int cycles, long seed, String[] outputs, Driver driver) {
        try (Simulator compiled = Simulators.compiled(circuit); Simulator reference = Simulators.interpreter(circuit)) {
            if (reset) {
                compiled.reset();
                reference.reset();
            }
            Random r = new Random(seed);
            BiConsumer<String, BigInteger> poke = (p, v) -> {
                compiled.poke(p, v);
                reference.poke(p, v);
            };
            for (int c = 0; c < cycles; c++) {
                driver.drive(r, reference, poke);
                for (String o : outputs) {
                    assertEquals(reference.peekWide(reference.port(o)), compiled.peekWide(compiled.port(o)), o + " at cycle " + c);
                }
                compiled.step(1);
                reference.step(1);
            }
        }
    }
}
