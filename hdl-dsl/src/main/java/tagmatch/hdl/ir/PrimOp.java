package tagmatch.hdl.ir;

import java.util.List;

/**
 * The primitive operators of the IR and their width rules. {@code w(a)} is an operand's width;
 * {@code n}, {@code m} are the operator's integer parameters.
 *
 * <pre>
 * ADD, SUB          max(w(a), w(b))          wrapping: the carry/borrow is dropped
 * ADD_EXPAND        max(w(a), w(b)) + 1      keeps the carry (Chisel +&amp;)
 * SUB_EXPAND        max(w(a), w(b)) + 1      keeps the borrow (Chisel -&amp;)
 * MUL               w(a) + w(b)
 * AND, OR, XOR      max(w(a), w(b))          the narrower operand is extended first
 * NOT               w(a)
 * EQ NE LT LE GT GE 1
 * ANDR, ORR, XORR   1                        reductions
 * SHL n             w(a) + n                 constant shift: nothing falls off
 * SHR n             max(w(a) - n, 1)         constant shift: low bits fall off
 * DSHL              w(a) + 2^w(b) - 1        dynamic shift: nothing falls off
 * DSHR              w(a)
 * CAT               sum of w(args)           first argument is most significant
 * BITS n m          n - m + 1                bits n down to m
 * PAD n             max(w(a), n)             zero- (UInt) or sign- (SInt) extension
 * AS_UINT, AS_SINT  w(a)                     reinterpretation
 * </pre>
 */
public enum PrimOp {
    ADD("+"), SUB("-"), ADD_EXPAND("+"), SUB_EXPAND("-"), MUL("*"),
    AND("&"), OR("|"), XOR("^"), NOT("~"),
    EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="),
    ANDR("&"), ORR("|"), XORR("^"),
    SHL("<<"), SHR(">>"), DSHL("<<"), DSHR(">>"),
    CAT(","), BITS("[]"), PAD("pad"), AS_UINT("$unsigned"), AS_SINT("$signed");

    /** The Verilog operator symbol (or function name) this primitive is emitted with. */
    public final String symbol;

    PrimOp(String symbol) {
        this.symbol = symbol;
    }

    /** Result width, or -1 while an operand's width is still unknown. */
    public int width(List<Expr> args, int n, int m) {
        int[] w = new int[args.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = args.get(i).width();
            if (w[i] < 0) return -1;
        }
        switch (this) {
            case ADD: case SUB: case AND: case OR: case XOR: return Math.max(w[0], w[1]);
            case ADD_EXPAND: case SUB_EXPAND: return Math.max(w[0], w[1]) + 1;
            case MUL: return w[0] + w[1];
            case NOT: case DSHR: case AS_UINT: case AS_SINT: return w[0];
            case EQ: case NE: case LT: case LE: case GT: case GE: case ANDR: case ORR: case XORR: return 1;
            case SHL: return w[0] + n;
            case SHR: return Math.max(w[0] - n, 1);
            case DSHL: return w[1] >= 20 ? Integer.MAX_VALUE : w[0] + (1 << w[1]) - 1;
            case CAT: { int s = 0; for (int x : w) s += x; return s; }
            case BITS: return n - m + 1;
            case PAD: return Math.max(w[0], n);
            default: throw new AssertionError(this);
        }
    }

    /** Whether the result is signed, given whether the (first) operand is. */
    public boolean signed(boolean operandSigned) {
        switch (this) {
            case ADD: case SUB: case ADD_EXPAND: case SUB_EXPAND: case MUL:
            case AND: case OR: case XOR: case NOT: case SHL: case SHR: case DSHL: case DSHR: case PAD:
                return operandSigned;
            case AS_SINT: return true;
            default: return false;
        }
    }
}
