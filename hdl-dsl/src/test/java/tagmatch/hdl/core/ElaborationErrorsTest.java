package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.ir.HdlException;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Every check of the DSL fails with a message naming the signal, its module and the source line. */
class ElaborationErrorsTest {

    private static String error(Supplier<? extends Module> design) {
        return assertThrows(HdlException.class, () -> Elaborator.elaborate(design)).getMessage();
    }

    private static void assertMentions(String message, String... parts) {
        for (String p : parts) assertTrue(message.contains(p), () -> "expected '" + p + "' in: " + message);
    }

    @Test
    void connectingAWiderValueIsAWidthMismatch() {
        String m = error(() -> new Module() {{
            UInt a = input("a", UInt(9));
            UInt y = output("y", UInt(8));
            y.set(a);
        }});
        assertMentions(m, "width mismatch in module Anon: cannot connect a 9-bit value to 8-bit 'y'",
                "truncate()", "(at ElaborationErrorsTest.java:");
    }

    @Test
    void anUndrivenOutputIsReported() {
        String m = error(() -> new Module() {{
            output("y", UInt(8));
        }});
        assertMentions(m, "output 'y' of module Anon is not driven", "ElaborationErrorsTest.java:");
    }

    @Test
    void aWireDrivenOnlyInsideAWhenIsNotDrivenOnEveryPath() {
        String m = error(() -> new Module() {{
            Bool c = input("c", Bool());
            UInt a = input("a", UInt(4));
            UInt y = output("y", UInt(4));
            UInt w = wire("w", UInt(4));
            when(c, () -> w.set(a));
            y.set(w);
        }});
        assertMentions(m, "wire 'w' of module Anon is not driven on every path", "otherwise");
    }

    @Test
    void drivingAnInputFromInsideIsRefused() {
        String m = error(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt y = output("y", UInt(4));
            a.set(lit(1, 4));
            y.set(a);
        }});
        assertMentions(m, "input 'a' of module Anon is driven from inside Anon");
    }

    @Test
    void aCombinationalLoopListsItsSignals() {
        String m = error(() -> new Module() {{
            UInt y = output("y", UInt(4));
            UInt x = wire("x", UInt(4));
            UInt z = wire("z", UInt(4));
            x.set(z.add(1));
            z.set(x);
            y.set(z);
        }});
        assertMentions(m, "combinational loop in module Anon: ");
        assertTrue(m.matches(".*(x -> z -> x|z -> x -> z).*"), m);
    }

    /** A child whose output follows its input combinationally. */
    static final class Passthrough extends Module {
        final UInt in = input(UInt(4));
        final UInt out = output(UInt(4));

        Passthrough() {
            out.set(in);
        }
    }

    /** A child whose output is registered. */
    static final class Delay extends Module {
        final UInt in = input(UInt(4));
        final UInt out = output(UInt(4));

        Delay() {
            out.set(regNext(in));
        }
    }

    @Test
    void aLoopThroughAChildInstanceIsFound() {
        String m = error(() -> new Module() {{
            UInt y = output("y", UInt(4));
            Passthrough p = instance("p", new Passthrough());
            p.in.set(p.out.add(1));
            y.set(p.out);
        }});
        assertMentions(m, "combinational loop in module Anon", "p.in", "p.out");
    }

    @Test
    void aLoopThroughARegisterIsNotALoop() {
        Elaborator.elaborate(() -> new Module() {{
            UInt y = output("y", UInt(4));
            Delay d = instance("d", new Delay());
            d.in.set(d.out.add(1));
            y.set(d.out);
        }});
    }

    @Test
    void aParentCannotDriveAChildsOutput() {
        String m = error(() -> new Module() {{
            UInt y = output("y", UInt(4));
            Passthrough p = instance("p", new Passthrough());
            p.in.set(lit(0, 4));
            p.out.set(lit(1, 4));
            y.set(p.out);
        }});
        assertMentions(m, "output 'out' of instance 'p' (module Passthrough) is driven from module Anon",
                "already driven by Passthrough");
    }

    /** A child that (wrongly) drives a wire of its parent. */
    static final class Meddler extends Module {
        final UInt out = output(UInt(4));

        Meddler(UInt parentWire) {
            parentWire.set(lit(3, 4));
            out.set(lit(0, 4));
        }
    }

    @Test
    void twoModulesCannotDriveOneSignal() {
        String m = error(() -> new Module() {{
            UInt y = output("y", UInt(4));
            UInt w = wire("w", UInt(4));
            w.set(lit(1, 4));
            Meddler k = instance("k", new Meddler(w));
            y.set(w.add(k.out));
        }});
        assertMentions(m, "signal 'w' of module Anon is driven from module Meddler");
    }

    @Test
    void widthZeroAndTooWideAreUnsupported() {
        assertMentions(error(() -> new Module() {{ output("y", UInt(0)); }}), "unsupported width 0", "widths are 1..65536");
        assertMentions(error(() -> new Module() {{ output("y", UInt(70000)); }}), "unsupported width 70000");
    }

    @Test
    void aTypeIsNotAValue() {
        String m = error(() -> new Module() {{
            UInt y = output("y", UInt(8));
            y.set(UInt(8));
        }});
        assertMentions(m, "UInt<8> is a hardware type, not a value", "wire(...)");
    }

    @Test
    void hardwareCannotBeBoundTwice() {
        String m = error(() -> new Module() {{
            UInt w = wire(UInt(8));
            wire(w);
        }});
        assertMentions(m, "is already hardware");
    }

    @Test
    void bitRangesAreChecked() {
        String m = error(() -> new Module() {{
            UInt a = input("a", UInt(8));
            Bool y = output("y", Bool());
            y.set(a.bit(8));
        }});
        assertMentions(m, "bit range [8:8] is outside UInt<8> 'a': legal bits are 7 down to 0");
    }

    @Test
    void literalsMustFit() {
        assertMentions(error(() -> new Module() {{ output("y", UInt(8)).set(lit(300, 8)); }}),
                "literal 300 does not fit in UInt<8>: legal values are 0..255");
        assertMentions(error(() -> new Module() {{ output("y", SInt(4)).set(slit(-9, 4)); }}),
                "literal -9 does not fit in SInt<4>: legal values are -8..7");
    }

    @Test
    void aWidthThatCannotBeInferredIsReported() {
        String m = error(() -> new Module() {{
            UInt w = wire("w", UInt());
            output("y", UInt(4)).set(w);
        }});
        assertMentions(m, "cannot infer the width of wire 'w' in module Anon");
    }

    @Test
    void aChildMustBeWrappedInInstance() {
        String m = error(() -> new Module() {{
            new Passthrough();
        }});
        assertMentions(m, "module Passthrough was constructed but not instantiated", "instance(new Passthrough(...))");
    }

    @Test
    void hardwareOutsideElaborationIsRefused() {
        HdlException e = assertThrows(HdlException.class, () -> wire(UInt(8)));
        assertMentions(e.getMessage(), "hardware can only be described during elaboration");
    }

    @Test
    void mixingSignedAndUnsignedIsRefused() {
        String m = error(() -> new Module() {{
            UInt a = input("a", UInt(4));
            SInt b = input("b", SInt(4));
            output("y", Bool()).set(a.eq(b));
        }});
        assertMentions(m, "cannot compare UInt<4> 'a' and SInt<4> 'b'", "asUInt() or asSInt()");
    }
}
