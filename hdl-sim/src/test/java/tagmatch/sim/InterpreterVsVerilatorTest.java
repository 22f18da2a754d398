package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

class InterpreterVsVerilatorTest {
    @Test
    void everyOperatorMeansTheSameOnBothBackends() {
        Circuit c = Elaborator.elaborate(OpsDesign::new);
        SimDesign d = CircuitDesigns.of(c);
        Differential.Stats st = Differential.run(c, 3000, 42, Differential.randomInputs(d), null);
        assertEquals(st.outputs(), st.outputsThatChanged(), "random stimulus moves every output of the operator design");
    }

    @Test
    void operatorResultsMatchHandComputedValues() {
        Circuit c = Elaborator.elaborate(OpsDesign::new);
        try (Simulator s = Simulators.interpreter(c)) {
            s.poke("a", 0xfff0);
            s.poke("b", 0x0020);
            s.poke("sa", 0xffd); // -3
            s.poke("sb", 0x005);
            s.poke("sh", 4);
            assertEquals(0x0010, s.peek("add"));
            assertEquals(0x10010, s.peek("addx"));
            assertEquals(0xfff0L * 0x20, s.peek("mul"));
            assertEquals(2, s.peek("sadd"));
            assertEquals(0xffffff & -15L, s.peek("smul"));
            assertEquals(0b1100, s.peek("scmp"), "-3 < 5 and -3 <= 5 signed");
            assertEquals(0xfffff & -3L, s.peek("spad"));
            s.poke("wa", BigInteger.ONE.shiftLeft(99));
            s.poke("wb", BigInteger.ONE.shiftLeft(99));
            assertEquals(BigInteger.ONE.shiftLeft(100), s.peekWide("wadd"));
            assertEquals(BigInteger.ONE.shiftLeft(39), s.peekWide("wbits"));
        }
    }

    /** x(i+1) = x(i) + x(i), forty times: a DAG whose tree expansion has 2^40 leaves. */
    static final class Doubler extends tagmatch.hdl.core.Module {
        Doubler() {
            tagmatch.hdl.core.UInt a = input("a", tagmatch.hdl.core.Hdl.UInt(64));
            tagmatch.hdl.core.UInt y = output("y", tagmatch.hdl.core.Hdl.UInt(64));
            tagmatch.hdl.core.UInt x = a;
            for (int i = 0; i < 40; i++) {
                x = x.add(x);
            }
            y.set(x);
        }
    }

    /**
     * Evaluated as a tree, the chain never ends: the timeout is a hang detector, in a thread of
     * its own so that a loop deaf to interrupts is left behind. It covers the Verilator build,
     * which takes about 7 s with an empty cache on an idle 2-core machine (0.4 s for the whole
     * test with a warm one): 300 s is ten times what a loaded machine needs.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 300, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void sharedSubexpressionsAreEvaluatedOncePerCycle() {
        Circuit c = Elaborator.elaborate(Doubler::new);
        try (Simulator j = Simulators.interpreter(c); Simulator v = Simulators.verilator(c);
                Simulator k = Simulators.compiled(c)) {
            for (long a : new long[] {1, 3, 0x123456789L, -1L}) {
                j.poke("a", a);
                v.poke("a", a);
                k.poke("a", a);
                assertEquals(a << 40, j.peek("y"));
                assertEquals(a << 40, v.peek("y"));
                assertEquals(a << 40, k.peek("y"));
            }
        }
    }

    @Test
    void batchedRunsWithStopConditionsAgreeOnEveryBackend() {
        Circuit c = Elaborator.elaborate(() -> new tagmatch.hdl.lib.SyncFifo<>(4, new tagmatch.hdl.core.UInt(8)));
        java.util.Random r = new java.util.Random(9);
        long[] rows = new long[3 * 400];
        for (int i = 0; i < 400; i++) {
            rows[3 * i] = r.nextInt(3) == 0 ? 0 : 1;
            rows[3 * i + 1] = r.nextInt(256);
            rows[3 * i + 2] = r.nextInt(2);
        }
        BatchResult[] res = new BatchResult[3];
        long[] after = new long[3];
        int k = 0;
        for (Simulator s : new Simulator[] {Simulators.verilator(c), Simulators.interpreter(c), Simulators.compiled(c)}) {
            try (s) {
                s.reset();
                Stimulus prog = Stimulus.builder()
                        .drive(s.port("enq_valid"), s.port("enq_bits"), s.port("deq_ready"))
                        .capture(s.port("enq_ready"), s.port("deq_valid"), s.port("deq_bits"), s.port("count"))
                        .inputs(rows).maxCycles(1000).until(s.port("full"), 1).build();
                // First a stretch without the stop condition, then the one that stops when the FIFO is full.
                s.run(Stimulus.builder().drive(s.port("enq_valid")).row(0).maxCycles(3).build());
                res[k] = s.run(prog);
                after[k++] = s.cycle();
            }
        }
        assertEquals(0, res[0].stoppedBy());
        assertTrue(res[0].cycles() < 1000, "stopped at " + res[0].cycles());
        for (int i = 1; i < res.length; i++) {
            assertEquals(res[0].cycles(), res[i].cycles());
            assertEquals(res[0].stoppedBy(), res[i].stoppedBy());
            org.junit.jupiter.api.Assertions.assertArrayEquals(res[0].raw(), res[i].raw());
            assertEquals(after[0], after[i]);
        }
    }
}
