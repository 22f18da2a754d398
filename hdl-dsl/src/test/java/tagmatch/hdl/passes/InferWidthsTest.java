package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static tagmatch.hdl.core.Hdl.*;

/**
 * Width inference: a signal declared without a width takes the widest value connected to it, on
 * any path, after as many rounds as a chain of such signals needs, across module boundaries; and
 * what cannot be inferred is reported with the kind of signal it is.
 */
class InferWidthsTest {
    private static int width(ModuleDef m, String name) {
        return m.signals().stream().filter(s -> s.name().equals(name)).findFirst().map(Signal::width).orElseThrow();
    }

    private static String error(Supplier<? extends Module> design) {
        return assertThrows(HdlException.class, () -> Elaborator.elaborate(design)).getMessage();
    }

    @Test
    void aSignalTakesTheWidestValueConnectedOnAnyPath() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            Bool sel = input("sel", Bool());
            UInt a = input("a", UInt(4));
            UInt b = input("b", UInt(8));
            UInt other = input("other", UInt(16));
            UInt w = wire("w", UInt());
            UInt v = wire("v", UInt());
            w.set(a);
            when(sel, () -> w.set(b));
            v.set(other);
            output("y", UInt(8)).set(w);
            output("z", UInt(16)).set(v);
        }});
        assertEquals(8, width(c.top(), "w"), "the 8-bit connection inside the when, not the other wire's 16");
        assertEquals(16, width(c.top(), "v"));
    }

    @Test
    void aChainOfUnsizedSignalsIsInferredOverSeveralRounds() {
        // Connected in the order that needs three rounds: z waits for y (an operator over it),
        // y waits for x, x is known from its input.
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(6));
            UInt b = input("b", UInt(2));
            UInt x = wire("x", UInt());
            UInt y = wire("y", UInt());
            UInt z = wire("z", UInt());
            z.set(y.add(b));
            y.set(x);
            x.set(a);
            output("q", UInt(6)).set(z);
        }});
        assertEquals(6, width(c.top(), "x"));
        assertEquals(6, width(c.top(), "y"));
        assertEquals(6, width(c.top(), "z"));
    }

    /** A child whose input and output widths come from how it is used. */
    static final class Follower extends Module {
        final UInt in = input("in", UInt());
        final UInt out = output("out", UInt());

        Follower() {
            out.set(in);
        }
    }

    @Test
    void aChildsPortsAreInferredFromTheConnectionsOfItsParent() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(5));
            Follower f = instance("f", new Follower());
            f.in.set(a);
            output("q", UInt(5)).set(f.out);
        }});
        ModuleDef child = c.modules().stream().filter(m -> m != c.top()).findFirst().orElseThrow();
        assertEquals(5, width(child, "in"));
        assertEquals(5, width(child, "out"));
    }

    @Test
    void whatCannotBeInferredIsNamedByItsKind() {
        assertEquals("cannot infer the width of input 'x' in module Anon: nothing of known width drives it;"
                + " declare it with a width", firstLine(error(() -> new Module() {{
                    UInt x = input("x", UInt());
                    output("q", UInt(4)).set(x);
                }})));
        assertEquals("cannot infer the width of output 'q' in module Anon: nothing of known width drives it;"
                + " declare it with a width", firstLine(error(() -> new Module() {{
                    UInt w = wire("w", UInt());
                    output("q", UInt()).set(w);
                }})));
    }

    private static String firstLine(String message) {
        int at = message.indexOf(" (at ");
        return at < 0 ? message : message.substring(0, at);
    }
}
