package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * A choice on one selector among constant keys, emitted as a Verilog {@code case}:
 * {@code switchOn(state).is(IDLE, () -> ...).is(BUSY, () -> ...).otherwise(() -> ...)}.
 */
public final class Switch {
    private final Builder.Frame frame;
    private final Stmt.Switch stmt;
    private final int width;
    private final Bits selector;

    Switch(Bits selector) {
        this.selector = selector;
        frame = Builder.frame();
        width = selector.width();
        stmt = new Stmt.Switch(selector.ref(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), Builder.here());
        frame.add(stmt);
    }

    /** The branch taken when the selector equals {@code key}. */
    public Switch is(long key, Runnable body) {
        return is(UInt.lit(key, Math.max(width, tagmatch.hdl.ir.Widths.forValue(key))), body);
    }

    /** The branch taken when the selector equals the literal {@code key} (which may carry a state name). */
    public Switch is(Bits key, Runnable body) {
        if (!(key.value instanceof Expr.Lit lit))
            throw new HdlException("switch keys must be literals, got " + key.describe(), Builder.here());
        if (lit.width() > width)
            throw new HdlException("switch key " + lit.value() + " does not fit the " + width + "-bit selector", Builder.here());
        for (Expr.Lit k : stmt.keys())
            if (k.value().equals(lit.value()))
                throw new HdlException("switch already has a branch for " + lit.value(), Builder.here());
        stmt.keys().add(lit);
        List<Stmt> body0 = new ArrayList<>();
        stmt.bodies().add(body0);
        frame.inBlock(body0, body);
        return this;
    }

    /** The branch taken when an enum selector holds {@code key} (the case label is the constant's localparam). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Switch is(Enum<?> key, Runnable body) {
        if (!(selector instanceof HwEnum<?> e) || e.enumClass() != key.getDeclaringClass())
            throw new HdlException("switch on " + selector.describe() + " cannot have a branch for " + key.getDeclaringClass().getSimpleName()
                    + "." + key.name(), Builder.here());
        return is(((HwEnum) e).lit(key), body);
    }

    /** The branch taken when no key equals the selector. */
    public void otherwise(Runnable body) {
        frame.inBlock(stmt.otherwise(), body);
    }
}
