package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns {@code when}/{@code switch} blocks with last-connect semantics into one unconditional
 * connection per sink: a mux tree (or a case, for switches) whose leaves are the values
 * connected on each path. A register not connected on a path keeps its value; a wire or output
 * not connected on a path gets {@link Expr.Invalid}, which {@link CheckDrivers} reports.
 * Memory writes and prints get the path condition as their enable.
 */
public final class WhenLowering implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) lower(m);
    }

    /** Values connected on the current path; looks through to the enclosing scope. */
    private static final class Scope {
        final Scope parent;
        final Map<Expr, Expr> values = new LinkedHashMap<>();

        Scope(Scope parent) { this.parent = parent; }

        Expr get(Expr sink) {
            for (Scope s = this; s != null; s = s.parent) {
                Expr v = s.values.get(sink);
                if (v != null) return v;
            }
            return null;
        }
    }

    private Map<Expr, Set<Locator>> locators;
    private List<Expr> order;
    private List<Stmt> writes;

    private void lower(ModuleDef m) {
        locators = new HashMap<>();
        order = new ArrayList<>();
        writes = new ArrayList<>();
        Scope top = new Scope(null);
        process(m.body(), top, null);
        List<Stmt> out = new ArrayList<>();
        for (Expr sink : order) {
            Expr v = top.values.get(sink);
            if (sink instanceof Expr.Ref r && r.signal().kind() == Signal.Kind.REG && v.equals(sink)) continue;
            out.add(new Stmt.Connect(sink, v, new ArrayList<>(locators.get(sink))));
        }
        out.addAll(writes);
        m.body(out);
    }

    private void process(List<Stmt> body, Scope scope, Expr cond) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Connect k) {
                Expr sink = k.sink();
                if (!locators.containsKey(sink)) {
                    order.add(sink);
                    locators.put(sink, new LinkedHashSet<>());
                }
                locators.get(sink).addAll(k.locators());
                scope.values.put(sink, k.source());
            } else if (s instanceof Stmt.When w) {
                Scope yes = new Scope(scope), no = new Scope(scope);
                process(w.then(), yes, and(cond, w.cond()));
                process(w.otherwise(), no, and(cond, not(w.cond())));
                Set<Expr> touched = new LinkedHashSet<>(yes.values.keySet());
                touched.addAll(no.values.keySet());
                for (Expr sink : touched) {
                    Expr t = valueOf(sink, yes), f = valueOf(sink, no);
                    scope.values.put(sink, t.equals(f) ? t : new Expr.Mux(w.cond(), t, f, w.locator()));
                }
            } else if (s instanceof Stmt.Switch sw) {
                lowerSwitch(sw, scope, cond);
            } else if (s instanceof Stmt.Print p) {
                writes.add(p.with(and(cond, p.enable()), p.args()));
            } else {
                Stmt.MemWrite mw = (Stmt.MemWrite) s;
                writes.add(mw.with(mw.address(), mw.data(), and(cond, mw.enable()), mw.mask()));
            }
        }
    }

    // Linear in the number of connections: a sink is only compared in the arms that touch it,
    // unless the otherwise branch touches it (then every arm that does not differs from it).
    private void lowerSwitch(Stmt.Switch sw, Scope scope, Expr cond) {
        List<Scope> arms = new ArrayList<>();
        Map<Expr, List<Integer>> touchedBy = new LinkedHashMap<>();
        Expr none = null;
        for (int i = 0; i < sw.keys().size(); i++) {
            Expr hit = eq(sw.selector(), sw.keys().get(i), sw.locator());
            none = none == null ? not(hit) : and(none, not(hit));
            Scope arm = new Scope(scope);
            process(sw.bodies().get(i), arm, and(cond, hit));
            arms.add(arm);
            for (Expr sink : arm.values.keySet()) touchedBy.computeIfAbsent(sink, k -> new ArrayList<>()).add(i);
        }
        Scope other = new Scope(scope);
        process(sw.otherwise(), other, none == null ? cond : and(cond, none));
        for (Expr sink : other.values.keySet()) touchedBy.computeIfAbsent(sink, k -> new ArrayList<>());
        for (Map.Entry<Expr, List<Integer>> t : touchedBy.entrySet()) {
            Expr sink = t.getKey();
            Expr before = valueOf(sink, scope);
            Expr dflt = other.values.getOrDefault(sink, before);
            List<Expr.Lit> keys = new ArrayList<>();
            List<Expr> vals = new ArrayList<>();
            boolean all = other.values.containsKey(sink);
            List<Integer> candidates = t.getValue();
            for (int i = 0, c = 0; all ? i < arms.size() : c < candidates.size(); i++) {
                int armIndex = all ? i : candidates.get(c++);
                Expr v = arms.get(armIndex).values.getOrDefault(sink, before);
                if (!v.equals(dflt)) {
                    keys.add(sw.keys().get(armIndex));
                    vals.add(v);
                }
            }
            Expr merged;
            if (keys.isEmpty()) merged = dflt;
            else if (keys.size() == 1) merged = new Expr.Mux(eq(sw.selector(), keys.get(0), sw.locator()), vals.get(0), dflt, sw.locator());
            else merged = new Expr.Case(sw.selector(), keys, vals, dflt, sw.locator());
            scope.values.put(sink, merged);
        }
    }

    /** The value of {@code sink} on the path of {@code scope}: connected, held, or invalid. */
    private static Expr valueOf(Expr sink, Scope scope) {
        Expr v = scope.get(sink);
        if (v != null) return v;
        if (sink instanceof Expr.Ref r && r.signal().kind() == Signal.Kind.REG) return sink;
        return new Expr.Invalid(sink.width());
    }

    private static Expr and(Expr a, Expr b) {
        if (a == null) return b;
        if (b instanceof Expr.Lit l && l.isAllOnes()) return a;
        return new Expr.Op(PrimOp.AND, List.of(a, b), 0, 0, Locator.UNKNOWN);
    }

    private static Expr not(Expr a) {
        return new Expr.Op(PrimOp.NOT, List.of(a), 0, 0, Locator.UNKNOWN);
    }

    private static Expr eq(Expr sel, Expr.Lit key, Locator where) {
        return new Expr.Op(PrimOp.EQ, List.of(sel, key), 0, 0, where);
    }
}
