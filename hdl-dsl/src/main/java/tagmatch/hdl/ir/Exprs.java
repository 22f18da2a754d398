package tagmatch.hdl.ir;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/** Traversal helpers over the expression DAG (shared subexpressions are visited once). */
public final class Exprs {
    private Exprs() {}

    /** The direct operands of {@code e}. */
    public static List<Expr> children(Expr e) {
        return e.accept(CHILDREN);
    }

    private static final Expr.Visitor<List<Expr>> CHILDREN = new Expr.Visitor<>() {
        @Override public List<Expr> ref(Expr.Ref x) { return List.of(); }
        @Override public List<Expr> instRef(Expr.InstRef x) { return List.of(); }
        @Override public List<Expr> lit(Expr.Lit x) { return List.of(); }
        @Override public List<Expr> op(Expr.Op x) { return x.args; }
        @Override public List<Expr> mux(Expr.Mux x) { return List.of(x.cond(), x.whenTrue(), x.whenFalse()); }
        @Override public List<Expr> caseOf(Expr.Case x) {
            List<Expr> out = new ArrayList<>();
            out.add(x.selector());
            out.addAll(x.values());
            out.add(x.otherwise());
            return out;
        }
        @Override public List<Expr> memRead(Expr.MemRead x) { return List.of(x.address()); }
        @Override public List<Expr> invalid(Expr.Invalid x) { return List.of(); }
    };

    /** Whether {@code e} is read where it is, never computed: a signal, a port of an instance or a literal. */
    public static boolean isLeaf(Expr e) {
        return e.accept(LEAF);
    }

    /** Whether {@code e} is computed from other values: an operation, a mux, a case or a memory read. */
    public static boolean isComputed(Expr e) {
        return !isLeaf(e) && !(e instanceof Expr.Invalid);
    }

    private static final Expr.Visitor<Boolean> LEAF = new Expr.Visitor<>() {
        @Override public Boolean ref(Expr.Ref x) { return true; }
        @Override public Boolean instRef(Expr.InstRef x) { return true; }
        @Override public Boolean lit(Expr.Lit x) { return true; }
        @Override public Boolean op(Expr.Op x) { return false; }
        @Override public Boolean mux(Expr.Mux x) { return false; }
        @Override public Boolean caseOf(Expr.Case x) { return false; }
        @Override public Boolean memRead(Expr.MemRead x) { return false; }
        @Override public Boolean invalid(Expr.Invalid x) { return false; }
    };

    /** Calls {@code visit} on every node reachable from {@code root}, once each, children first. */
    public static void forEach(Expr root, Map<Expr, Boolean> seen, Consumer<Expr> visit) {
        if (seen.put(root, Boolean.TRUE) != null) return;
        for (Expr c : children(root)) forEach(c, seen, visit);
        visit.accept(root);
    }

    public static void forEach(Expr root, Consumer<Expr> visit) {
        forEach(root, new IdentityHashMap<>(), visit);
    }

    /**
     * Rebuilds {@code e} bottom-up with {@code rewrite} applied to every node after its children;
     * unchanged subtrees keep their identity, and shared subtrees stay shared through {@code memo}.
     */
    public static Expr map(Expr e, Map<Expr, Expr> memo, Function<Expr, Expr> rewrite) {
        Expr done = memo.get(e);
        if (done != null) return done;
        Expr out = rewrite.apply(e.accept(new Rebuild(memo, rewrite)));
        memo.put(e, out);
        return out;
    }

    /** A node with its operands mapped; the node itself when none changed. */
    private record Rebuild(Map<Expr, Expr> memo, Function<Expr, Expr> rewrite) implements Expr.Visitor<Expr> {
        @Override public Expr ref(Expr.Ref x) { return x; }
        @Override public Expr instRef(Expr.InstRef x) { return x; }
        @Override public Expr lit(Expr.Lit x) { return x; }
        @Override public Expr invalid(Expr.Invalid x) { return x; }

        @Override
        public Expr op(Expr.Op op) {
            List<Expr> args = mapAll(op.args, memo, rewrite);
            return args != op.args ? op.withArgs(args) : op;
        }

        @Override
        public Expr mux(Expr.Mux m) {
            Expr c = map(m.cond(), memo, rewrite), t = map(m.whenTrue(), memo, rewrite), f = map(m.whenFalse(), memo, rewrite);
            return c != m.cond() || t != m.whenTrue() || f != m.whenFalse() ? new Expr.Mux(c, t, f, m.locator()) : m;
        }

        @Override
        public Expr caseOf(Expr.Case k) {
            Expr sel = map(k.selector(), memo, rewrite), other = map(k.otherwise(), memo, rewrite);
            List<Expr> vals = mapAll(k.values(), memo, rewrite);
            return sel != k.selector() || other != k.otherwise() || vals != k.values()
                    ? new Expr.Case(sel, k.keys(), vals, other, k.locator()) : k;
        }

        @Override
        public Expr memRead(Expr.MemRead r) {
            Expr a = map(r.address(), memo, rewrite);
            return a != r.address() ? new Expr.MemRead(r.memory(), a) : r;
        }
    }

    private static List<Expr> mapAll(List<Expr> in, Map<Expr, Expr> memo, Function<Expr, Expr> rewrite) {
        List<Expr> out = null;
        for (int i = 0; i < in.size(); i++) {
            Expr x = map(in.get(i), memo, rewrite);
            if (x != in.get(i) && out == null) out = new ArrayList<>(in.subList(0, i));
            if (out != null) out.add(x);
        }
        return out == null ? in : out;
    }

    /** Every statement of a (possibly nested) body, depth first. */
    public static void forEachStmt(List<Stmt> body, Consumer<Stmt> visit) {
        for (Stmt s : body) {
            visit.accept(s);
            if (s instanceof Stmt.When w) {
                forEachStmt(w.then(), visit);
                forEachStmt(w.otherwise(), visit);
            } else if (s instanceof Stmt.Switch sw) {
                for (List<Stmt> b : sw.bodies()) forEachStmt(b, visit);
                forEachStmt(sw.otherwise(), visit);
            }
        }
    }

    /** Every expression held by a statement (not its nested statements). */
    public static List<Expr> exprsOf(Stmt s) {
        if (s instanceof Stmt.Connect c) return List.of(c.sink(), c.source());
        if (s instanceof Stmt.When w) return List.of(w.cond());
        if (s instanceof Stmt.Switch sw) return List.of(sw.selector());
        if (s instanceof Stmt.Print p) {
            List<Expr> all = new java.util.ArrayList<>(p.args());
            all.add(0, p.enable());
            return all;
        }
        Stmt.MemWrite m = (Stmt.MemWrite) s;
        return List.of(m.address(), m.data(), m.enable(), m.mask());
    }

    /** A readable name for a sink or leaf in error messages: {@code x} or {@code inst.port}. */
    public static String describe(Expr e) {
        if (e instanceof Expr.Ref r) return r.signal().name();
        if (e instanceof Expr.InstRef i) return i.instance().name() + "." + i.port().name();
        return e.toString();
    }
}
