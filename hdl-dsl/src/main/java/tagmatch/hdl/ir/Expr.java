package tagmatch.hdl.ir;

import java.math.BigInteger;
import java.util.List;

/**
 * Expressions of the circuit IR: ground values only (bundles and vectors are flattened by the
 * builder). Leaves are references and literals; {@link Op} is the one node kind that carries
 * a name hint, so that values the user kept in a Java field keep that name in the Verilog.
 */
public sealed interface Expr permits Expr.Ref, Expr.InstRef, Expr.Lit, Expr.Op, Expr.Mux, Expr.Case,
        Expr.MemRead, Expr.Invalid {

    int width();

    boolean signed();

    /** {@code v}'s answer for this kind of expression. */
    <R> R accept(Visitor<R> v);

    /**
     * A walk over the IR, one method per kind of expression: a walker written as a visitor fails
     * to compile when a kind is added, where a chain of {@code instanceof} tests would fail at
     * run time.
     */
    interface Visitor<R> {
        R ref(Ref x);

        R instRef(InstRef x);

        R lit(Lit x);

        R op(Op x);

        R mux(Mux x);

        R caseOf(Case x);

        R memRead(MemRead x);

        R invalid(Invalid x);
    }

    /** A signal of the current module. */
    record Ref(Signal signal) implements Expr {
        public int width() { return signal.width(); }
        public boolean signed() { return signal.signed(); }
        public <R> R accept(Visitor<R> v) { return v.ref(this); }
    }

    /** A port of a child instance, seen from the instantiating module. */
    record InstRef(Instance instance, Signal port) implements Expr {
        public int width() { return port.width(); }
        public boolean signed() { return port.signed(); }
        public <R> R accept(Visitor<R> v) { return v.instRef(this); }
    }

    /**
     * A constant. {@code value} is the bit pattern (non-negative, below 2^width); {@code label}
     * is an optional symbolic name (a state of a state machine) the backend declares once.
     */
    record Lit(BigInteger value, int width, boolean signed, String label) implements Expr {
        public Lit {
            if (value.signum() < 0 || value.bitLength() > width)
                throw new IllegalArgumentException("literal " + value + " does not fit in " + width + " bits");
        }

        public static Lit of(long value, int width) {
            return new Lit(BigInteger.valueOf(value), width, false, null);
        }

        public boolean isZero() { return value.signum() == 0; }

        public boolean isAllOnes() { return value.bitCount() == width && value.bitLength() == width; }

        public <R> R accept(Visitor<R> v) { return v.lit(this); }
    }

    /** A primitive operation; see {@link PrimOp} for widths. */
    final class Op implements Expr {
        public final PrimOp op;
        public final List<Expr> args;
        public final int n;
        public final int m;
        public final Locator locator;
        private String name;
        private int width = -1;

        public Op(PrimOp op, List<Expr> args, int n, int m, Locator locator) {
            this.op = op;
            this.args = List.copyOf(args);
            this.n = n;
            this.m = m;
            this.locator = locator;
        }

        public Op withArgs(List<Expr> newArgs) {
            Op copy = new Op(op, newArgs, n, m, locator);
            copy.name = name;
            return copy;
        }

        public String name() { return name; }

        public void name(String name) { this.name = name; }

        public int width() {
            if (width < 0) width = op.width(args, n, m);
            return width;
        }

        public boolean signed() { return op.signed(args.get(0).signed()); }

        public <R> R accept(Visitor<R> v) { return v.op(this); }

        @Override
        public String toString() { return op + args.toString(); }
    }

    /**
     * {@code cond ? whenTrue : whenFalse}; the result is as wide as the wider branch. The locator
     * says where it was described (a {@code mux} call, a {@code when}); it is not part of what the
     * value is, so equality ignores it.
     */
    record Mux(Expr cond, Expr whenTrue, Expr whenFalse, Locator locator) implements Expr {
        public Mux(Expr cond, Expr whenTrue, Expr whenFalse) {
            this(cond, whenTrue, whenFalse, Locator.UNKNOWN);
        }
        public int width() {
            int a = whenTrue.width(), b = whenFalse.width();
            return a < 0 || b < 0 ? -1 : Math.max(a, b);
        }
        public boolean signed() { return whenTrue.signed(); }
        public <R> R accept(Visitor<R> v) { return v.mux(this); }
        @Override
        public boolean equals(Object o) {
            return o instanceof Mux x && cond.equals(x.cond) && whenTrue.equals(x.whenTrue) && whenFalse.equals(x.whenFalse);
        }
        @Override
        public int hashCode() { return java.util.Objects.hash(cond, whenTrue, whenFalse); }
    }

    /**
     * A multi-way choice on one selector with literal keys; emitted as a Verilog {@code case}.
     * Like {@link Mux}, its locator is not part of its value.
     */
    record Case(Expr selector, List<Lit> keys, List<Expr> values, Expr otherwise, Locator locator) implements Expr {
        public Case {
            keys = List.copyOf(keys);
            values = List.copyOf(values);
        }
        public Case(Expr selector, List<Lit> keys, List<Expr> values, Expr otherwise) {
            this(selector, keys, values, otherwise, Locator.UNKNOWN);
        }
        public int width() {
            int w = otherwise.width();
            for (Expr v : values) { if (v.width() < 0) return -1; w = Math.max(w, v.width()); }
            return w;
        }
        public boolean signed() { return otherwise.signed(); }
        public <R> R accept(Visitor<R> v) { return v.caseOf(this); }
        @Override
        public boolean equals(Object o) {
            return o instanceof Case x && selector.equals(x.selector) && keys.equals(x.keys) && values.equals(x.values)
                    && otherwise.equals(x.otherwise);
        }
        @Override
        public int hashCode() { return java.util.Objects.hash(selector, keys, values, otherwise); }
    }

    /** Combinational read of a memory word. */
    record MemRead(Memory memory, Expr address) implements Expr {
        public int width() { return memory.width(); }
        public boolean signed() { return false; }
        public <R> R accept(Visitor<R> v) { return v.memRead(this); }
    }

    /** A sink that is not driven on some path; a check reports it, it is never emitted. */
    record Invalid(int width) implements Expr {
        public boolean signed() { return false; }
        public <R> R accept(Visitor<R> v) { return v.invalid(this); }
    }
}
