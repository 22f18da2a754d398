package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Gives every signal declared without a width ({@code UInt()}) the width of the widest value
 * connected to it, iterating to a fixed point across modules (an output of a child may be
 * inferred from the child's own logic first).
 */
public final class InferWidths implements Pass {
    @Override
    public void run(Circuit c) {
        List<Stmt.Connect> connects = new ArrayList<>();
        for (ModuleDef m : c.modules())
            Exprs.forEachStmt(m.body(), s -> { if (s instanceof Stmt.Connect k) connects.add(k); });
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Stmt.Connect k : connects) {
                Signal sink = sinkSignal(k.sink());
                if (sink == null || sink.width() >= 0) continue;
                int w = k.source().width();
                if (w < 0) continue;
                int widest = w;
                for (Stmt.Connect other : connects)
                    if (sinkSignal(other.sink()) == sink && other.source().width() > widest) widest = other.source().width();
                sink.width(widest);
                changed = true;
            }
        }
        for (ModuleDef m : c.modules())
            for (Signal s : m.signals())
                if (s.width() < 0)
                    throw new HdlException("cannot infer the width of " + kind(s) + " '" + s.name() + "' in module " + m.name()
                            + ": nothing of known width drives it; declare it with a width", s.locator());
    }

    private static Signal sinkSignal(Expr e) {
        if (e instanceof Expr.Ref r) return r.signal();
        if (e instanceof Expr.InstRef i) return i.port();
        return null;
    }

    static String kind(Signal s) {
        switch (s.kind()) {
            case INPUT: return "input";
            case OUTPUT: return "output";
            case REG: return "register";
            default: return "wire";
        }
    }
}
