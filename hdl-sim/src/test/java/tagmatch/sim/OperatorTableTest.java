package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.OperatorSemantics;
import tagmatch.hdl.ir.OperatorSemantics.Operand;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;
import tagmatch.hdl.passes.ConstantFolding;
import tagmatch.hdl.passes.Passes;
import tagmatch.sim.backends.Simulators;

/**
 * One table of every operator at the edges of its widths (1, 63, 64, 65, 127, 128 bits and mixed
 * pairs; signed and unsigned; shifts by 0, 1, the width - 1, the width and past it), each case fed
 * 0, 1, the top bit alone, all but the top bit, all ones and random patterns in every combination
 * of its operands. Every row's result is {@link OperatorSemantics}'s, and Verilator, the
 * interpreter, the compiled backend and constant folding (on the row's operands as literals)
 * each give exactly that. A few rows are also written out by hand, so that the reference itself is
 * pinned to Verilog's meaning where it is easiest to get wrong.
 */
class OperatorTableTest {
    private static final int[] WIDTHS = {1, 63, 64, 65, 127, 128};
    private static final PrimOp[] BINARY = {PrimOp.ADD, PrimOp.SUB, PrimOp.ADD_EXPAND, PrimOp.SUB_EXPAND, PrimOp.MUL,
        PrimOp.AND, PrimOp.OR, PrimOp.XOR, PrimOp.EQ, PrimOp.NE, PrimOp.LT, PrimOp.LE, PrimOp.GT, PrimOp.GE};
    private static final PrimOp[] UNARY = {PrimOp.NOT, PrimOp.ANDR, PrimOp.ORR, PrimOp.XORR, PrimOp.AS_UINT, PrimOp.AS_SINT};
    /** Edge patterns per operand; a row picks one per operand. */
    private static final int EDGES = 7;
    private static final int RANDOM_ROWS = 8;

