package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;
import tagmatch.hdl.ir.Widths;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * No silent truncation: a connection may widen (zero- or sign-extend) but never narrow, and
 * every signal and intermediate value must be 1..{@link Widths#MAX} bits wide.
 */
public final class CheckWidths implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) {
            for (Signal s : m.signals()) Widths.check(s.width(), InferWidths.kind(s) + " '" + s.name() + "' in module " + m.name(), s.locator());
            Map<Expr, Boolean> seen = new IdentityHashMap<>();
            Exprs.forEachStmt(m.body(), s -> {
                for (Expr e : Exprs.exprsOf(s))
                    Exprs.forEach(e, seen, x -> {
                        if (x instanceof Expr.Op op && (op.width() < 1 || op.width() > Widths.MAX))
                            throw new HdlException("unsupported width " + op.width() + " for the result of " + op.op
                                    + " in module " + m.name() + ": widths are 1.." + Widths.MAX, op.locator);
                    });
                if (s instanceof Stmt.Connect k) {
                    int sink = k.sink().width(), src = k.source().width();
                    if (src > sink) {
                        Locator where = k.locators().get(0);
                        throw new HdlException("width mismatch in module " + m.name() + ": cannot connect a " + src
                                + "-bit value to " + sink + "-bit '" + Exprs.describe(k.sink())
                                + "'; drop bits explicitly with truncate() or bits(hi, lo)", where);
                    }
                }
            });
        }
    }
}
