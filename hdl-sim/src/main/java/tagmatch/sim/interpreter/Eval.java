package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.util.List;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.OperatorSemantics;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.sim.Words;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * The interpreter's compiled expressions: a tree of evaluator nodes built once from the IR.
 * Values are unsigned bit patterns of the node's width; values of up to 64 bits are computed in
 * a {@code long}, wider ones in a {@link BigInteger}. Operands are extended to the operator's
 * width by their own signedness, as the Verilog backend writes them, so both backends share
 * one meaning of every operator (see {@link PrimOp}).
 */
final class Eval {
    private Eval() {}

    /**
     * The state an evaluation reads: a {@link tagmatch.sim.flat.Schedule}'s word array and its
     * memories, set by the kernel before each run.
     */
    static final class State {
        long[] v;
        long[][] m;
    }

    /** Where a compiled reference reads its value. */
    interface Binder {
        Node ref(Expr x);

        Node memRead(Expr.MemRead r, Node address);

        /**
         * A node reading the precomputed value of {@code x} when {@code x} is a subexpression
         * shared by several parents (computed once per settle), or null to compile it in place.
         */
        Node shared(Expr x);
    }

    abstract static class Node {
        final int width;
        final boolean signed;

        Node(int width, boolean signed) {
            this.width = width;
            this.signed = signed;
        }

        /** The value (width <= 64) or its low 64 bits. */
        abstract long l(State s);

        /** The value as an unsigned BigInteger. */
        BigInteger b(State s) { return Words.unsigned(l(s)); }

        final boolean wide() { return width > 64; }
    }

    static long mask(int w) { return w >= 64 ? -1L : (1L << w) - 1; }

    static long sext(long v, int w) { return w >= 64 ? v : (v << (64 - w)) >> (64 - w); }

