package tagmatch.hdl.lib.formal;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Breaks an elaborated block on purpose, the way a mutation tester does, so a test can show a
 * proof failing with a counterexample: a proof that still passed on the broken block would be
 * vacuous. Each fault rewrites the driver of one named signal of one module in place.
 */
public final class Faults {
    private Faults() {}

    /** The register {@code reg} of module {@code module} never changes (its update is lost). */
    public static Circuit hold(Circuit c, String module, String reg) {
        return redrive(c, module, reg, s -> new Expr.Ref(s));
    }

    /** The signal {@code signal} of module {@code module} is stuck at 0. */
    public static Circuit stuckAtZero(Circuit c, String module, String signal) {
        return stuckAt(c, module, signal, 0);
    }

    /** The signal {@code signal} of module {@code module} is stuck at {@code value}. */
    public static Circuit stuckAt(Circuit c, String module, String signal, long value) {
        return redrive(c, module, signal, s -> Expr.Lit.of(value, s.width()));
    }

    private static Circuit redrive(Circuit c, String module, String signal, Function<Signal, Expr> driver) {
        for (ModuleDef m : c.modules()) {
            if (!m.name().equals(module)) continue;
            List<Stmt> body = new ArrayList<>(m.body());
            for (int i = 0; i < body.size(); i++) {
                if (body.get(i) instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r && r.signal().name().equals(signal)) {
                    body.set(i, new Stmt.Connect(k.sink(), driver.apply(r.signal()), k.locators()));
                    m.body(body);
                    return c;
                }
            }
            throw new IllegalArgumentException("module " + module + " has no driven signal named " + signal);
        }
        throw new IllegalArgumentException("the circuit has no module named " + module);
    }
}
