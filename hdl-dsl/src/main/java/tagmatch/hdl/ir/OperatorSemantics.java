package tagmatch.hdl.ir;

import java.math.BigInteger;

/**
 * What every {@link PrimOp} computes, as Verilog (and Verilator) computes the expression the
 * backend writes for it: the one definition constant folding evaluates with and the simulators'
 * arbitrary-width paths run, and the reference the simulators' 64-bit fast paths are tested
 * against, operator by operator at the edges of their widths ({@code OperatorTableTest}).
 *
 * <p>Values are bit patterns: non-negative, below 2^width. An operand is extended to the width
 * the operator works at by its own signedness (sign- for SInt, zero- for UInt); a comparison
 * is signed only when both operands are. Shifts by the width or more give zero (a signed right
 * shift: copies of the sign bit). The IR has no division.
 */
public final class OperatorSemantics {
    private OperatorSemantics() {}

    /** One operand: its bit pattern, width and signedness. */
    public record Operand(BigInteger bits, int width, boolean signed) {
        public Operand {
            if (bits.signum() < 0 || bits.bitLength() > width)
                throw new IllegalArgumentException("operand " + bits + " does not fit in " + width + " bits");
        }

        /** The number the pattern stands for: two's complement when signed. */
        public BigInteger value() {
            return signed && bits.testBit(width - 1) ? bits.subtract(BigInteger.ONE.shiftLeft(width)) : bits;
        }

        /** Extended by its signedness, or truncated, to {@code w} bits. */
        public BigInteger extendedTo(int w) {
            return value().and(mask(w));
        }
    }

    /** The bit pattern of {@code op} applied to {@code a}, of the operator's result width {@code w}. */
    public static BigInteger apply(PrimOp op, int n, int m, int w, Operand... a) {
        Operand x = a[0];
        Operand y = a.length > 1 ? a[1] : null;
        switch (op) {
            case ADD: case ADD_EXPAND: return x.extendedTo(w).add(y.extendedTo(w)).and(mask(w));
            case SUB: case SUB_EXPAND: return x.extendedTo(w).subtract(y.extendedTo(w)).and(mask(w));
            case MUL: return x.extendedTo(w).multiply(y.extendedTo(w)).and(mask(w));
            case AND: return x.extendedTo(w).and(y.extendedTo(w));
            case OR: return x.extendedTo(w).or(y.extendedTo(w));
            case XOR: return x.extendedTo(w).xor(y.extendedTo(w));
            case NOT: return x.bits().xor(mask(x.width()));
            case EQ: case NE: case LT: case LE: case GT: case GE: {
                int cw = Math.max(x.width(), y.width());
                BigInteger p = x.extendedTo(cw), q = y.extendedTo(cw);
                if (x.signed() && y.signed()) {
                    p = x.value();
                    q = y.value();
                }
                return bool(compare(op, p.compareTo(q)));
            }
            case ANDR: return bool(x.bits().equals(mask(x.width())));
            case ORR: return bool(x.bits().signum() != 0);
            case XORR: return BigInteger.valueOf(x.bits().bitCount() & 1);
            case SHL: return x.bits().shiftLeft(n);
            case SHR:
                if (n >= x.width()) return bool(x.signed() && x.bits().testBit(x.width() - 1));
                return x.bits().shiftRight(n);
            case DSHL: {
                BigInteger sh = y.bits();
                return sh.compareTo(BigInteger.valueOf(w)) >= 0 ? BigInteger.ZERO : x.extendedTo(w).shiftLeft(sh.intValueExact()).and(mask(w));
            }
            case DSHR: {
                int k = y.bits().min(BigInteger.valueOf(x.width())).intValueExact();
                return (x.signed() ? x.value() : x.bits()).shiftRight(k).and(mask(w));
            }
            case CAT: {
                BigInteger v = BigInteger.ZERO;
                for (Operand p : a) v = v.shiftLeft(p.width()).or(p.bits());
                return v;
            }
            case BITS: return x.bits().shiftRight(m).and(mask(n - m + 1));
            case PAD: return x.extendedTo(w);
            case AS_UINT: case AS_SINT: return x.bits();
            default: throw new AssertionError(op); // every operator is listed above
        }
    }

    /** Whether a comparison holds, given {@code c}, the sign of (left - right). */
    public static boolean compare(PrimOp op, int c) {
        switch (op) {
            case EQ: return c == 0;
            case NE: return c != 0;
            case LT: return c < 0;
            case LE: return c <= 0;
            case GT: return c > 0;
            case GE: return c >= 0;
            default: throw new IllegalArgumentException(op + " is no comparison");
        }
    }

    /** 2^w - 1. */
    public static BigInteger mask(int w) {
        return BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE);
    }

    private static BigInteger bool(boolean b) {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }
}
