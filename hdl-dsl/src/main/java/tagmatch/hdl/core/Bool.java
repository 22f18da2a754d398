package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.PrimOp;

/** A single bit, the type of conditions: {@code when}, {@code mux} and comparisons use it. */
public class Bool extends UInt {
    public Bool() {
        super(1);
    }

    Bool(Expr value) {
        super(value);
        if (value.width() > 1) throw new AssertionError("Bool of width " + value.width());
    }

    public static Bool lit(boolean v) {
        return new Bool(Expr.Lit.of(v ? 1 : 0, 1));
    }

    public Bool and(Bool o) { return new Bool(op(PrimOp.AND, 0, 0, this, o)); }
    public Bool or(Bool o) { return new Bool(op(PrimOp.OR, 0, 0, this, o)); }
    public Bool xor(Bool o) { return new Bool(op(PrimOp.XOR, 0, 0, this, o)); }

    @Override
    public Bool not() { return new Bool(op(PrimOp.NOT, 0, 0, this)); }

    @Override
    Bits literalLike(long v) {
        if (v != 0 && v != 1) throw new HdlException("a Bool holds 0 or 1, not " + v, Locators.here());
        return lit(v == 1);
    }

    @Override
    Bits wrap(Expr e) {
        return new Bool(e);
    }

    @Override
    public String describe() {
        return "Bool" + (signal != null && signal.name() != null ? " '" + signal.name() + "'" : "");
    }

    @Override
    Data freshType() {
        return new Bool();
    }
}
