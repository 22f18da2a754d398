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
        if (e instanceof Expr.Op op) return op.args;
        if (e instanceof Expr.Mux m) return List.of(m.cond(), m.whenTrue(), m.whenFalse());
        if (e instanceof Expr.Case c) {
            List<Expr> out = new ArrayList<>();
            out.add(c.selector());
            out.addAll(c.values());
            out.add(c.otherwise());
            return out;
        }
        if (e instanceof Expr.MemRead r) return List.of(r.address());
        return List.of();
    }

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
        Expr rebuilt = e;
        if (e instanceof Expr.Op op) {
            List<Expr> args = mapAll(op.args, memo, rewrite);
            if (args != op.args) rebuilt = op.withArgs(args);
        } else if (e instanceof Expr.Mux m) {
            Expr c = map(m.cond(), memo, rewrite), t = map(m.whenTrue(), memo, rewrite), f = map(m.whenFalse(), memo, rewrite);
            if (c != m.cond() || t != m.whenTrue() || f != m.whenFalse()) rebuilt = new Expr.Mux(c, t, f, m.locator());
        } else if (e instanceof Expr.Case k) {
            Expr sel = map(k.selector(), memo, rewrite), other = map(k.otherwise(), memo, rewrite);
            List<Expr> vals = mapAll(k.values(), memo, rewrite);
            if (sel != k.selector() || other != k.otherwise() || vals != k.values())
                rebuilt = new Expr.Case(sel, k.keys(), vals, other, k.locator());
        } else if (e instanceof Expr.MemRead r) {
            Expr a = map(r.address(), memo, rewrite);
            if (a != r.address()) rebuilt = new Expr.MemRead(r.memory(), a);
        }
        Expr out = rewrite.apply(rebuilt);
        memo.put(e, out);
        return out;
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
