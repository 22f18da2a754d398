package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Widths;

import java.math.BigInteger;

/**
 * An unsigned integer of a fixed width. Width rules are those of {@link PrimOp}: {@code add}
 * and {@code sub} wrap, {@code addExpand}/{@code subExpand} keep the carry, {@code mul} is as
 * wide as both operands together, and nothing is ever truncated silently.
 *
 * <pre>{@code
 * UInt count = regInit(UInt(8), 0);
 * count.set(count.add(1));          // wraps at 255
 * UInt sum = a.addExpand(b);        // 9 bits for two 8-bit operands
 * }</pre>
 */
public class UInt extends Bits {
    /** A type: {@code width} bits, or -1 to infer the width from what drives it. */
    public UInt(int width) {
        super(width);
    }

    UInt(Expr value) {
        super(value);
    }

    /** The literal {@code value} in exactly {@code width} bits. */
    public static UInt lit(long value, int width) {
        return lit(BigInteger.valueOf(value), width);
    }

    public static UInt lit(BigInteger value, int width) {
        Widths.check(width, "a literal", Locators.here());
        if (value.signum() < 0 || value.bitLength() > width)
            throw new HdlException("literal " + value + " does not fit in UInt<" + width + ">: legal values are 0.."
                    + mask(width), Locators.here());
        return new UInt(new Expr.Lit(value, width, false, null));
    }

    /** The literal {@code value} in the fewest bits that hold it. */
    public static UInt lit(long value) {
        if (value < 0) throw new HdlException("UInt literal must be >= 0, got " + value, Locators.here());
        return lit(value, Widths.forValue(value));
    }

    @Override
    public boolean signed() {
        return false;
    }

    @Override
    Bits wrap(Expr e) {
        return new UInt(e);
    }

    @Override
    Bits literalLike(long v) {
        if (v < 0) throw new HdlException("cannot use " + v + " with " + describe() + ": UInt values are >= 0", Locators.here());
        int w = width();
        return w >= Widths.forValue(v) ? lit(v, w) : lit(v);
    }

    @Override
    public String describe() {
        String n = signal != null && signal.name() != null ? " '" + signal.name() + "'" : "";
        return "UInt<" + (width() < 0 ? "?" : width()) + ">" + n;
    }

    @Override
    Data freshType() {
        return new UInt(width());
    }

    // ---- arithmetic ----------------------------------------------------------------------------

    public UInt add(UInt o) { return new UInt(op(PrimOp.ADD, 0, 0, this, o)); }
    public UInt add(long v) { return add((UInt) literalLike(v)); }
    public UInt addExpand(UInt o) { return new UInt(op(PrimOp.ADD_EXPAND, 0, 0, this, o)); }
    public UInt sub(UInt o) { return new UInt(op(PrimOp.SUB, 0, 0, this, o)); }
    public UInt sub(long v) { return sub((UInt) literalLike(v)); }
    public UInt subExpand(UInt o) { return new UInt(op(PrimOp.SUB_EXPAND, 0, 0, this, o)); }
    public UInt mul(UInt o) { return new UInt(op(PrimOp.MUL, 0, 0, this, o)); }

    // ---- bitwise ---------------------------------------------------------------------------------

    public UInt and(UInt o) { return new UInt(op(PrimOp.AND, 0, 0, this, o)); }
    public UInt or(UInt o) { return new UInt(op(PrimOp.OR, 0, 0, this, o)); }
    public UInt xor(UInt o) { return new UInt(op(PrimOp.XOR, 0, 0, this, o)); }
    public UInt not() { return new UInt(op(PrimOp.NOT, 0, 0, this)); }

    // ---- shifts and sizing ---------------------------------------------------------------------

    /** Shift left by a constant; the result is {@code n} bits wider. */
    public UInt shl(int n) { nonNegative(n); return new UInt(op(PrimOp.SHL, n, 0, this)); }
    /** Shift right by a constant; the low {@code n} bits fall off. */
    public UInt shr(int n) { nonNegative(n); return new UInt(op(PrimOp.SHR, n, 0, this)); }
    /** Shift left by a hardware amount; the result is {@code 2^w(amount) - 1} bits wider. */
    public UInt shl(UInt amount) { return new UInt(op(PrimOp.DSHL, 0, 0, this, amount)); }
    public UInt shr(UInt amount) { return new UInt(op(PrimOp.DSHR, 0, 0, this, amount)); }

    /** Zero-extends to {@code width} bits (no-op when already that wide or wider). */
    public UInt pad(int width) {
        Widths.check(width, "pad", Locators.here());
        return new UInt(op(PrimOp.PAD, width, 0, this));
    }

    /** Keeps the low {@code width} bits; the explicit way to drop high bits. */
    public UInt truncate(int width) {
        if (width < 1 || width > width())
            throw new HdlException("cannot truncate " + describe() + " to " + width + " bits: legal widths are 1.."
                    + width(), Locators.here());
        return width == width() ? this : bits(width - 1, 0);
    }

    private static void nonNegative(int n) {
        if (n < 0) throw new HdlException("shift amount must be >= 0, got " + n, Locators.here());
    }
}
