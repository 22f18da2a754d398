package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.OperatorSemantics;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates operators whose operands are all literals, resolves muxes with a constant select
 * or equal branches, and applies the identities {@code x & 0}, {@code x & ~0}, {@code x | 0},
 * {@code x ^ 0} and {@code ~~x = x} (also through a concatenation: {@code ~{~a, b} = {a, ~b}}), and
 * drops a pad to the width its operand already has. An unsigned comparison that its operand's
 * range decides ({@code x >= 0}, {@code x < 0}, {@code x <= 255} for 8 bits) becomes that constant,
 * as does a comparison of a value with itself ({@code x < x}, {@code x == x}):
 * Verilator's lint rejects it otherwise (UNSIGNED, CMPCONST). Results keep their width and signedness exactly; unnamed values only (a value
 * the user named stays visible in the Verilog).
 */
public final class ConstantFolding implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) {
            Map<Expr, Expr> memo = new IdentityHashMap<>();
            List<Stmt> out = new ArrayList<>();
            for (Stmt s : m.body()) {
                if (s instanceof Stmt.Connect k) {
                    out.add(new Stmt.Connect(k.sink(), fold(k.source(), memo), k.locators()));
                } else if (s instanceof Stmt.Print p) {
                    Expr en = fold(p.enable(), memo);
                    if (en instanceof Expr.Lit l && l.isZero()) continue;
                    List<Expr> args = new ArrayList<>();
                    for (Expr a : p.args()) args.add(fold(a, memo));
                    out.add(p.with(en, args));
                } else {
                    Stmt.MemWrite w = (Stmt.MemWrite) s;
                    Expr en = fold(w.enable(), memo);
                    if (en instanceof Expr.Lit l && l.isZero()) continue;
                    out.add(w.with(fold(w.address(), memo), fold(w.data(), memo), en, fold(w.mask(), memo)));
                }
            }
            m.body(out);
            for (Signal s : m.signals())
                if (s.kind() == Signal.Kind.REG && s.reset() != null)
                    s.registerTiming(s.clock(), fold(s.reset(), memo), fold(s.resetValue(), memo));
        }
    }

    static Expr fold(Expr e, Map<Expr, Expr> memo) {
        return Exprs.map(e, memo, ConstantFolding::simplify);
    }

    private static Expr simplify(Expr e) {
        if (e instanceof Expr.Mux m) {
            if (m.cond() instanceof Expr.Lit l) return fit(l.isZero() ? m.whenFalse() : m.whenTrue(), m.width(), m.signed());
            if (m.whenTrue().equals(m.whenFalse())) return m.whenTrue();
            return m;
        }
        if (!(e instanceof Expr.Op op) || op.name() != null) return e;
        boolean allLit = true;
        for (Expr a : op.args) allLit &= a instanceof Expr.Lit;
        if (allLit) return evaluate(op);
        if (op.op == PrimOp.NOT) return invert(op);
        Expr.Lit decided = rangeDecided(op);
        if (decided != null) return decided;
        decided = selfComparison(op);
        if (decided != null) return decided;
        // pad to the width it already has: a no-op, kept only when it carries a name
        if (op.op == PrimOp.PAD && op.args.get(0).width() == op.width()) return op.args.get(0);
        if (op.args.size() == 2 && (op.op == PrimOp.AND || op.op == PrimOp.OR || op.op == PrimOp.XOR)) {
            for (int i = 0; i < 2; i++) {
                if (!(op.args.get(i) instanceof Expr.Lit l)) continue;
                Expr other = op.args.get(1 - i);
                if (op.op == PrimOp.AND && l.isZero()) return lit(BigInteger.ZERO, op.width(), op.signed());
                boolean identity = op.op == PrimOp.AND ? l.isAllOnes() && l.width() == op.width() : l.isZero();
                if (identity && other.width() == op.width()) return other;
            }
        }
        return e;
    }

    /**
     * Double inversions cancel: {@code ~~x} is {@code x}, and an inverted concatenation with an
     * inverted part is the concatenation of the inverted parts, so {@code ~{~v, i}} (a priority
     * index turned into a position) reads {@code {v, ~i}}. A named value is not looked into.
     */
    private static Expr invert(Expr.Op not) {
        Expr x = not.args.get(0);
        if (!(x instanceof Expr.Op inner) || inner.name() != null) return not;
        if (inner.op == PrimOp.NOT) return inner.args.get(0);
        if (inner.op != PrimOp.CAT || inner.args.stream().noneMatch(ConstantFolding::isUnnamedNot)) return not;
        List<Expr> parts = new ArrayList<>();
        for (Expr part : inner.args) parts.add(simplify(new Expr.Op(PrimOp.NOT, List.of(part), 0, 0, not.locator)));
        return new Expr.Op(PrimOp.CAT, parts, 0, 0, not.locator);
    }

    private static boolean isUnnamedNot(Expr x) {
        return x instanceof Expr.Op op && op.op == PrimOp.NOT && op.name() == null;
    }

    /**
     * The value of an unsigned comparison of a value {@code x} with a literal when every value
     * {@code x} can hold gives the same answer, else null. Written with the literal on the right;
     * a literal on the left is the mirrored comparison.
     */
    private static Expr.Lit rangeDecided(Expr.Op op) {
        PrimOp p = op.op;
        if (p != PrimOp.LT && p != PrimOp.LE && p != PrimOp.GT && p != PrimOp.GE) return null;
        Expr a = op.args.get(0), b = op.args.get(1);
        if (a.signed() || b.signed() || (a instanceof Expr.Lit) == (b instanceof Expr.Lit)) return null;
        if (a instanceof Expr.Lit) {
            p = p == PrimOp.LT ? PrimOp.GT : p == PrimOp.LE ? PrimOp.GE : p == PrimOp.GT ? PrimOp.LT : PrimOp.LE;
            Expr t = a; a = b; b = t;
        }
        BigInteger c = ((Expr.Lit) b).value();
        BigInteger max = mask(a.width());
        Boolean r = null;
        switch (p) {
            case LT: if (c.signum() == 0) r = false; else if (c.compareTo(max) > 0) r = true; break;
            case GE: if (c.signum() == 0) r = true; else if (c.compareTo(max) > 0) r = false; break;
            case LE: if (c.compareTo(max) >= 0) r = true; break;
            case GT: if (c.compareTo(max) >= 0) r = false; break;
            default: break;
        }
        return r == null ? null : lit(bool(r), 1, false);
    }

    /** The value of a comparison of a value with itself, else null. */
    private static Expr.Lit selfComparison(Expr.Op op) {
        PrimOp p = op.op;
        boolean reflexive = p == PrimOp.EQ || p == PrimOp.LE || p == PrimOp.GE;
        if (!reflexive && p != PrimOp.NE && p != PrimOp.LT && p != PrimOp.GT) return null;
        return op.args.get(0).equals(op.args.get(1)) ? lit(bool(reflexive), 1, false) : null;
    }

    /** A value widened to {@code width} (the width of the mux it replaces). */
    private static Expr fit(Expr e, int width, boolean signed) {
        if (e.width() == width) return e;
        if (e instanceof Expr.Lit l) return lit(new OperatorSemantics.Operand(l.value(), l.width(), l.signed()).extendedTo(width), width, signed);
        return new Expr.Op(PrimOp.PAD, List.of(e), width, 0, tagmatch.hdl.ir.Locator.UNKNOWN);
    }

    private static Expr evaluate(Expr.Op op) {
        OperatorSemantics.Operand[] a = new OperatorSemantics.Operand[op.args.size()];
        for (int i = 0; i < a.length; i++) {
            Expr.Lit l = (Expr.Lit) op.args.get(i);
            a[i] = new OperatorSemantics.Operand(l.value(), l.width(), l.signed());
        }
        return lit(OperatorSemantics.apply(op.op, op.n, op.m, op.width(), a), op.width(), op.signed());
    }

    private static BigInteger bool(boolean b) {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }

    private static BigInteger mask(int w) {
        return OperatorSemantics.mask(w);
    }

    private static Expr.Lit lit(BigInteger v, int w, boolean signed) {
        return new Expr.Lit(v, w, signed, null);
    }
}
