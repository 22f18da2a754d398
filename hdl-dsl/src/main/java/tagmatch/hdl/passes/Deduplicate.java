package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Keeps one of each set of structurally identical definitions: 256 separately elaborated but
 * identical cells become one {@code module} instantiated 256 times. Two definitions are
 * identical when their {@link StructuralKey}s are equal: same generator class, parameters,
 * names, ports and logic, compared on the IR, so no backend is involved (children are merged
 * first, bottom-up, so equal children make equal parents). A definition shared by several
 * instances from the start (see {@code Hdl.definition}) is simply kept. Distinct variants of one
 * class are named {@code Cell}, {@code Cell_1}, ... Edits the circuit in place.
 */
public final class Deduplicate implements Pass {
    private final Function<ModuleDef, Object> key;

    public Deduplicate() {
        this(StructuralKey::of);
    }

    /** With another notion of "identical" (tests compare the structural key with an oracle). */
    Deduplicate(Function<ModuleDef, Object> key) {
        this.key = key;
    }

    @Override
    public void run(Circuit c) {
        Map<Object, ModuleDef> byKey = new HashMap<>();
        Map<ModuleDef, ModuleDef> canonical = new IdentityHashMap<>();
        Namespace moduleNames = new Namespace();
        List<ModuleDef> kept = new ArrayList<>();
        // External modules keep their Verilog name (variants differ only in parameters); the
        // design's own modules go around them.
        for (ModuleDef m : c.modules()) if (m.isExternal()) moduleNames.claim(m.name());
        for (ModuleDef m : c.modules()) {
            repoint(m, canonical);
            Object k = key.apply(m);
            ModuleDef same = byKey.get(k);
            if (same != null) {
                canonical.put(m, same);
                continue;
            }
            byKey.put(k, m);
            canonical.put(m, m);
            if (!m.isExternal()) m.name(moduleNames.claim(m.name()));
            kept.add(m);
        }
        c.replaceModules(canonical.get(c.top()), kept);
    }

    /** Points instances at canonical children and rewrites references to their ports. */
    private static void repoint(ModuleDef m, Map<ModuleDef, ModuleDef> canonical) {
        boolean changed = false;
        for (Instance i : m.instances()) {
            ModuleDef canon = canonical.get(i.definition());
            if (canon != null && canon != i.definition()) {
                i.definition(canon);
                changed = true;
            }
        }
        if (!changed) return;
        Map<Expr, Expr> memo = new IdentityHashMap<>();
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : m.body()) {
            if (s instanceof Stmt.Connect k) {
                out.add(new Stmt.Connect(remap(k.sink(), memo), remap(k.source(), memo), k.locators()));
            } else if (s instanceof Stmt.Print p) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : p.args()) args.add(remap(a, memo));
                out.add(p.with(remap(p.enable(), memo), args));
            } else {
                Stmt.MemWrite w = (Stmt.MemWrite) s;
                out.add(w.with(remap(w.address(), memo), remap(w.data(), memo), remap(w.enable(), memo), remap(w.mask(), memo)));
            }
        }
        m.body(out);
    }

    private static Expr remap(Expr e, Map<Expr, Expr> memo) {
        return Exprs.map(e, memo, x -> {
            if (x instanceof Expr.InstRef r && r.port().owner() != r.instance().definition())
                return new Expr.InstRef(r.instance(), r.instance().port(r.port().name()));
            return x;
        });
    }
}
