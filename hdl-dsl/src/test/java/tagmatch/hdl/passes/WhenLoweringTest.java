package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Stmt;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

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

    /** The module's body right after when-lowering (widths inferred and checked first, as in the pipeline). */
    private static List<Stmt> lowered(Supplier<? extends Module> design) {
        Circuit c = Elaborator.elaborateRaw(design);
        new InferWidths().run(c);
        new CheckWidths().run(c);
        new WhenLowering().run(c);
        return c.top().body();
    }

    private static String show(Expr e) {
        if (e instanceof Expr.Ref r) return r.signal().name();
        if (e instanceof Expr.Lit l) return l.value().toString();
        if (e instanceof Expr.Op o) return o.op + o.args.stream().map(WhenLoweringTest::show).collect(Collectors.joining(", ", "(", ")"));
        return e.toString();
    }

    private static List<String> writeEnables(List<Stmt> body) {
        return body.stream().filter(s -> s instanceof Stmt.MemWrite).map(s -> show(((Stmt.MemWrite) s).enable())).toList();
    }

    @Test
    void aMemoryWriteInNestedWhensIsEnabledByBothConditionsAndNothingElse() {
        List<Stmt> body = lowered(() -> new Module() {{
            Bool a = input("a", Bool());
            Bool b = input("b", Bool());
            UInt addr = input("addr", UInt(2));
            UInt d = input("d", UInt(4));
            Mem<UInt> ram = mem(4, UInt(4)).named("ram");
            ram.write(addr, d);
            when(a, () -> when(b, () -> ram.write(addr, d)));
            output("q", UInt(4)).set(ram.read(addr));
        }});
        assertEquals(List.of("1", "AND(a, b)"), writeEnables(body));
    }

    @Test
    void aMemoryWriteInASwitchOtherwiseIsEnabledWhenNoKeyMatches() {
        List<Stmt> body = lowered(() -> new Module() {{
            UInt sel = input("sel", UInt(2));
            UInt addr = input("addr", UInt(2));
            UInt d = input("d", UInt(4));
            Mem<UInt> ram = mem(4, UInt(4)).named("ram");
            switchOn(sel).is(0, () -> ram.write(addr, d)).is(1, () -> ram.write(addr, d)).otherwise(() -> ram.write(addr, d));
            output("q", UInt(4)).set(ram.read(addr));
        }});
        assertEquals(List.of("EQ(sel, 0)", "EQ(sel, 1)", "AND(NOT(EQ(sel, 0)), NOT(EQ(sel, 1)))"), writeEnables(body));
    }

    @Test
    void aRegisterThatOnlyKeepsItsValueGetsNoConnection() {
        List<Stmt> body = lowered(() -> new Module() {{
            Bool c = input("c", Bool());
            UInt r = reg(UInt(4)).named("r");
            when(c, () -> r.set(r));
            output("q", UInt(4)).set(r);
        }});
        assertEquals(List.of("q"), body.stream().map(s -> show(((Stmt.Connect) s).sink())).toList());
    }
}
