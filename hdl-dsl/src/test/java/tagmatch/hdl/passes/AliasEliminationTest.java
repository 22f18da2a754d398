package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Stmt;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** The pass on the IR: which values take the name of the signal they drive, and which do not. */
class AliasEliminationTest {
    @Test
    void sharedValueIsReadThroughTheWireItDrives() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt b = input("b", UInt(4));
            UInt sum = a.add(b);
            wireOf("total", sum);
            output("twice", UInt(4)).set(sum.add(sum));
        }});
        Expr twice = sourceOf(c, "twice");
        assertTrue(twice instanceof Expr.Op op && op.args.get(0) instanceof Expr.Ref r && r.signal().name().equals("total"),
                twice::toString);
        String v = VerilogEmitter.emit(c);
        assertTrue(v.contains("assign total = a + b;"), v);
        assertTrue(v.contains("assign twice = total + total;"), v);
    }

    @Test
    void unnamedWireIsDroppedAndItsReadersReadItsValue() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt w = wire(UInt(4));
            w.set(a.not());
            output("y", UInt(4)).set(w);
        }});
        assertTrue(c.top().locals().isEmpty(), () -> c.top().locals().toString());
        assertTrue(VerilogEmitter.emit(c).contains("assign y = ~a;"));
    }

    @Test
    void valueTheUserNamedKeepsItsName() {
        String v = VerilogEmitter.emit(elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt sum = a.add(1).named("sum");
            wireOf("total", sum);
            output("y", UInt(4)).set(sum);
        }}));
        assertTrue(v.contains("assign sum = a + 4'd1;"), v);
        assertTrue(v.contains("assign total = sum;"), v);
    }

    @Test
    void widenedValueIsNotAnAlias() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt n = a.not();
            UInt wide = wire("wide", UInt(8));
            wide.set(n);
            output("y", UInt(4)).set(n.and(a));
            output("z", UInt(8)).set(wide);
        }});
        Expr y = sourceOf(c, "y");
        assertTrue(y instanceof Expr.Op op && op.args.get(0) instanceof Expr.Op, y::toString);
        String v = VerilogEmitter.emit(c);
        assertFalse(v.contains("wide[3:0]"), v);
        assertTrue(v.contains("assign wide = {4'd0, ~a};") || v.contains("assign wide = {4'd0, _T};"), v);
    }

    @Test
    void registerWithUnnamedWireAsNextStateReadsTheValue() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt w = wire(UInt(4));
            w.set(a.add(1));
            UInt r = regNext(w).named("r");
            output("y", UInt(4)).set(r);
        }});
        assertEquals(1, c.top().locals().size(), () -> c.top().locals().toString());
        assertTrue(VerilogEmitter.emit(c).contains("r <= a + 4'd1;"));
    }

    private static Circuit elaborateWithAliases(Supplier<? extends Module> design) {
        Circuit c = Elaborator.elaborate(design);
        assertTrue(Passes.pipeline().stream().anyMatch(p -> p instanceof AliasElimination), "the pass is in the pipeline");
        return c;
    }

    private static Expr sourceOf(Circuit c, String sink) {
        for (Stmt s : c.top().body())
            if (s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r && r.signal().name().equals(sink)) return k.source();
        throw new AssertionError("no connect to " + sink);
    }
}
