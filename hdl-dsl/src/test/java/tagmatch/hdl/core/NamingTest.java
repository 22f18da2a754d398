package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Names come from explicit names, then Java fields, then stable generated names; all legal Verilog. */
class NamingTest {

    static final class Named extends Module {
        final UInt in = input(UInt(8));
        final UInt out = output(UInt(8));
        final UInt doubled;
        final Bool flag;
        final ErrorsFree child;

        Named() {
            doubled = in.add(in);
            flag = regNext(in.orR());
            child = instance(new ErrorsFree());
            child.x.set(doubled);
            UInt local = wire(UInt(8));
            local.set(child.y);
            out.set(mux(flag, local, in.not()));
        }
    }

    static final class ErrorsFree extends Module {
        final UInt x = input(UInt(8));
        final UInt y = output(UInt(8));

        ErrorsFree() {
            y.set(x);
        }
    }

    @Test
    void fieldsNameSignalsValuesAndInstances() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(Named::new));
        assertTrue(v.contains("input  wire [7:0] in,"), v);
        assertTrue(v.contains("wire [7:0] doubled;"), v);
        assertTrue(v.contains("assign doubled = in + in;"), v);
        assertTrue(v.contains("reg        flag;"), v);
        assertTrue(v.contains("ErrorsFree child ("), v);
        // The unnamed wire only carried the child's output: it is dropped, the pin keeps its own name.
        assertTrue(v.contains(".y(child_y)"), v);
        assertTrue(v.contains("assign out = flag ? child_y : ~in;"), v);
        // A named value feeds the pin by its name, without a pin wire copying it.
        assertTrue(v.contains(".x(doubled)"), v);
        assertFalse(v.contains("child_x"), v);
        assertFalse(v.contains("_WIRE"), v);
    }

    @Test
    void keywordsAndCollisionsAreLegalized() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            UInt a = input("reg", UInt(2));
            UInt b = wire("x", UInt(2));
            UInt c = wire("x", UInt(2));
            UInt d = wire("my signal", UInt(2));
            b.set(a);
            c.set(b);
            d.set(c);
            output("module", UInt(2)).set(d);
        }}));
        assertTrue(v.contains("input  wire [1:0] reg_1"), v);
        assertTrue(v.contains("output wire [1:0] module_1"), v);
        assertTrue(v.contains("wire [1:0] x;"), v);
        assertTrue(v.contains("wire [1:0] x_1;"), v);
        assertTrue(v.contains("wire [1:0] my_signal;"), v);
    }

    @Test
    void statementsCarryTheLineOfTheJavaSourceThatWroteThem() {
        int[] line = new int[1];
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(4));
            line[0] = new Throwable().getStackTrace()[0].getLineNumber() + 1;
            output("y", UInt(4)).set(a.not());
        }}));
        assertTrue(v.contains("assign y = ~a; // @[NamingTest.java:" + line[0] + "]"), v);
    }

    @Test
    void emittingTwiceGivesIdenticalBytes() {
        Circuit c1 = Elaborator.elaborate(Named::new);
        Circuit c2 = Elaborator.elaborate(Named::new);
        assertEquals(VerilogEmitter.emit(c1), VerilogEmitter.emit(c2));
        assertEquals(VerilogEmitter.emit(c1), VerilogEmitter.emit(c1));
    }

    @Test
    void everyKindOfValueCanBeNamed() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Bool c = input("c", Bool());
            UInt a = input("a", UInt(4));
            UInt i = input("i", UInt(2));
            Vec<UInt> held = reg(Vec(4, () -> UInt(4))).named("held");
            held.get(0).set(a);
            for (int k = 1; k < 4; k++) held.get(k).set(held.get(k - 1));
            Mem<UInt> ram = mem(4, UInt(4)).named("ram");
            when(c, () -> ram.write(i, a));
            UInt sum = a.add(1).named("sum");
            UInt pick = mux(c, sum, a).named("pick");
            UInt chosen = held.at(i).named("chosen");
            UInt word = ram.read(i).named("word");
            // named inside a when: the name's assignment is still unconditional
            UInt[] inner = new UInt[1];
            when(c, () -> inner[0] = mux(c, a, sum).named("inner"));
            output("y", UInt(4)).set(pick.xor(chosen).xor(word).xor(inner[0]));
            output("z", UInt(4)).set(pick.and(chosen).and(word).and(inner[0]));
        }}));
        assertTrue(v.contains("assign sum = a + 4'd1;"), v);
        assertTrue(v.contains("assign pick = c ? sum : a;"), v);
        assertTrue(v.contains("assign word = ram[i];"), v);
        assertTrue(v.contains("assign inner = c ? a : sum;"), v);
        assertTrue(v.contains("chosen"), v);
        assertFalse(v.matches("(?s).*\\b_T\\b.*|(?s).*\\b_T_[0-9].*"), v);
        assertTrue(v.contains("assign y = pick ^ chosen ^ word ^ inner;"), v);
        assertTrue(v.contains("2'd1: chosen = held_1;"), v);
    }

    @Test
    void aLiteralIsNamedOnlyWhenAskedTo() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(4));
            UInt k = lit(5, 4).named("limit");
            output("y", Bool()).set(a.lt(k));
        }}));
        assertTrue(v.contains("assign limit = 4'd5;"), v);
        assertTrue(v.contains("assign y = a < limit;"), v);
    }

    @Test
    void aStreamsFireIsNamedAfterTheStreamAndMadeOncePerModule() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            tagmatch.hdl.lib.Stream<UInt> in = input("in", new tagmatch.hdl.lib.Stream<>(UInt(4)));
            UInt q = regInit(UInt(4), 0).named("q");
            in.ready.set(q.eq(0));
            when(in.fire(), () -> q.set(in.bits));
            output("n", Bool()).set(in.fire().not());
            output("y", UInt(4)).set(q);
        }}));
        assertTrue(v.contains("assign in_fire = in_valid & in_ready;"), v);
        assertTrue(v.contains("assign n = ~in_fire;"), v);
        assertFalse(v.contains("in_fire_1"), v);
        assertFalse(v.matches("(?s).*\\b_T\\b.*"), v);
    }
}
