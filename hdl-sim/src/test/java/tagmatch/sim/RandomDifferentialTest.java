package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.ir.Circuit;

/**
 * Random circuits ({@link RandomCircuit}) run on Verilator, the interpreter and the compiled
 * backend side by side, every output compared in every cycle, with a second clock input toggled
 * at random and its domains' resets asserted now and then between clock edges (an asynchronous
 * one acts when the design is next evaluated). Several circuits share one top module so that one
 * Verilator build checks them all.
 *
 * <p>A failure names its batch seed; rerun just that batch with
 * {@code mvn -pl hdl-sim test -Dtest=RandomDifferentialTest -Dtagmatch.random.seed=SEED}. Soak more
 * seeds with {@code -Dtagmatch.random.batches=N} (batches from seed 1, or from the given seed).
 */
class RandomDifferentialTest {
    private static final int BLOCKS = 6;
    private static final int CYCLES = 300;

    /** {@code blocks} random circuits side by side, their ports wired out as {@code b<i>_<port>}, one shared {@code clk2} and resets. */
    static final class Batch extends Module {
        Batch(long seed, int blocks) {
            param("seed", seed);
            Bool clk2 = input("clk2", Bool());
            Bool arst = input("arst", Bool());
            Bool arstN = input("arst_n", Bool());
            for (int i = 0; i < blocks; i++) {
                RandomCircuit c = instance("b" + i, new RandomCircuit(seed * 1000 + i, true));
                c.clk2.set(clk2);
                c.arst.set(arst);
                c.arstN.set(arstN);
                for (int k = 0; k < c.inputs.size(); k++) {
                    Bits in = c.inputs.get(k);
                    in.set(input("b" + i + "_in" + k, like(in)));
                }
                for (int k = 0; k < c.outputs.size(); k++) {
                    Bits out = c.outputs.get(k);
                    output("b" + i + "_out" + k, like(out)).set(out);
                }
            }
        }

        private static Bits like(Bits x) {
            return x instanceof Bool ? Bool() : x.signed() ? SInt(x.width()) : UInt(x.width());
        }
    }

    @Test
    void randomCircuitsAgreeOnEveryBackendCycleByCycle() {
        Long only = Long.getLong("tagmatch.random.seed");
        int batches = Integer.getInteger("tagmatch.random.batches", only != null ? 1 : 8);
        long first = only != null ? only : 1;
        for (long seed = first; seed < first + batches; seed++) {
            check(seed);
        }
    }

    private static void check(long seed) {
        String rerun = "random circuit batch seed " + seed + " (rerun: mvn -pl hdl-sim test -Dtest=RandomDifferentialTest"
                + " -Dtagmatch.random.seed=" + seed + ")";
        Circuit c;
        try {
            c = Elaborator.elaborate(() -> new Batch(seed, BLOCKS));
        } catch (RuntimeException e) {
            throw new AssertionError(rerun + ": the generator built an illegal circuit: " + e.getMessage(), e);
        }
        SimDesign d = CircuitDesigns.of(c);
        Differential.Driver random = Differential.randomInputs(d);
        Differential.Driver driver = f -> {
            random.drive(f);
            // resets asserted in one cycle of eight, so that the logic they reset runs between
            f.set("arst", f.random.nextInt(8) == 0 ? 1 : 0);
            f.set("arst_n", f.random.nextInt(8) == 0 ? 0 : 1);
            if (f.cycle == 0) {
                f.set("clk2", BigInteger.ZERO); // the first evaluation only records a clock's value
                f.set("arst", BigInteger.ZERO);
            }
        };
        try {
            Differential.run(c, CYCLES, seed, driver, null);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(rerun + ": " + e.getMessage(), e);
        }
    }
}
