package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Stmt;

import java.util.List;
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
            wireOf("total", sum).keep();
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

    // ---- what may name a value, and what may be renamed ------------------------------------------

    @Test
    void aRegisterDoesNotNameTheValueItLoads() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt b = input("b", UInt(4));
            UInt sum = a.add(b);
            output("q", UInt(4)).set(regNext(sum).named("r"));
            output("y", UInt(4)).set(sum.xor(a));
            output("z", UInt(4)).set(sum);
        }});
        // The register holds last cycle's sum: reading it for this cycle's would be wrong.
        Expr y = sourceOf(c, "y");
        assertTrue(y instanceof Expr.Op op && op.args.get(0) instanceof Expr.Ref r && r.signal().name().equals("z"), y::toString);
        assertTrue(VerilogEmitter.emit(c).contains("r <= z;"));
    }

    @Test
    void aUserNamedValueIsReadByItsOwnNameNotByTheWireItFeeds() {
        String v = VerilogEmitter.emit(elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt sum = a.add(1).named("sum");
            wireOf("total", sum).keep();
            output("y", UInt(4)).set(sum.xor(a));
        }}));
        assertTrue(v.contains("assign y = sum ^ a;"), v);
    }

    @Test
    void aSharedLiteralOrSignalIsNotRenamedAfterAWireItDrives() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt k = lit(5, 4);
            wireOf("five", k);
            wireOf("copy", a);
            output("y", UInt(4)).set(k);
            output("z", UInt(4)).set(a);
        }});
        assertEquals(new Expr.Lit(java.math.BigInteger.valueOf(5), 4, false, null), sourceOf(c, "y"));
        assertTrue(sourceOf(c, "z") instanceof Expr.Ref r && r.signal().name().equals("a"), () -> sourceOf(c, "z").toString());
    }

    @Test
    void sharedMuxAndMemoryReadAreReadThroughTheWireTheyDrive() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            Bool s = input("s", Bool());
            UInt a = input("a", UInt(4));
            UInt i = input("i", UInt(2));
            UInt m = mux(s, a, a.not());
            wireOf("picked", m);
            output("ym", UInt(4)).set(m.xor(a));
            tagmatch.hdl.core.Mem<UInt> ram = mem(4, UInt(4)).named("ram");
            when(s, () -> ram.write(i, a));
            UInt w = ram.read(i);
            wireOf("word", w);
            output("yw", UInt(4)).set(w.xor(a));
        }});
        for (String[] read : List.of(new String[] {"ym", "picked"}, new String[] {"yw", "word"})) {
            Expr y = sourceOf(c, read[0]);
            assertTrue(y instanceof Expr.Op op && op.args.get(0) instanceof Expr.Ref r && r.signal().name().equals(read[1]),
                    () -> read[0] + " = " + y);
        }
        String v = VerilogEmitter.emit(c);
        assertTrue(v.contains("assign picked = s ? a : ~a;"), v);
        assertTrue(v.contains("assign word = ram[i];"), v);
    }

    @Test
    void aSharedCaseIsReadThroughTheWireItDrives() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt i = input("i", UInt(2));
            tagmatch.hdl.core.Vec<UInt> v = reg(Vec(4, () -> UInt(4))).named("v");
            for (int k = 0; k < 4; k++) v.get(k).set(a);
            UInt e = v.at(i);
            wireOf("elem", e);
            output("y", UInt(4)).set(e.xor(a));
        }});
        Expr y = sourceOf(c, "y");
        assertTrue(y instanceof Expr.Op op && op.args.get(0) instanceof Expr.Ref r && r.signal().name().equals("elem"), y::toString);
        assertTrue(sourceOf(c, "elem") instanceof Expr.Case, () -> sourceOf(c, "elem").toString());
    }

    @Test
    void anInstanceOutputCopiedIntoAWireIsReadThroughTheWireEverywhere() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            UInt a = input("a", UInt(4));
            Inverter child = instance("inv", new Inverter());
            child.in.set(a);
            wireOf("w", child.out);
            // Only a register reads the pin otherwise: no computed value gets a name here.
            UInt r = regNext(child.out.add(1)).named("r");
            output("q", UInt(4)).set(r);
        }});
        Expr next = sourceOf(c, "r");
        assertTrue(next instanceof Expr.Op op && op.args.get(0) instanceof Expr.Ref ref && ref.signal().name().equals("w"),
                next::toString);
    }

    @Test
    void aRegisterResetByANamedValueReadsTheName() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            Bool a = input("a", Bool());
            Bool b = input("b", Bool());
            UInt d = input("d", UInt(4));
            Bool clear = a.and(b);
            wireOf("clear_w", clear);
            withReset(clear, () -> {
                UInt r = regInit(UInt(4), 3).named("r");
                r.set(d);
                output("q", UInt(4)).set(r);
            });
        }});
        tagmatch.hdl.ir.Signal r = c.top().locals().stream().filter(s -> "r".equals(s.name())).findFirst().orElseThrow();
        assertTrue(r.reset() instanceof Expr.Ref ref && ref.signal().name().equals("clear_w"), () -> r.reset().toString());
    }

    @Test
    void anUnnamedWireThatResetsARegisterIsReplacedInTheResetToo() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            Bool a = input("a", Bool());
            Bool b = input("b", Bool());
            UInt d = input("d", UInt(4));
            Bool w = wire(Bool());
            w.set(a.xor(b));
            withReset(w, () -> {
                UInt r = regInit(UInt(4), 3).named("r");
                r.set(d);
                output("q", UInt(4)).set(r);
            });
        }});
        assertEquals(1, c.top().locals().size(), () -> c.top().locals().toString());
        String v = VerilogEmitter.emit(c);
        assertTrue(v.contains("if (a ^ b) begin"), v);
    }

    @Test
    void anUnnamedWireUsedAsAClockStays() {
        Circuit c = elaborateWithAliases(() -> new Module() {{
            Bool a = input("a", Bool());
            Bool b = input("b", Bool());
            UInt d = input("d", UInt(4));
            UInt i = input("i", UInt(2));
            Bool memClock = wire(Bool());
            memClock.set(a.and(b));
            Bool checkClock = wire(Bool());
            checkClock.set(a.or(b));
            withClock(memClock, () -> {
                tagmatch.hdl.core.Mem<UInt> ram = mem(4, UInt(4)).named("ram");
                ram.write(i, d);
                output("q", UInt(4)).set(ram.read(i));
            });
            withClock(checkClock, () -> tagmatch.hdl.core.Formal.Assert(d.ne(15), "d is never 15"));
        }});
        java.util.Set<tagmatch.hdl.ir.Signal> locals = new java.util.HashSet<>(c.top().locals());
        Expr memClock = c.top().memories().get(0).clock();
        assertTrue(memClock instanceof Expr.Ref r && locals.contains(r.signal()), memClock::toString);
        Expr checkClock = c.top().checks().get(0).clock();
        assertTrue(checkClock instanceof Expr.Ref r && locals.contains(r.signal()), checkClock::toString);
    }

    static final class Inverter extends Module {
        final UInt in = input(UInt(4));
        final UInt out = output(UInt(4));

        Inverter() {
            out.set(in.not());
        }
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
