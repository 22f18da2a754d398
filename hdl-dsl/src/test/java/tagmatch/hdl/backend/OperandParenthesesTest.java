package tagmatch.hdl.backend;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

/**
 * An operator between two calls or two concatenations is no single operand, though its text
 * starts with one and ends with another: negated, it is parenthesized, or {@code !} would apply
 * to the first call alone ({@code !$signed(a) < $signed(b)} is {@code (!$signed(a)) < $signed(b)}).
 */
class OperandParenthesesTest {
    /** Registers that hold while a signed comparison, or one of two concatenations, is true. */
    static final class Held extends Module {
        Held() {
            SInt a = input("a", SInt(8));
            SInt b = input("b", SInt(12));
            UInt c = input("c", UInt(4));
            UInt d = input("d", UInt(4));
            UInt r = reg(UInt(8)).named("r");
            UInt s = reg(UInt(8)).named("s");
            when(a.lt(b), () -> { }).otherwise(() -> r.set(r.add(1).bits(7, 0)));
            when(cat(c, d).eq(cat(d, c)), () -> { }).otherwise(() -> s.set(s.add(1).bits(7, 0)));
            output("r_out", UInt(8)).set(r);
            output("s_out", UInt(8)).set(s);
        }
    }

    @Test
    void aNegatedComparisonOfCallsOrConcatenationsIsParenthesized(@TempDir Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(Held::new);
        String v = VerilogEmitter.emit(c);
        assertFalse(v.contains("!$signed("), v);
        assertFalse(v.contains("!{"), v);
        assertTrue(v.contains("if (!("), v);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        for (VerilogTools.Result r : VerilogTools.readers(files, "Held"))
            assertTrue(r.ok(), () -> r.tool() + ":\n" + r.output() + "\n" + v);
    }

    @Test
    void onlyTextThatOneBracketEnclosesWhollyIsOneOperand() {
        assertTrue(ExpressionWriter.enclosed("$signed(a)", 7, '(', ')'));
        assertFalse(ExpressionWriter.enclosed("$signed(a) < $signed(b)", 7, '(', ')'));
        assertTrue(ExpressionWriter.enclosed("{a, {b, c}}", 0, '{', '}'));
        assertFalse(ExpressionWriter.enclosed("{a, b} == {c, d}", 0, '{', '}'));
        assertFalse(ExpressionWriter.enclosed("a + b", -1, '(', ')'));
    }
}
