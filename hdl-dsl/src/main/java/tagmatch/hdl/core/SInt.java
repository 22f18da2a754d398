package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Widths;

import java.math.BigInteger;

/** A two's-complement integer of a fixed width; same width rules as {@link UInt}, sign-extending. */
public class SInt extends Bits {
    public SInt(int width) {
        super(width);
    }

    SInt(Expr value) {
        super(value);
    }

    /** The literal {@code value} in exactly {@code width} bits of two's complement. */
    public static SInt lit(long value, int width) {
        Widths.check(width, "a literal", Locators.here());
        BigInteger v = BigInteger.valueOf(value);
        BigInteger min = BigInteger.ONE.shiftLeft(width - 1).negate(), max = BigInteger.ONE.shiftLeft(width - 1).subtract(BigInteger.ONE);
        if (v.compareTo(min) < 0 || v.compareTo(max) > 0)
            throw new HdlException("literal " + value + " does not fit in SInt<" + width + ">: legal values are "
                    + min + ".." + max, Locators.here());
        return new SInt(new Expr.Lit(v.and(mask(width)), width, true, null));
    }

    @Override
    public boolean signed() {
        return true;
    }

    @Override
    Bits wrap(Expr e) {
        return new SInt(e);
    }

    @Override
    Bits literalLike(long v) {
        int need = 65 - Long.numberOfLeadingZeros(v < 0 ? ~v : v);
        return lit(v, Math.max(width(), need));
    }

    @Override
    public String describe() {
        return "SInt<" + (width() < 0 ? "?" : width()) + ">" + (signal != null && signal.name() != null ? " '" + signal.name() + "'" : "");
    }

    @Override
    Data freshType() {
        return new SInt(width());
    }

    public SInt add(SInt o) { return new SInt(op(PrimOp.ADD, 0, 0, this, o)); }
    public SInt addExpand(SInt o) { return new SInt(op(PrimOp.ADD_EXPAND, 0, 0, this, o)); }
    public SInt sub(SInt o) { return new SInt(op(PrimOp.SUB, 0, 0, this, o)); }
    public SInt subExpand(SInt o) { return new SInt(op(PrimOp.SUB_EXPAND, 0, 0, this, o)); }
    public SInt mul(SInt o) { return new SInt(op(PrimOp.MUL, 0, 0, this, o)); }
    public SInt and(SInt o) { return new SInt(op(PrimOp.AND, 0, 0, this, o)); }
    public SInt or(SInt o) { return new SInt(op(PrimOp.OR, 0, 0, this, o)); }
    public SInt xor(SInt o) { return new SInt(op(PrimOp.XOR, 0, 0, this, o)); }
    public SInt not() { return new SInt(op(PrimOp.NOT, 0, 0, this)); }
    /** Arithmetic shift right by a constant. */
    public SInt shr(int n) { return new SInt(op(PrimOp.SHR, n, 0, this)); }
    public SInt shl(int n) { return new SInt(op(PrimOp.SHL, n, 0, this)); }

    /** Sign-extends to {@code width} bits. */
    public SInt pad(int width) {
        Widths.check(width, "pad", Locators.here());
        return new SInt(op(PrimOp.PAD, width, 0, this));
    }
}
