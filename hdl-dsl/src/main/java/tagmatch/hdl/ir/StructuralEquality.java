package tagmatch.hdl.ir;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Value equality of muxes and cases, which compare by structure (an operator compares by
 * identity, a leaf by value). Two equal DAGs that share subexpressions are compared once per pair
 * of nodes, not once per path: a pair found equal is remembered for the rest of the comparison.
 */
final class StructuralEquality {
    private final Map<Expr, Set<Expr>> proven = new IdentityHashMap<>();

    private StructuralEquality() {}

    static boolean equal(Expr a, Expr b) {
        if (a == b) return true;
        if (a.hashCode() != b.hashCode()) return false;
        return new StructuralEquality().same(a, b);
    }

    private boolean same(Expr a, Expr b) {
        if (a == b) return true;
        boolean mux = a instanceof Expr.Mux, kase = a instanceof Expr.Case;
        if (!mux && !kase) return a.equals(b);
        if (a.getClass() != b.getClass() || a.hashCode() != b.hashCode()) return false;
        Set<Expr> known = proven.get(a);
        if (known != null && known.contains(b)) return true;
        boolean equal = mux ? sameMux((Expr.Mux) a, (Expr.Mux) b) : sameCase((Expr.Case) a, (Expr.Case) b);
        if (equal) proven.computeIfAbsent(a, k -> Collections.newSetFromMap(new IdentityHashMap<>())).add(b);
        return equal;
    }

    private boolean sameMux(Expr.Mux a, Expr.Mux b) {
        return same(a.cond(), b.cond()) && same(a.whenTrue(), b.whenTrue()) && same(a.whenFalse(), b.whenFalse());
    }

    private boolean sameCase(Expr.Case a, Expr.Case b) {
        if (!a.keys().equals(b.keys()) || !same(a.selector(), b.selector()) || !same(a.otherwise(), b.otherwise())) return false;
        List<Expr> x = a.values(), y = b.values();
        if (x.size() != y.size()) return false;
        for (int i = 0; i < x.size(); i++) if (!same(x.get(i), y.get(i))) return false;
        return true;
    }

    /** A one-word description of an operand, for the {@code toString} of a node whose full text could be exponential. */
    static String brief(Expr e) {
        if (e instanceof Expr.Ref r) return String.valueOf(r.signal().name());
        if (e instanceof Expr.Lit l) return l.value() + "/" + l.width();
        return e.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }
}
