package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.sim.backends.Simulators;

/**
 * The implicit clock and reset as values: their kind chosen by the module or inherited from the
 * domain a child is built in, and a port the user names {@code clk} or {@code rst} being that
 * clock or reset, never a second port beside it. Each design counts on all three backends.
 */
class ImplicitDomainTest {

    /** Counts every cycle on the implicit domain, whatever its kind. */
    static final class Count extends Module {
        final UInt q = output(UInt(4));

        Count() {
            super();
            q.set(counter());
        }

        Count(ResetKind kind) {
            super(kind);
            q.set(counter());
        }
    }

    static UInt counter() {
        UInt c = regInit(UInt(4), 0);
        c.set(c.add(1));
        return c;
    }

    static final class AsyncLowTop extends Module {
        final UInt q = output(UInt(4));
        final UInt child = output(UInt(4));
        final UInt overridden = output(UInt(4));

        AsyncLowTop() {
            super(ResetKind.ASYNC_LOW);
            q.set(counter());
            child.set(instance(new Count()).q);
            overridden.set(instance(new Count(ResetKind.SYNC_HIGH)).q);
        }
    }

    /** The design: the user's own clk and an active-low reset domain over it. */
    static final class OwnClock extends Module {
        final Bool clk = input(Bool());
        final Bool rstN = input("rst_n", Bool());
        final UInt q = output(UInt(4));
        final UInt child = output(UInt(4));

        OwnClock() {
            ClockDomain d = domain(clk, rstN, ResetKind.ASYNC_LOW);
            d.run(() -> {
                q.set(counter());
                child.set(instance(new Count()).q);
            });
        }
    }

    /** A register outside any domain, and a port declared as the implicit clock. */
    static final class DeclaredClock extends Module {
        final UInt q = output(UInt(4));
        final Bool clk = input("clk", Bool());
        final Bool rst = input("rst", Bool());
        final UInt viaValue = output(UInt(4));

        DeclaredClock() {
            q.set(counter());
            viaValue.set(withDomainCount(domain(clock(), reset(), resetKind())));
        }

        static UInt withDomainCount(ClockDomain d) {
            UInt[] out = new UInt[1];
            d.run(() -> out[0] = counter());
            return out[0];
        }
    }

    @Test
    void theImplicitResetHasTheKindTheModuleNamesAndChildrenInheritIt() {
        Circuit c = Elaborator.elaborate(AsyncLowTop::new);
        String v = VerilogEmitter.emit(c);
        assertTrue(v.matches("(?s).*input +wire +rst_n,.*"), v);
        assertTrue(v.contains("always @(posedge clk or negedge rst_n)"), v);
        assertTrue(v.contains(".rst_n(rst_n)"), v);
        assertTrue(v.contains("_rst = ~rst_n;"), v);
        assertEquals(2, c.modules().size() - 1, "the child and its override are two modules: " + c.modules());
    }

    @Test
    void aPortNamedClkWithTheImplicitClockInUseIsRefusedWithWhatToDo() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {
            final Bool clk = input(Bool());
            final UInt q = output(UInt(4));

            {
                q.set(counter());
            }
        }));
        assertTrue(e.getMessage().contains("port 'clk'") && e.getMessage().contains("input(\"clk\", Bool())"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void everyKindCountsAfterReset(String backend) {
        Circuit c = Elaborator.elaborate(AsyncLowTop::new);
        try (Simulator s = Simulators.of(backend, c)) {
            s.reset(2);
            assertEquals(0, s.peek("q"));
            s.step(5);
            assertEquals(5, s.peek("q"));
            assertEquals(5, s.peek("child"));
            assertEquals(5, s.peek("overridden"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void aUserClockNamedClkIsTheClockStepDrives(String backend) {
        Circuit c = Elaborator.elaborate(OwnClock::new);
        String v = VerilogEmitter.emit(c);
        assertFalse(v.contains("clk_1"), v);
        try (Simulator s = Simulators.of(backend, c)) {
            s.poke("rst_n", 0);
            s.step(1);
            s.poke("rst_n", 1);
            s.step(3);
            assertEquals(3, s.peek("q"));
            assertEquals(3, s.peek("child"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void aPortDeclaredAsClkIsTheImplicitClock(String backend) {
        Circuit c = Elaborator.elaborate(DeclaredClock::new);
        String v = VerilogEmitter.emit(c);
        assertFalse(v.contains("clk_1") || v.contains("rst_1"), v);
        try (Simulator s = Simulators.of(backend, c)) {
            s.reset();
            s.step(4);
            assertEquals(4, s.peek("q"));
            assertEquals(4, s.peek("viaValue"));
        }
    }
}
