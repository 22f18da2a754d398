package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;

import java.util.List;
import java.util.Map;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The checking passes' exact verdicts at their edges: the width limit for signals and for
 * intermediate values (inclusive), dynamic shifts too wide to represent, scope violations in
 * expressions and in register resets, undriven child inputs, and the order in which a
 * combinational loop is reported.
 */
class CheckPassesTest {
    private static String error(Supplier<? extends Module> design) {
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(design)).getMessage();
        int at = m.indexOf(" (at ");
        return at < 0 ? m : m.substring(0, at);
    }

    @Test
    void aValueExactlyAtTheWidthLimitIsAccepted() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(32768));
            UInt b = input("b", UInt(32768));
            output("y", UInt(65536)).set(cat(a, b));
        }});
        assertEquals(65536, c.top().portSignals().stream().filter(p -> p.name().equals("y")).findFirst().orElseThrow()
                .width());
    }

    @Test
    void anIntermediateValueBeyondTheLimitIsReportedWithItsOperator() {
        assertEquals("unsupported width 70008 for the result of SHL in module Anon: widths are 1..65536",
                error(() -> new Module() {{
                    UInt a = input("a", UInt(8));
                    output("y", UInt(8)).set(a.shl(70000).bits(7, 0));
                }}));
    }

    @Test
    void anInferredSignalBeyondTheLimitIsReportedByName() {
        assertEquals("unsupported width 70008 for wire 'w' in module Anon: widths are 1..65536",
                error(() -> new Module() {{
                    UInt a = input("a", UInt(8));
                    UInt w = wire("w", UInt());
                    w.set(a.shl(70000));
                    output("y", UInt(8)).set(w.bits(7, 0));
                }}));
    }

    @Test
    void aDynamicShiftByTwentyOrMoreBitsIsTooWideWithoutOverflowing() {
        // 8 + 2^19 - 1 bits is computed exactly; from 20 amount bits on the width saturates.
        assertEquals("unsupported width 524295 for the result of DSHL in module Anon: widths are 1..65536",
                error(() -> new Module() {{
                    UInt a = input("a", UInt(8));
                    UInt n = input("n", UInt(19));
                    output("y", UInt(8)).set(a.shl(n).bits(7, 0));
                }}));
        assertEquals("unsupported width " + Integer.MAX_VALUE + " for the result of DSHL in module Anon: widths are"
                + " 1..65536", error(() -> new Module() {{
                    UInt a = input("a", UInt(8));
                    UInt n = input("n", UInt(20));
                    output("y", UInt(8)).set(a.shl(n).bits(7, 0));
                }}));
    }

    /** A child that exposes an internal wire as a Java field, which its parent must not use. */
    static final class Leaky extends Module {
        final UInt in = input("in", UInt(4));
        final UInt out = output("out", UInt(4));
        final UInt inner = wire("inner", UInt(4));

        Leaky() {
            inner.set(in);
            out.set(inner);
        }
    }

    @Test
    void usingAChildsInternalSignalInAnExpressionIsRefused() {
        assertEquals("signal 'inner' of module Leaky is used in module Anon: a module can only use its own signals"
                + " and the ports of its direct instances", error(() -> new Module() {{
                    UInt a = input("a", UInt(4));
                    Leaky k = instance("k", new Leaky());
                    k.in.set(a);
                    output("y", UInt(4)).set(k.inner.add(a));
                }}));
    }

    @Test
    void usingAChildsInternalSignalAsARegisterResetIsRefused() {
        assertEquals("signal 'inner' of module Leaky is used in module Anon: a module can only use its own signals"
                + " and the ports of its direct instances", error(() -> new Module() {{
                    UInt a = input("a", UInt(4));
                    Leaky k = instance("k", new Leaky());
                    k.in.set(a);
                    withReset(k.inner.bit(0), () -> {
                        UInt r = regInit(UInt(4), 0);
                        r.set(k.out);
                        output("y", UInt(4)).set(r);
                    });
                }}));
    }

    @Test
    void signalsOfEveryKindAreHeldToTheWidthRangeWhateverBuiltTheIr() {
        // A front end other than the DSL (or a bug in it) could hand over such signals.
        ModuleDef m = new ModuleDef("m", "test", Map.of(), Locator.UNKNOWN);
        m.addLocal(Signal.Kind.REG, "r", 0, false, Locator.UNKNOWN);
        HdlException e = assertThrows(HdlException.class, () -> new CheckWidths().run(new Circuit(m, List.of(m))));
        assertEquals("unsupported width 0 for register 'r' in module m: widths are 1..65536", e.getMessage());
        ModuleDef n = new ModuleDef("n", "test", Map.of(), Locator.UNKNOWN);
        n.addPort("x", Direction.IN, 70000, false, Locator.UNKNOWN);
        e = assertThrows(HdlException.class, () -> new CheckWidths().run(new Circuit(n, List.of(n))));
        assertEquals("unsupported width 70000 for input 'x' in module n: widths are 1..65536", e.getMessage());
    }

    @Test
    void aChildInputConnectedOnlyInsideAWhenIsNotDrivenOnEveryPath() {
        assertEquals("input 'in' of instance 'k' in module Anon is not driven on every path: connect a default before"
                + " the when, or add an otherwise branch", error(() -> new Module() {{
                    Bool c = input("c", Bool());
                    UInt a = input("a", UInt(4));
                    Leaky k = instance("k", new Leaky());
                    when(c, () -> k.in.set(a));
                    output("y", UInt(4)).set(k.out);
                }}));
    }

    @Test
    void aLoopIsReportedFromTheFirstConnectedSignalInConnectionOrder() {
        assertEquals("combinational loop in module Anon: a -> b -> c -> a", error(() -> new Module() {{
            UInt x = input("x", UInt(4));
            UInt a = wire("a", UInt(4));
            UInt b = wire("b", UInt(4));
            UInt c = wire("c", UInt(4));
            a.set(b.xor(x));
            b.set(c);
            c.set(a);
            output("y", UInt(4)).set(a);
        }}));
    }
}
