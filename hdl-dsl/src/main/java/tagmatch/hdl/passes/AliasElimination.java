package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Gives every value one name. First, a wire nobody named (a Java local, so the Verilog would call
 * it {@code _WIRE}) that only carries a value is dropped and its readers read the value. Then a
 * computed value gets the name of the wire or output port it drives. When the same value is
 * also used elsewhere, those uses read the signal instead of the value, so the backend never
 * declares a temporary that a named signal merely copies ({@code assign _T = ~v; assign
 * space = _T;} becomes {@code assign space = ~v;}, and later uses read {@code space}). The same
 * holds for an instance output copied into a wire: the wire becomes the pin's only name.
 *
 * <p>The value keeps its meaning exactly: only values as wide and as signed as the signal are
 * renamed, and only onto wires and output ports outside the formal section (a formal-only wire
 * does not exist in the synthesizable module). A value the user named itself ({@code named})
 * keeps its own name. Edits module bodies and register timing in place, like every pass.
 */
public final class AliasElimination implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) run(m);
    }

    private static void run(ModuleDef m) {
        propagateUnnamedWires(m);
        // Values by identity (the IR is a DAG, a shared value is one object); instance pins by
        // equality (each read of a pin is its own InstRef record).
        Map<Expr, Expr> names = new IdentityHashMap<>();
        Map<Expr, Expr> pinNames = new HashMap<>();
        for (Stmt s : m.body()) {
            if (!(s instanceof Stmt.Connect k) || !(k.sink() instanceof Expr.Ref r) || !namesValues(m, r.signal())) continue;
            Expr x = k.source();
            if (!renamable(x) || x.width() != r.width() || x.signed() != r.signed()) continue;
            (x instanceof Expr.InstRef ? pinNames : names).putIfAbsent(x, r);
        }
        if (names.isEmpty() && pinNames.isEmpty()) return;

        // Seeding the memo substitutes every occurrence of a named value by identity.
        Map<Expr, Expr> memo = new IdentityHashMap<>(names);
        List<Stmt> out = new ArrayList<>(m.body().size());
        for (Stmt s : m.body()) {
            if (s instanceof Stmt.Connect k) {
                out.add(new Stmt.Connect(k.sink(), definingSource(k, names, pinNames, memo), k.locators()));
            } else if (s instanceof Stmt.Print p) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : p.args()) args.add(map(a, memo, pinNames));
                out.add(p.with(map(p.enable(), memo, pinNames), args));
            } else {
                Stmt.MemWrite w = (Stmt.MemWrite) s;
                out.add(w.with(map(w.address(), memo, pinNames), map(w.data(), memo, pinNames),
                        map(w.enable(), memo, pinNames), map(w.mask(), memo, pinNames)));
            }
        }
        m.body(out);
        for (Signal s : m.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null)
                s.registerTiming(s.clock(), map(s.reset(), memo, pinNames), map(s.resetValue(), memo, pinNames));
    }

    /**
     * Replaces every read of an unnamed wire by the value driving it, and drops the wire. Only
     * values exactly as wide and as signed as the wire qualify (a connect may widen), and only
     * wires outside the formal section that no property names.
     */
    private static void propagateUnnamedWires(ModuleDef m) {
        // Signals named outside the body (properties, clocks) must stay.
        Set<Signal> pinned = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Check c : m.checks()) {
            pinned.add(c.predicate());
            pinned.add(c.enable());
            if (c.clock() instanceof Expr.Ref r) pinned.add(r.signal());
        }
        for (Signal s : m.locals()) {
            if (s.clock() instanceof Expr.Ref r) pinned.add(r.signal());
            if (s.asyncReset()) pinned.add(Signal.resetSignal(s.reset()));
            if (!s.attributes().isEmpty()) pinned.add(s);
        }
        for (Memory mem : m.memories()) if (mem.clock() instanceof Expr.Ref r) pinned.add(r.signal());
        for (Stmt s : m.body()) if (s instanceof Stmt.Print p && p.clock() instanceof Expr.Ref r) pinned.add(r.signal());
        Map<Signal, Expr> values = new IdentityHashMap<>();
        Map<Signal, List<Locator>> where = new IdentityHashMap<>();
        for (Stmt s : m.body())
            if (s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r) {
                Signal w = r.signal();
                Expr x = k.source();
                if (w.kind() == Signal.Kind.WIRE && w.name() == null && !m.isFormal(w) && !pinned.contains(w)
                        && !(x instanceof Expr.Invalid) && x.width() == w.width() && x.signed() == w.signed())
                {
                    values.put(w, x);
                    where.put(w, k.locators());
                }
            }
        if (values.isEmpty()) return;
        Map<Expr, Expr> memo = new IdentityHashMap<>();
        Function<Expr, Expr> inline = new Function<>() {
            @Override
            public Expr apply(Expr x) {
                Expr v = x instanceof Expr.Ref r ? values.get(r.signal()) : null;
                return v == null ? x : Exprs.map(v, memo, this);
            }
        };
        List<Stmt> out = new ArrayList<>(m.body().size());
        for (Stmt s : m.body()) {
            if (s instanceof Stmt.Connect k) {
                if (k.sink() instanceof Expr.Ref r && values.containsKey(r.signal())) continue;
                // A plain copy of the wire inherits where the wire's value was described.
                List<Locator> locs = k.locators();
                if (k.source() instanceof Expr.Ref r && where.containsKey(r.signal())) {
                    locs = new ArrayList<>(where.get(r.signal()));
                    locs.addAll(k.locators());
                }
                out.add(new Stmt.Connect(k.sink(), Exprs.map(k.source(), memo, inline), locs));
            } else if (s instanceof Stmt.Print p) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : p.args()) args.add(Exprs.map(a, memo, inline));
                out.add(p.with(Exprs.map(p.enable(), memo, inline), args));
            } else {
                Stmt.MemWrite w = (Stmt.MemWrite) s;
                out.add(w.with(Exprs.map(w.address(), memo, inline), Exprs.map(w.data(), memo, inline),
                        Exprs.map(w.enable(), memo, inline), Exprs.map(w.mask(), memo, inline)));
            }
        }
        m.body(out);
        for (Signal s : m.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null)
                s.registerTiming(s.clock(), Exprs.map(s.reset(), memo, inline), Exprs.map(s.resetValue(), memo, inline));
        m.removeLocals(values.keySet());
    }

    /** The source of a connect; where the connect is the one that names its value, the value itself. */
    private static Expr definingSource(Stmt.Connect k, Map<Expr, Expr> names, Map<Expr, Expr> pinNames, Map<Expr, Expr> memo) {
        Expr x = k.source();
        Expr name = x instanceof Expr.InstRef ? pinNames.get(x) : names.get(x);
        boolean defining = name != null && k.sink() instanceof Expr.Ref r && ((Expr.Ref) name).signal() == r.signal();
        if (!defining) return map(x, memo, pinNames);
        if (x instanceof Expr.InstRef) return x;
        memo.remove(x);
        Expr rebuilt = map(x, memo, pinNames);
        memo.put(x, name);
        return rebuilt;
    }

    private static Expr map(Expr e, Map<Expr, Expr> memo, Map<Expr, Expr> pinNames) {
        return Exprs.map(e, memo, x -> x instanceof Expr.InstRef ? pinNames.getOrDefault(x, x) : x);
    }

    private static boolean namesValues(ModuleDef m, Signal s) {
        return (s.kind() == Signal.Kind.WIRE || s.kind() == Signal.Kind.OUTPUT) && !m.isFormal(s);
    }

    /** Whether a signal may become {@code x}'s name: a computed value without one of its own, or an instance's pin. */
    private static boolean renamable(Expr x) {
        return x instanceof Expr.InstRef || Exprs.isComputed(x) && !(x instanceof Expr.Op op && op.name() != null);
    }
}
