package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.math.BigInteger;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static tagmatch.hdl.core.Hdl.*;

/**
 * What constant folding computes, on IR built by hand: every operator over literals (with the
 * result's exact width and signedness, two's complement for signed operands), muxes with a
 * constant select or equal branches, the identities of AND, OR and XOR only where they are
 * identities, and, on whole circuits, dropped never-enabled memory writes and folded register
 * reset values.
 */
class ConstantFoldingTest {
    private static final ModuleDef M = new ModuleDef("m", "test", Map.of(), Locator.UNKNOWN);
    private static final Expr A8 = port("a8", 8, false);
    private static final Expr B8 = port("b8", 8, false);
    private static final Expr A4 = port("a4", 4, false);
    private static final Expr S8 = port("s8", 8, true);
    private static final Expr C = port("c", 1, false);

    private static Expr port(String name, int width, boolean signed) {
        return new Expr.Ref(M.addPort(name, Direction.IN, width, signed, Locator.UNKNOWN));
    }

    private static Expr.Lit u(long value, int width) {
        return new Expr.Lit(BigInteger.valueOf(value), width, false, null);
    }

    /** A signed literal: the two's complement bit pattern of {@code value}. */
    private static Expr.Lit s(long value, int width) {
        BigInteger mask = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        return new Expr.Lit(BigInteger.valueOf(value).and(mask), width, true, null);
    }

    private static Expr.Op op(PrimOp p, Expr... args) {
        return op(p, 0, 0, args);
    }

    private static Expr.Op op(PrimOp p, int n, int m, Expr... args) {
        return new Expr.Op(p, List.of(args), n, m, Locator.UNKNOWN);
    }

    private static Expr fold(Expr e) {
        return ConstantFolding.fold(e, new IdentityHashMap<>());
    }

    @Test
    void comparisonsOfUnsignedLiteralsGiveOneBit() {
        long[][] pairs = {{3, 5}, {5, 5}, {5, 3}};
        // Expected EQ NE LT LE GT GE for each pair.
        int[][] expected = {{0, 1, 1, 1, 0, 0}, {1, 0, 0, 1, 0, 1}, {0, 1, 0, 0, 1, 1}};
        PrimOp[] ops = {PrimOp.EQ, PrimOp.NE, PrimOp.LT, PrimOp.LE, PrimOp.GT, PrimOp.GE};
        for (int p = 0; p < pairs.length; p++) {
            for (int i = 0; i < ops.length; i++) {
                assertEquals(u(expected[p][i], 1), fold(op(ops[i], u(pairs[p][0], 4), u(pairs[p][1], 4))),
                        pairs[p][0] + " " + ops[i] + " " + pairs[p][1]);
            }
        }
    }

    @Test
    void signedLiteralsCompareAsTwosComplementAndUnsignedOnesDoNot() {
        assertEquals(u(1, 1), fold(op(PrimOp.LT, s(-3, 4), s(2, 4))), "-3 < 2");
        assertEquals(u(0, 1), fold(op(PrimOp.GT, s(-3, 4), s(2, 4))), "-3 > 2");
        assertEquals(u(0, 1), fold(op(PrimOp.LT, s(3, 4), s(2, 4))), "3 < 2");
        assertEquals(u(0, 1), fold(op(PrimOp.LT, u(13, 4), u(2, 4))), "unsigned 13 < 2");
    }

    @Test
    void arithmeticWrapsToTheOperatorWidthAndKeepsSignedness() {
        assertEquals(u(44, 8), fold(op(PrimOp.ADD, u(200, 8), u(100, 8))));
        assertEquals(u(300, 9), fold(op(PrimOp.ADD_EXPAND, u(200, 8), u(100, 8))));
        assertEquals(s(-2, 8), fold(op(PrimOp.SUB, s(3, 8), s(5, 8))));
        assertEquals(s(-6, 8), fold(op(PrimOp.MUL, s(-3, 4), s(2, 4))));
        assertEquals(u(0b1010, 4), fold(op(PrimOp.NOT, u(0b0101, 4))));
        assertEquals(u(0b0110, 4), fold(op(PrimOp.XOR, u(0b0101, 4), u(0b0011, 4))));
    }

    @Test
    void reductionsLookAtEveryBit() {
        assertEquals(u(1, 1), fold(op(PrimOp.ANDR, u(0b1111, 4))));
        assertEquals(u(0, 1), fold(op(PrimOp.ANDR, u(0b0111, 4))));
        assertEquals(u(0, 1), fold(op(PrimOp.ORR, u(0, 4))));
        assertEquals(u(1, 1), fold(op(PrimOp.ORR, u(0b0100, 4))));
        assertEquals(u(0, 1), fold(op(PrimOp.XORR, u(0b0110, 4))), "even number of ones");
        assertEquals(u(1, 1), fold(op(PrimOp.XORR, u(0b0111, 4))), "odd number of ones");
    }