    static BigInteger bigMask(int w) { return BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE); }

    /** {@code x} extended (by its signedness) or truncated to {@code w <= 64} bits. */
    static long extL(Node x, State s, int w) {
        long v = x.l(s);
        if (x.signed && x.width < w) {
            v = sext(v, x.width);
        }
        return v & mask(w);
    }

    static BigInteger extB(Node x, State s, int w) {
        BigInteger v = x.b(s);
        if (x.signed && x.width < w && v.testBit(x.width - 1)) {
            v = v.add(BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE.shiftLeft(x.width)));
        }
        return x.width > w ? v.and(bigMask(w)) : v;
    }

    static BigInteger toSigned(BigInteger v, int w) { return v.testBit(w - 1) ? v.subtract(BigInteger.ONE.shiftLeft(w)) : v; }

    static Node compile(Expr x, Binder b) {
        Node s = b.shared(x);
        return s != null ? s : compileHere(x, b);
    }

    /** Compiles {@code x} itself (its operands may still be shared). */
    static Node compileHere(Expr x, Binder b) {
        return x.accept(new Compiler(b));
    }

    /** One evaluator node per kind of expression, its operands compiled through the binder. */
    private record Compiler(Binder b) implements Expr.Visitor<Node> {
        @Override
        public Node ref(Expr.Ref x) { return b.ref(x); }

        @Override
        public Node instRef(Expr.InstRef x) { return b.ref(x); }

        @Override
        public Node lit(Expr.Lit l) { return Eval.lit(l.value(), l.width(), l.signed()); }

        @Override
        public Node mux(Expr.Mux m) {
            return Eval.mux(compile(m.cond(), b), compile(m.whenTrue(), b), compile(m.whenFalse(), b), m.width(), m.signed());
        }

        @Override
        public Node caseOf(Expr.Case c) {
            Node sel = compile(c.selector(), b);
            Node[] vals = new Node[c.values().size()];
            for (int i = 0; i < vals.length; i++) {
                vals[i] = compile(c.values().get(i), b);
            }
            return caseNode(sel, c.keys(), vals, compile(c.otherwise(), b), c.width(), c.signed());
        }

        @Override
        public Node memRead(Expr.MemRead r) { return b.memRead(r, compile(r.address(), b)); }

        @Override
        public Node op(Expr.Op op) {
            Node[] a = new Node[op.args.size()];
            boolean anyWide = op.width() > 64;
            for (int i = 0; i < a.length; i++) {
                a[i] = compile(op.args.get(i), b);
                anyWide |= a[i].wide();
            }
            return anyWide ? new BigOp(op.op, a, op.n, op.m, op.width(), op.signed()) : narrow(op.op, a, op.n, op.m, op.width(), op.signed());
        }

        @Override
        public Node invalid(Expr.Invalid x) {
            throw Schedule.undriven(x);
        }
    }

    static Node lit(BigInteger v, int width, boolean signed) {
        if (width > 64) {
            return new Node(width, signed) {
                long l(State s) { return v.longValue(); }

                BigInteger b(State s) { return v; }
            };
        }
        long c = v.longValue();
        return new Node(width, signed) {
            long l(State s) { return c; }
        };
    }

    private static Node mux(Node c, Node t, Node f, int w, boolean signed) {
        if (w > 64) {
            return new Node(w, signed) {
                long l(State s) { return b(s).longValue(); }

                BigInteger b(State s) { return c.l(s) != 0 ? extB(t, s, w) : extB(f, s, w); }
            };
        }
        return new Node(w, signed) {
            long l(State s) { return c.l(s) != 0 ? extL(t, s, w) : extL(f, s, w); }
        };
    }

    private static Node caseNode(Node sel, List<Expr.Lit> keys, Node[] vals, Node other, int w, boolean signed) {
        if (sel.wide() || w > 64) {
            BigInteger[] k = new BigInteger[keys.size()];
            for (int i = 0; i < k.length; i++) {
                k[i] = keys.get(i).value();
            }
            return new Node(w, signed) {
                long l(State s) { return b(s).longValue(); }

                BigInteger b(State s) {
                    BigInteger v = sel.b(s);
                    for (int i = 0; i < k.length; i++) {
                        if (k[i].equals(v)) {
                            return extB(vals[i], s, w);
                        }
                    }
                    return extB(other, s, w);
                }
            };
        }
        long[] k = new long[keys.size()];
        for (int i = 0; i < k.length; i++) {
            k[i] = keys.get(i).value().longValue();
        }
        return new Node(w, signed) {
            long l(State s) {
                long v = sel.l(s);
                for (int i = 0; i < k.length; i++) {
                    if (k[i] == v) {
                        return extL(vals[i], s, w);
                    }
                }
                return extL(other, s, w);
            }
        };
    }

    /** Operators whose operands and result all fit a long. */
    private static Node narrow(PrimOp op, Node[] a, int n, int m, int w, boolean signed) {
        Node x = a[0];
        Node y = a.length > 1 ? a[1] : null;
        long mw = mask(w);
        switch (op) {
            case ADD: case ADD_EXPAND:
                return new Node(w, signed) { long l(State s) { return (extL(x, s, w) + extL(y, s, w)) & mw; } };
            case SUB: case SUB_EXPAND:
                return new Node(w, signed) { long l(State s) { return (extL(x, s, w) - extL(y, s, w)) & mw; } };
            case MUL:
                return new Node(w, signed) { long l(State s) { return (extL(x, s, w) * extL(y, s, w)) & mw; } };
            case AND:
                return new Node(w, signed) { long l(State s) { return extL(x, s, w) & extL(y, s, w); } };
            case OR:
                return new Node(w, signed) { long l(State s) { return extL(x, s, w) | extL(y, s, w); } };
            case XOR:
                return new Node(w, signed) { long l(State s) { return extL(x, s, w) ^ extL(y, s, w); } };
            case NOT:
                return new Node(w, signed) { long l(State s) { return ~x.l(s) & mw; } };
            case EQ: case NE: case LT: case LE: case GT: case GE: {
                int cw = Math.max(x.width, y.width);
                boolean sc = x.signed && y.signed;
                return new Node(1, false) {
                    long l(State s) {
                        long p = extL(x, s, cw);
                        long q = extL(y, s, cw);
                        int c = sc ? Long.compare(sext(p, cw), sext(q, cw)) : Long.compareUnsigned(p, q);
                        return compare(op, c) ? 1 : 0;
                    }
                };
            }
            case ANDR: {
                long mx = mask(x.width);
                return new Node(1, false) { long l(State s) { return x.l(s) == mx ? 1 : 0; } };
            }
            case ORR:
                return new Node(1, false) { long l(State s) { return x.l(s) != 0 ? 1 : 0; } };
            case XORR:
                return new Node(1, false) { long l(State s) { return Long.bitCount(x.l(s)) & 1; } };
            case SHL:
                return new Node(w, signed) { long l(State s) { return (x.l(s) << n) & mw; } };
            case SHR: {
                int xw = x.width;
                if (n >= xw) {
                    return new Node(w, signed) { long l(State s) { return x.signed ? (x.l(s) >>> (xw - 1)) & 1 : 0; } };
                }
                return new Node(w, signed) { long l(State s) { return x.l(s) >>> n; } };
            }
            case DSHL:
                return new Node(w, signed) { long l(State s) { return WideOps.dshlN(extL(x, s, w), y.l(s), mw); } };
            case DSHR: {
                int xw = x.width;
                return new Node(w, signed) { long l(State s) { return WideOps.dshrN(x.l(s), y.l(s), xw, signed); } };
            }
            case CAT:
                return new Node(w, signed) {
                    long l(State s) {
                        long v = 0;
                        for (Node p : a) {
                            v = (p.width >= 64 ? 0 : v << p.width) | p.l(s);
                        }
                        return v;
                    }
                };
            case BITS: {
                long mb = mask(n - m + 1);
                return new Node(w, signed) { long l(State s) { return (x.l(s) >>> m) & mb; } };
            }
            case PAD:
                return new Node(w, signed) { long l(State s) { return extL(x, s, w); } };
            case AS_UINT: case AS_SINT:
                return new Node(w, signed) { long l(State s) { return x.l(s); } };
            default:
                throw new IllegalArgumentException("unknown operator " + op);
        }
    }

    static boolean compare(PrimOp op, int c) {
        return OperatorSemantics.compare(op, c);
    }

    /** Any operator with an operand or result wider than 64 bits: {@link OperatorSemantics} itself. */
    static final class BigOp extends Node {
        private final PrimOp op;
        private final Node[] a;
        private final int n;
        private final int m;

        BigOp(PrimOp op, Node[] a, int n, int m, int w, boolean signed) {
            super(w, signed);
            if (w == Integer.MAX_VALUE) {
                throw new IllegalArgumentException("cannot simulate a dynamic left shift by a " + a[1].width
                        + "-bit amount (result width 2^" + a[1].width + ")");
            }
            this.op = op;
            this.a = a;
            this.n = n;
            this.m = m;
        }

        @Override
        long l(State s) { return b(s).longValue(); }

        @Override
        BigInteger b(State s) {
            OperatorSemantics.Operand[] v = new OperatorSemantics.Operand[a.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = new OperatorSemantics.Operand(a[i].b(s), a[i].width, a[i].signed);
            }
            return OperatorSemantics.apply(op, n, m, width, v);
        }
    }
}
