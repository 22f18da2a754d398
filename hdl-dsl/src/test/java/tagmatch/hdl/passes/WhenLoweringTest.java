package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Stmt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Last-connect semantics: the last connection on a path wins; defaults hold where no branch connects. */
class WhenLoweringTest {
    @Test
    void theLastConnectionWinsAndDefaultsFillTheOtherPaths() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Bool a = input("a", Bool());
            Bool b = input("b", Bool());
            UInt y = output("y", UInt(4));
            y.set(lit(1, 4));
            when(a, () -> {
                y.set(lit(2, 4));
                y.set(lit(3, 4));
            }).elseWhen(b, () -> y.set(lit(4, 4)));
        }}));
        assertTrue(v.contains("assign y = a ? 4'd3 : b ? 4'd4 : 4'd1;"), v);
    }

    @Test
    void afterLoweringEachSinkHasOneUnconditionalConnection() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            Bool a = input("a", Bool());
            UInt y = output("y", UInt(4));
            UInt r = regInit(UInt(4), 0);
            when(a, () -> r.set(r.add(1))).otherwise(() -> r.set(r.sub(1)));
            when(a.not(), () -> r.set(lit(7, 4)));
            y.set(r);
        }});
        long connects = c.top().body().stream().filter(s -> s instanceof Stmt.Connect).count();
        assertEquals(2, connects);
        assertTrue(c.top().body().stream().noneMatch(s -> s instanceof Stmt.When || s instanceof Stmt.Switch));
    }

    @Test
    void aRegisterNotConnectedOnAPathKeepsItsValue() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Bool en = input("en", Bool());
            UInt d = input("d", UInt(4));
            UInt r = reg(UInt(4)).named("r");
            when(en, () -> r.set(d));
            output("q", UInt(4)).set(r);
        }}));
        assertTrue(v.contains("    if (en) begin\n      r <= d;\n    end\n"), v);
    }
}
