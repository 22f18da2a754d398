package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** The documented width rules of every operator, and what constant folding computes with them. */
class WidthRulesTest {

    @Test
    void everyOperatorHasItsDocumentedWidth() {
        Map<String, Integer> w = new LinkedHashMap<>();
        Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(8));
            UInt b = input("b", UInt(4));
            Bool c = input("c", Bool());
            SInt s = input("s", SInt(6));
            w.put("add", a.add(b).width());
            w.put("addExpand", a.addExpand(b).width());
            w.put("sub", a.sub(b).width());
            w.put("subExpand", a.subExpand(b).width());
            w.put("mul", a.mul(b).width());
            w.put("and", a.and(b).width());
            w.put("not", a.not().width());
            w.put("eq", a.eq(b).width());
            w.put("andR", a.andR().width());
            w.put("shl3", a.shl(3).width());
            w.put("shr3", a.shr(3).width());
            w.put("shr10", a.shr(10).width());
            w.put("dshl", a.shl(b).width());
            w.put("dshr", a.shr(b).width());
            w.put("cat", cat(a, b, c).width());
            w.put("bits", a.bits(5, 2).width());
            w.put("pad", b.pad(12).width());
            w.put("padNarrower", a.pad(4).width());
            w.put("truncate", a.truncate(3).width());
            w.put("mux", mux(c, a, b).width());
            w.put("sadd", s.add(s).width());
            w.put("smul", s.mul(s).width());
            w.put("fill", fill(5, c).width());
            output("y", Bool()).set(c);
            sink(a, b, s);
        }});
        Map<String, Integer> expected = new LinkedHashMap<>();
        expected.put("add", 8); expected.put("addExpand", 9); expected.put("sub", 8); expected.put("subExpand", 9);
        expected.put("mul", 12); expected.put("and", 8); expected.put("not", 8); expected.put("eq", 1);
        expected.put("andR", 1); expected.put("shl3", 11); expected.put("shr3", 5); expected.put("shr10", 1);
        expected.put("dshl", 8 + 15); expected.put("dshr", 8); expected.put("cat", 13); expected.put("bits", 4);
        expected.put("pad", 12); expected.put("padNarrower", 8); expected.put("truncate", 3); expected.put("mux", 8);
        expected.put("sadd", 6); expected.put("smul", 12); expected.put("fill", 5);
        assertEquals(expected, w);
    }

    /** Keeps unused inputs out of the way of the undriven checks (inputs need no driver). */
    private static void sink(Data... unused) {}

    private static String verilogOf(java.util.function.Supplier<? extends Module> m) {
        return VerilogEmitter.emit(Elaborator.elaborate(m));
    }

    @Test
    void wrappingAddDropsTheCarryAndExpandingAddKeepsIt() {
        String v = verilogOf(() -> new Module() {{
            output("wrapped", UInt(8)).set(lit(200, 8).add(lit(100, 8)));
            output("expanded", UInt(9)).set(lit(200, 8).addExpand(lit(100, 8)));
            output("diff", UInt(8)).set(lit(3, 8).sub(lit(5, 8)));
            output("neg", SInt(8)).set(slit(3, 8).sub(slit(5, 8)));
        }});
        assertTrue(v.contains("assign wrapped = 8'd44;"), v);
        assertTrue(v.contains("assign expanded = 9'd300;"), v);
        assertTrue(v.contains("assign diff = 8'd254;"), v);
        assertTrue(v.contains("assign neg = 8'sd254;"), v);
    }

    @Test
    void wideningAConnectionExtendsExplicitly() {
        String v = verilogOf(() -> new Module() {{
            UInt a = input("a", UInt(4));
            SInt s = input("s", SInt(4));
            output("y", UInt(8)).set(a);
            output("z", SInt(8)).set(s);
        }});
        assertTrue(v.contains("assign y = {4'd0, a};"), v);
        assertTrue(v.contains("assign z = $signed({{4{s[3]}}, s});"), v);
    }

    @Test
    void operandsAreExtendedToTheOperatorWidthSoVerilogCannotKeepACarry() {
        String v = verilogOf(() -> new Module() {{
            UInt a = input("a", UInt(8));
            UInt b = input("b", UInt(4));
            UInt c = input("c", UInt(9));
            output("y", Bool()).set(a.add(b).eq(c));
        }});
        assertTrue(v.contains("{1'd0, a + {4'd0, b}} == c"), v);
    }
}