    @Test
    void shiftsConcatenationSlicesAndCasts() {
        assertEquals(u(12, 6), fold(op(PrimOp.SHL, 2, 0, u(3, 4))));
        assertEquals(u(3, 3), fold(op(PrimOp.SHR, 1, 0, u(6, 4))));
        assertEquals(u(12, 7), fold(op(PrimOp.DSHL, u(3, 4), u(2, 2))), "4 + 2^2 - 1 bits");
        assertEquals(u(3, 4), fold(op(PrimOp.DSHR, u(12, 4), u(2, 2))));
        assertEquals(u(0b10010, 5), fold(op(PrimOp.CAT, u(1, 1), u(2, 4))), "first argument most significant");
        assertEquals(u(0b101, 3), fold(op(PrimOp.BITS, 3, 1, u(0b1010, 4))));
        assertEquals(s(-2, 8), fold(op(PrimOp.PAD, 8, 0, s(-2, 4))), "signed pad extends the sign");
        assertEquals(u(14, 8), fold(op(PrimOp.PAD, 8, 0, u(14, 4))), "unsigned pad extends with zeros");
        assertEquals(u(15, 4), fold(op(PrimOp.AS_UINT, s(-1, 4))));
        assertEquals(s(-1, 4), fold(op(PrimOp.AS_SINT, u(15, 4))));
    }

    @Test
    void aConstantSelectPicksItsBranchWidenedToTheMuxWidth() {
        assertSame(A8, fold(new Expr.Mux(u(1, 1), A8, B8)));
        assertSame(B8, fold(new Expr.Mux(u(0, 1), A8, B8)));
        assertEquals(u(3, 8), fold(new Expr.Mux(u(1, 1), u(3, 2), B8)), "unsigned literal zero-extended");
        assertEquals(s(-1, 8), fold(new Expr.Mux(u(1, 1), s(-1, 4), S8)), "signed literal sign-extended");
        Expr padded = fold(new Expr.Mux(u(1, 1), A4, B8));
        Expr.Op pad = (Expr.Op) padded;
        assertEquals(PrimOp.PAD, pad.op);
        assertEquals(List.of(A4), pad.args);
        assertEquals(8, pad.width());
    }

    @Test
    void aMuxWithEqualBranchesIsThatBranchAndOtherMuxesStay() {
        assertSame(A8, fold(new Expr.Mux(C, A8, A8)));
        Expr.Mux m = new Expr.Mux(C, A8, B8);
        assertSame(m, fold(m));
    }

    @Test
    void unsignedComparisonsDecidedByTheRangeOfTheirOperandAreConstants() {
        assertEquals(u(1, 1), fold(op(PrimOp.GE, A8, u(0, 8))), "a8 >= 0");
        assertEquals(u(0, 1), fold(op(PrimOp.LT, A8, u(0, 4))), "a8 < 0");
        assertEquals(u(1, 1), fold(op(PrimOp.LE, A8, u(255, 8))), "a8 <= 255");
        assertEquals(u(0, 1), fold(op(PrimOp.GT, A4, u(15, 8))), "a4 > 15");
        assertEquals(u(1, 1), fold(op(PrimOp.LT, A4, u(16, 8))), "a4 < 16");
        assertEquals(u(0, 1), fold(op(PrimOp.GT, u(0, 8), A8)), "0 > a8");
        assertEquals(u(1, 1), fold(op(PrimOp.GE, u(15, 4), A4)), "15 >= a4");
        // Decided by a value, not by the range, or signed: kept.
        for (Expr.Op kept : List.of(op(PrimOp.LT, A8, u(1, 8)), op(PrimOp.LE, A8, u(254, 8)), op(PrimOp.GT, A4, u(14, 8)),
                op(PrimOp.GE, S8, s(0, 8)), op(PrimOp.LT, S8, s(0, 8)), op(PrimOp.LT, A8, B8))) {
            assertSame(kept, fold(kept), kept.toString());
        }
    }

    @Test
    void aValueComparedWithItselfIsAConstant() {
        PrimOp[] ops = {PrimOp.EQ, PrimOp.NE, PrimOp.LT, PrimOp.LE, PrimOp.GT, PrimOp.GE};
        int[] expected = {1, 0, 0, 1, 0, 1};
        for (int i = 0; i < ops.length; i++) {
            assertEquals(u(expected[i], 1), fold(op(ops[i], A8, A8)), "a8 " + ops[i] + " a8");
            assertEquals(u(expected[i], 1), fold(op(ops[i], S8, S8)), "s8 " + ops[i] + " s8");
        }
        Expr.Op kept = op(PrimOp.LT, A8, B8);
        assertSame(kept, fold(kept), "two values");
    }

    @Test
    void andWithZeroIsZeroOnEitherSide() {
        assertEquals(u(0, 8), fold(op(PrimOp.AND, A8, u(0, 8))));
        assertEquals(u(0, 8), fold(op(PrimOp.AND, u(0, 8), A8)));
        assertEquals(s(0, 8), fold(op(PrimOp.AND, S8, s(0, 8))), "keeps signedness");
    }