    /** One table entry: an operator with its parameters over operands of given widths and signedness. */
    record Case(PrimOp op, int n, int m, int[] widths, boolean[] signed, boolean[] amount) {
        String describe() {
            StringBuilder sb = new StringBuilder(op.toString());
            if (op == PrimOp.SHL || op == PrimOp.SHR || op == PrimOp.PAD) sb.append(' ').append(n);
            if (op == PrimOp.BITS) sb.append(' ').append(n).append(':').append(m);
            sb.append(" (");
            for (int i = 0; i < widths.length; i++) sb.append(i > 0 ? ", " : "").append(signed[i] ? "s" : "u").append(widths[i]);
            return sb.append(')').toString();
        }
    }

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (boolean s : new boolean[] {false, true}) {
            for (int w : WIDTHS) {
                for (PrimOp op : BINARY) out.add(two(op, w, s, w, s));
                for (PrimOp op : UNARY) out.add(one(op, 0, 0, w, s));
                for (int n : new int[] {1, 64, w + 1, 129}) out.add(one(PrimOp.PAD, n, 0, w, s));
                for (int n : new int[] {0, 1, 64}) out.add(one(PrimOp.SHL, n, 0, w, s));
                for (int n : new int[] {0, 1, w - 1, w, w + 3}) out.add(one(PrimOp.SHR, n, 0, w, s));
                out.add(one(PrimOp.BITS, w - 1, 0, w, s));
                out.add(one(PrimOp.BITS, w - 1, w - 1, w, s));
                if (w > 2) out.add(one(PrimOp.BITS, w - 2, 1, w, s));
                for (int aw : new int[] {1, 8}) out.add(shift(PrimOp.DSHR, w, s, aw));
                if (w <= 65) for (int aw : new int[] {1, 3, 7}) out.add(shift(PrimOp.DSHL, w, s, aw));
            }
            // operands of different widths: the narrower one is extended by its signedness
            int[][] pairs = {{64, 1}, {1, 64}, {63, 65}, {128, 64}, {65, 127}};
            for (int[] p : pairs) for (PrimOp op : BINARY) out.add(two(op, p[0], s, p[1], s));
        }
        int[][] cats = {{1, 64}, {64, 1}, {63, 65}, {128, 1, 1}, {1, 127}};
        for (int[] c : cats) out.add(new Case(PrimOp.CAT, 0, 0, c, new boolean[c.length], new boolean[c.length]));
        return out;
    }

    private static Case one(PrimOp op, int n, int m, int w, boolean s) {
        return new Case(op, n, m, new int[] {w}, new boolean[] {s}, new boolean[] {false});
    }

    private static Case two(PrimOp op, int wa, boolean sa, int wb, boolean sb) {
        return new Case(op, 0, 0, new int[] {wa, wb}, new boolean[] {sa, sb}, new boolean[] {false, false});
    }

    private static Case shift(PrimOp op, int w, boolean s, int aw) {
        return new Case(op, 0, 0, new int[] {w, aw}, new boolean[] {s, false}, new boolean[] {false, true});
    }

    /** The operand pattern of row {@code row} for operand {@code i} of case {@code c} (its shifted value, for a shift amount). */
    static BigInteger pattern(Case c, int i, int row, Random random) {
        int w = c.widths()[i];
        BigInteger mask = OperatorSemantics.mask(w);
        if (row >= pow(EDGES, c.widths().length)) return new BigInteger(w, random);
        int k = row / pow(EDGES, i) % EDGES;
        if (c.amount()[i]) {
            int x = c.widths()[0];
            long[] amounts = {0, 1, x - 1, x, x + 1, 2L * x + 1, -1};
            return amounts[k] < 0 ? mask : BigInteger.valueOf(amounts[k]).and(mask);
        }
        switch (k) {
            case 0: return BigInteger.ZERO;
            case 1: return BigInteger.ONE;
            case 2: return BigInteger.ONE.shiftLeft(w - 1);
            case 3: return mask.shiftRight(1);
            case 4: return mask;
            case 5: return BigInteger.valueOf(0x5555_5555_5555_5555L).shiftLeft(64).or(BigInteger.valueOf(0x5555_5555_5555_5555L)).and(mask);
            default: return new BigInteger(w, random);
        }
    }

    private static int pow(int b, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) r *= b;
        return r;
    }

    /** The table as one circuit: case {@code i} reads inputs {@code c<i>_<k>} and drives output {@code c<i>_y}. */
    static Circuit circuit(List<Case> cases, boolean literals, BigInteger[][] operands) {
        ModuleDef m = new ModuleDef("optable", "OperatorTableTest", Map.of(), Locator.UNKNOWN);
        List<Stmt> body = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            List<Expr> args = new ArrayList<>();
            for (int k = 0; k < c.widths().length; k++) {
                if (literals) {
                    args.add(new Expr.Lit(operands[i][k], c.widths()[k], c.signed()[k], null));
                } else {
                    args.add(new Expr.Ref(m.addPort("c" + i + "_" + k, Direction.IN, c.widths()[k], c.signed()[k], Locator.UNKNOWN)));
                }
            }
            Expr.Op op = new Expr.Op(c.op(), args, c.n(), c.m(), Locator.UNKNOWN);
            Signal y = m.addPort("c" + i + "_y", Direction.OUT, op.width(), op.signed(), Locator.UNKNOWN);
            body.add(new Stmt.Connect(new Expr.Ref(y), op, List.of(Locator.UNKNOWN)));
        }
        m.body(body);
        return new Circuit(m, List.of(m));
    }

    private static BigInteger expected(Case c, BigInteger[] operands) {
        Operand[] a = new Operand[operands.length];
        for (int k = 0; k < a.length; k++) a[k] = new Operand(operands[k], c.widths()[k], c.signed()[k]);
        return OperatorSemantics.apply(c.op(), c.n(), c.m(), resultWidth(c), a);
    }

    private static int resultWidth(Case c) {
        List<Expr> args = new ArrayList<>();
        for (int k = 0; k < c.widths().length; k++) args.add(new Expr.Lit(BigInteger.ZERO, c.widths()[k], c.signed()[k], null));
        return new Expr.Op(c.op(), args, c.n(), c.m(), Locator.UNKNOWN).width();
    }

    @Test
    void everyOperatorAtTheEdgesOfItsWidthsGivesTheSameResultOnEveryBackend() {
        List<Case> cases = cases();
        int rows = 0;
        for (Case c : cases) rows = Math.max(rows, pow(EDGES, c.widths().length) + RANDOM_ROWS);
        Circuit circuit = circuit(cases, false, null);
        Passes.standard(circuit);
        SimDesign d = CircuitDesigns.of(circuit);
        Random random = new Random(38);
        List<String> wrong = new ArrayList<>();
        try (Simulator v = Simulators.verilator(d); Simulator j = Simulators.interpreter(circuit);
                Simulator k = Simulators.compiled(circuit)) {
            Map<String, Simulator> backends = new java.util.LinkedHashMap<>();
            backends.put("verilator", v);
            backends.put("interpreter", j);
            backends.put("compiled", k);
            for (int row = 0; row < rows; row++) {
                BigInteger[][] operands = new BigInteger[cases.size()][];
                for (int i = 0; i < cases.size(); i++) {
                    Case c = cases.get(i);
                    operands[i] = new BigInteger[c.widths().length];
                    for (int a = 0; a < operands[i].length; a++) {
                        operands[i][a] = pattern(c, a, row % Math.max(1, pow(EDGES, c.widths().length) + RANDOM_ROWS), random);
                        for (Simulator s : backends.values()) s.poke("c" + i + "_" + a, operands[i][a]);
                    }
                }
                List<BigInteger> folded = folded(cases, operands);
                for (int i = 0; i < cases.size(); i++) {
                    Case c = cases.get(i);
                    BigInteger want = expected(c, operands[i]);
                    String row0 = c.describe() + " of " + hex(operands[i]) + ": expected " + want.toString(16);
                    for (Map.Entry<String, Simulator> b : backends.entrySet()) {
                        BigInteger got = b.getValue().peekWide("c" + i + "_y");
                        if (!got.equals(want)) wrong.add(row0 + ", " + b.getKey() + " gives " + got.toString(16));
                    }
                    if (!folded.get(i).equals(want)) wrong.add(row0 + ", constant folding gives " + folded.get(i).toString(16));
                }
            }
        }
        assertEquals(List.of(), wrong.size() > 40 ? wrong.subList(0, 40) : wrong, wrong.size() + " wrong results");
    }

    /** What constant folding makes of each case with this row's operands as literals. */
    private static List<BigInteger> folded(List<Case> cases, BigInteger[][] operands) {
        Circuit c = circuit(cases, true, operands);
        new ConstantFolding().run(c);
        List<BigInteger> out = new ArrayList<>();
        Map<Signal, Expr> driven = new IdentityHashMap<>();
        for (Stmt s : c.top().body()) {
            Stmt.Connect k = (Stmt.Connect) s;
            driven.put(((Expr.Ref) k.sink()).signal(), k.source());
        }
        for (Signal y : c.top().portSignals()) {
            Expr x = driven.get(y);
            out.add(x instanceof Expr.Lit l ? l.value() : BigInteger.valueOf(-1));
        }
        return out;
    }

    private static String hex(BigInteger[] xs) {
        StringBuilder sb = new StringBuilder("[");
        for (BigInteger x : xs) sb.append(sb.length() > 1 ? ", " : "").append(x.toString(16));
        return sb.append(']').toString();
    }

    @Test
    void theReferenceGivesVerilogsAnswerWhereItIsEasiestToGetWrong() {
        BigInteger ones64 = OperatorSemantics.mask(64), ones128 = OperatorSemantics.mask(128);
        BigInteger top128 = BigInteger.ONE.shiftLeft(127);
        // wrapping at 64 bits; the expanding form keeps the carry and the borrow
        assertEquals(BigInteger.ZERO, apply(PrimOp.ADD, 64, u(ones64, 64), u(BigInteger.ONE, 64)));
        assertEquals(BigInteger.ONE.shiftLeft(64), apply(PrimOp.ADD_EXPAND, 65, u(ones64, 64), u(BigInteger.ONE, 64)));
        assertEquals(OperatorSemantics.mask(66), apply(PrimOp.SUB_EXPAND, 66, u(BigInteger.ZERO, 65), u(BigInteger.ONE, 65)));
        // a signed product: -1 * -1 = 1 in 128 bits; unsigned, (2^64-1)^2
        assertEquals(BigInteger.ONE, apply(PrimOp.MUL, 128, s(ones64, 64), s(ones64, 64)));
        assertEquals(ones64.multiply(ones64), apply(PrimOp.MUL, 128, u(ones64, 64), u(ones64, 64)));
        // the most negative 128-bit value is below the most positive when signed, above it when not
        assertEquals(BigInteger.ONE, apply(PrimOp.LT, 1, s(top128, 128), s(top128.subtract(BigInteger.ONE), 128)));
        assertEquals(BigInteger.ZERO, apply(PrimOp.LT, 1, u(top128, 128), u(top128.subtract(BigInteger.ONE), 128)));
        // a signed 1-bit 1 is -1: sign-extended to 64 bits it is all ones
        assertEquals(ones64, apply(PrimOp.AND, 64, s(BigInteger.ONE, 1), s(ones64, 64)));
        assertEquals(ones128, apply(PrimOp.PAD, 128, 128, s(ones64, 64)));
        // shifts past the width: zero, or the sign bit for a signed right shift
        assertEquals(BigInteger.ONE, apply(PrimOp.SHR, 1, 70, s(BigInteger.ONE.shiftLeft(64), 65)));
        assertEquals(BigInteger.ZERO, apply(PrimOp.SHR, 1, 70, u(BigInteger.ONE.shiftLeft(64), 65)));
        assertEquals(ones128, apply(PrimOp.DSHR, 128, s(top128, 128), u(BigInteger.valueOf(255), 8)));
        assertEquals(BigInteger.ZERO, apply(PrimOp.DSHR, 128, u(top128, 128), u(BigInteger.valueOf(128), 8)));
        assertEquals(BigInteger.ONE.shiftLeft(7), apply(PrimOp.DSHL, 8, u(BigInteger.ONE, 1), u(BigInteger.valueOf(7), 3)));
        assertEquals(BigInteger.ONE, apply(PrimOp.XORR, 1, u(ones128.shiftRight(1), 128)));
    }

    private static BigInteger apply(PrimOp op, int w, Operand... a) {
        return OperatorSemantics.apply(op, 0, 0, w, a);
    }

    private static BigInteger apply(PrimOp op, int w, int n, Operand a) {
        return OperatorSemantics.apply(op, n, 0, w, a);
    }

    private static Operand u(BigInteger bits, int w) {
        return new Operand(bits, w, false);
    }

    private static Operand s(BigInteger bits, int w) {
        return new Operand(bits, w, true);
    }
}
