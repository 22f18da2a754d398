package tagmatch.hdl.lib.formal;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;
import java.util.IdentityHashMap;
import java.util.function.BiFunction;

/**
 * Breaks an elaborated block on purpose, the way a mutation tester does, so a test can show a
 * proof failing with a counterexample: a proof that still passed on the broken block would be
 * vacuous. Each fault rewrites the driver of one named signal of one module in place.
 */
public final class Faults {
    private Faults() {}

    /** The register {@code reg} of module {@code module} never changes (its update is lost). */
    public static Circuit hold(Circuit c, String module, String reg) {
        return redrive(c, module, reg, (s, old) -> new Expr.Ref(s));
    }

    /** The signal {@code signal} of module {@code module} is stuck at 0. */
    public static Circuit stuckAtZero(Circuit c, String module, String signal) {
        return stuckAt(c, module, signal, 0);
    }

    /** The signal {@code signal} of module {@code module} is stuck at {@code value}. */
    public static Circuit stuckAt(Circuit c, String module, String signal, long value) {
        return redrive(c, module, signal, (s, old) -> Expr.Lit.of(value, s.width()));
    }

    /**
     * In the driver of {@code signal} of module {@code module}, every read of {@code ignored} is
     * replaced by 0: the logic forgets one of its inputs (a compare that ignores its mask) while
     * everything else that reads {@code ignored} still sees it.
     */
    public static Circuit ignoreRead(Circuit c, String module, String signal, String ignored) {
        return redrive(c, module, signal, (s, old) -> Exprs.map(old, new IdentityHashMap<>(),
                e -> e instanceof Expr.Ref r && r.signal().name().equals(ignored) ? Expr.Lit.of(0, r.width()) : e));
    }

    /**
     * Replaces the driver of {@code signal} by {@code driver(signal, old driver)} in the module
     * and in its variants that deduplication numbered ({@code Module_1}, ...): every copy of the
     * block is broken alike.
     */
    private static Circuit redrive(Circuit c, String module, String signal, BiFunction<Signal, Expr, Expr> driver) {
        boolean found = false;
        for (ModuleDef m : c.modules()) {
            if (!m.name().equals(module) && !m.name().matches(java.util.regex.Pattern.quote(module) + "_\\d+")) continue;
            found = true;
            List<Stmt> body = new ArrayList<>(m.body());
            boolean driven = false;
            for (int i = 0; i < body.size() && !driven; i++) {
                if (body.get(i) instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r && r.signal().name().equals(signal)) {
                    body.set(i, new Stmt.Connect(k.sink(), driver.apply(r.signal(), k.source()), k.locators()));
                    m.body(body);
                    driven = true;
                }
            }
            if (!driven) throw new IllegalArgumentException("module " + m.name() + " has no driven signal named " + signal);
        }
        if (!found) throw new IllegalArgumentException("the circuit has no module named " + module);
        return c;
    }
}
