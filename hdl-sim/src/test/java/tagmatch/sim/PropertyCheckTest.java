package tagmatch.sim;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import tagmatch.sim.backends.Simulators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Formal.Assert;
import static tagmatch.hdl.core.Formal.Assume;
import static tagmatch.hdl.core.Hdl.*;

/** Properties written in the DSL are checked by both simulators, with the same verdict and cycle. */
class PropertyCheckTest {
    private static final List<Function<Circuit, Simulator>> BACKENDS = List.of(Simulators::interpreter, Simulators::verilator);

    @Test
    void aFailingAssertionStopsBothSimulatorsWithItsMessageLineAndCycle() {
        Circuit broken = Elaborator.elaborate(() -> new CheckedCounter(9, true));
        for (Function<Circuit, Simulator> backend : BACKENDS) {
            try (Simulator s = backend.apply(broken)) {
                s.reset();
                s.poke("en", 1);
                s.step(9); // cycles 1..9: the count climbs to 9, still legal
                assertEquals(9, s.peek("count"), s.backend());
                PropertyFailure f = assertThrows(PropertyFailure.class, () -> s.step(5), s.backend());
                assertEquals("count stays within the limit", f.property(), s.backend());
                assertEquals("CheckedCounter.java:26", f.source(), s.backend());
                assertEquals(11, f.cycle(), s.backend() + ": " + f.getMessage());
                assertTrue(f.getMessage().startsWith("assert \"count stays within the limit\" failed at cycle 11 @[CheckedCounter.java:26]"),
                        f.getMessage());
            }
        }
    }

    @Test
    void aCorrectDesignRunsWithItsPropertiesOn() {
        Circuit ok = Elaborator.elaborate(() -> new CheckedCounter(9, false));
        for (Function<Circuit, Simulator> backend : BACKENDS) {
            try (Simulator s = backend.apply(ok)) {
                s.reset();
                for (int c = 0; c < 60; c++) {
                    s.poke("en", (c / 3) % 2);
                    s.step();
                }
                assertTrue(s.peek("count") <= 9, s.backend());
            }
        }
    }

    /** An adder whose environment promises small operands, and a combinational assertion about them. */
    static final class SmallAdder extends Module {
        final UInt a = input(UInt(4));
        final UInt b = input(UInt(4));
        final UInt sum = output(UInt(4));

        SmallAdder() {
            sum.set(a.add(b));
            Assume(a.lt(8), "a is below 8");
            Bool noWrap = sum.ge(a);
            Assert(noWrap.or(b.ge(8)), "the sum does not wrap when b is below 8");
        }
    }

    @Test
    void anImmediateAssumptionBrokenByTheStimulusIsReported() {
        Circuit c = Elaborator.elaborate(SmallAdder::new);
        for (Function<Circuit, Simulator> backend : BACKENDS) {
            try (Simulator s = backend.apply(c)) {
                s.poke("a", 3);
                s.poke("b", 4);
                assertEquals(7, s.peek("sum"), s.backend());
                s.poke("a", 9);
                PropertyFailure f = assertThrows(PropertyFailure.class, () -> s.peek("sum"), s.backend());
                assertTrue(f.getMessage().startsWith("assume \"a is below 8\" failed at cycle 0 @[PropertyCheckTest.java:"),
                        f.getMessage());
            }
        }
    }

    @Test
    void theDefaultVerilogStaysLintCleanAndTheFormalTextIsReadByYosys(@TempDir Path dir) throws IOException {
        for (Circuit c : List.of(Elaborator.elaborate(() -> new CheckedCounter(9, false)), Elaborator.elaborate(SmallAdder::new))) {
            String top = c.top().name();
            String v = VerilogEmitter.emit(c);
            assertTrue(v.contains("`ifdef FORMAL"), v);
            List<Path> files = VerilogEmitter.writeFiles(c, dir.resolve(top));
            for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                    VerilogTools.iverilog(files, top)))
                assertTrue(r.ok(), () -> r.tool() + ":\n" + r.output() + "\n" + v);
            VerilogTools.Result formal = VerilogTools.yosysFormal(files, top);
            assertTrue(formal.ok(), () -> formal.output() + "\n" + v);
            assertTrue(Files.readString(files.get(files.size() - 1)).contains(" assert ("), v);
        }
    }
}