    @Test
    void identitiesApplyOnlyWhereTheyLeaveTheValueUnchanged() {
        assertSame(A8, fold(op(PrimOp.AND, A8, u(255, 8))));
        assertSame(A8, fold(op(PrimOp.AND, u(255, 8), A8)));
        assertSame(A8, fold(op(PrimOp.OR, A8, u(0, 8))));
        assertSame(A8, fold(op(PrimOp.XOR, u(0, 8), A8)));
        // Not identities: a narrower all-ones constant is zero-extended first; a narrower operand
        // would change width; ADD and non-zero constants are not touched.
        for (Expr.Op kept : List.of(op(PrimOp.AND, A8, u(15, 4)), op(PrimOp.AND, A8, u(15, 8)),
                op(PrimOp.OR, A4, u(0, 8)), op(PrimOp.XOR, u(0, 8), A4), op(PrimOp.OR, A8, u(1, 8)),
                op(PrimOp.ADD, A8, u(0, 8)), op(PrimOp.CAT, A8, u(0, 8)))) {
            assertSame(kept, fold(kept), kept.toString());
        }
    }

    @Test
    void doubleInversionsCancelAlsoThroughAConcatenation() {
        assertSame(A8, fold(op(PrimOp.NOT, op(PrimOp.NOT, A8))));
        assertSame(S8, fold(op(PrimOp.NOT, op(PrimOp.NOT, S8))), "keeps signedness");
        // ~{~c, a4} = {c, ~a4}: same width, same bits
        Expr.Op cat = (Expr.Op) fold(op(PrimOp.NOT, op(PrimOp.CAT, op(PrimOp.NOT, C), A4)));
        assertEquals(PrimOp.CAT, cat.op);
        assertSame(C, cat.args.get(0));
        assertEquals(PrimOp.NOT, ((Expr.Op) cat.args.get(1)).op);
        assertSame(A4, ((Expr.Op) cat.args.get(1)).args.get(0));
        assertEquals(5, cat.width());
        // a literal part is inverted in place
        Expr.Op withLit = (Expr.Op) fold(op(PrimOp.NOT, op(PrimOp.CAT, op(PrimOp.NOT, C), u(5, 4))));
        assertEquals(u(10, 4), withLit.args.get(1));
        // through a pad to the same width (what a generic "pad to w" leaves when already w wide)
        Expr.Op padded = (Expr.Op) fold(op(PrimOp.NOT, op(PrimOp.PAD, 5, 0, op(PrimOp.CAT, op(PrimOp.NOT, C), A4))));
        assertEquals(PrimOp.CAT, padded.op);
        assertSame(C, padded.args.get(0));
        Expr.Op widening = op(PrimOp.PAD, 8, 0, A4);
        assertSame(widening, fold(widening), "a pad that widens stays");
        // nothing cancels: left as written; a named inner value is not looked into
        Expr.Op plain = op(PrimOp.NOT, op(PrimOp.CAT, C, A4));
        assertSame(plain, fold(plain));
        Expr.Op named = op(PrimOp.NOT, A8);
        named.name("n");
        Expr.Op outer = op(PrimOp.NOT, named);
        assertSame(outer, fold(outer));
    }

    @Test
    void aNamedValueIsNotFolded() {
        Expr.Op named = op(PrimOp.ADD, u(1, 4), u(2, 4));
        named.name("kept");
        assertSame(named, fold(named));
    }

    private static Signal signal(Circuit c, String name) {
        return c.top().signals().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aMemoryWriteThatCanNeverHappenIsDroppedAndOthersStay() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt addr = input("addr", UInt(2));
            UInt d = input("d", UInt(4));
            Bool we = input("we", Bool());
            Mem<UInt> ram = mem(4, UInt(4)).named("ram");
            when(FALSE(), () -> ram.write(addr, d));
            when(we, () -> ram.write(addr, d.not()));
            output("q", UInt(4)).set(ram.read(addr));
        }});
        List<Stmt> writes = c.top().body().stream().filter(s -> s instanceof Stmt.MemWrite).toList();
        assertEquals(1, writes.size(), writes.toString());
        assertEquals(PrimOp.NOT, ((Expr.Op) ((Stmt.MemWrite) writes.get(0)).data()).op);
    }

    @Test
    void aDerivedRegisterResetIsFolded() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            Bool clear = input("clear", Bool());
            UInt d = input("d", UInt(4));
            withReset(clear.or(FALSE()), () -> {
                UInt r = regInit(UInt(4), 3).named("r");
                r.set(d);
                output("q", UInt(4)).set(r);
            });
            UInt free = reg(UInt(4)).named("free");
            free.set(d);
            output("p", UInt(4)).set(free);
        }});
        Signal r = signal(c, "r");
        assertEquals(signal(c, "clear"), ((Expr.Ref) r.reset()).signal(), "clear | 0 is clear");
        assertEquals(u(3, 4), r.resetValue());
        assertEquals(null, signal(c, "free").reset(), "a register without reset stays without");
    }
}
