package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * How often a module's statements and register resets read each value, and what drives each
 * instance input: what decides whether a value is written in place or gets a name.
 */
final class UseCounts {
    private final Map<Expr, Integer> uses = new IdentityHashMap<>();
    /** Reads of each instance pin, by equality: every read of a pin is its own InstRef. */
    private final Map<Expr, Integer> pinReads = new HashMap<>();
    private final Map<Expr, Expr> instDrivers = new HashMap<>();

    UseCounts(ModuleDef m) {
        List<Expr> roots = new ArrayList<>();
        for (Stmt s : m.body()) {
            if (s instanceof Stmt.Connect k) {
                roots.add(k.source());
                if (k.sink() instanceof Expr.InstRef) instDrivers.put(k.sink(), k.source());
            } else {
                roots.addAll(Exprs.exprsOf(s));
            }
        }
        for (Signal s : m.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null) {
                if (!s.asyncReset()) roots.add(s.reset());
                roots.add(s.resetValue());
            }
        Map<Expr, Boolean> seen = new IdentityHashMap<>();
        for (Expr r : roots) count(r, seen);
    }

    private void count(Expr x, Map<Expr, Boolean> seen) {
        uses.merge(x, 1, Integer::sum);
        if (x instanceof Expr.InstRef) pinReads.merge(x, 1, Integer::sum);
        if (seen.put(x, Boolean.TRUE) != null) return;
        for (Expr c : Exprs.children(x)) count(c, seen);
    }

    int of(Expr x) {
        return uses.getOrDefault(x, 0);
    }

    /** How often the instance pin {@code ref} is read. */
    int pinReads(Expr ref) {
        return pinReads.getOrDefault(ref, 0);
    }

    /** The value connected to the instance input {@code ref}, or null. */
    Expr driver(Expr ref) {
        return instDrivers.get(ref);
    }
}
