package tagmatch.hdl.ir;

import java.math.BigInteger;
import java.util.List;

/**
 * Expressions of the circuit IR: ground values only (bundles and vectors are flattened by the
 * builder). Leaves are references and literals; {@link Op} is the one node kind that carries
 * a name hint, so that values the user kept in a Java field keep that name in the Verilog.
 */
public sealed interface Expr permits Expr.Ref, Expr.InstRef, Expr.Lit, Expr.Op, Expr.Choice,
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
        private final boolean signed;
        private int width;

        /** Width and signedness are computed here, once (see {@link Mux}). */
        public Op(PrimOp op, List<Expr> args, int n, int m, Locator locator) {
            this.op = op;
            this.args = List.copyOf(args);
            this.n = n;
            this.m = m;
            this.locator = locator;
            this.signed = !this.args.isEmpty() && op.signed(this.args.get(0).signed());
            this.width = op.width(this.args, n, m);
        }

        public Op withArgs(List<Expr> newArgs) {
            Op copy = new Op(op, newArgs, n, m, locator);
            copy.name = name;
            return copy;
        }

        public String name() { return name; }

        public void name(String name) { this.name = name; }

        /** -1 while an operand's width is not inferred yet; known widths never change, so they are kept. */
        public int width() {
            if (width < 0) width = op.width(args, n, m);
            return width;
        }

        public boolean signed() { return signed; }

        public <R> R accept(Visitor<R> v) { return v.op(this); }

        @Override
        public String toString() { return op + args.toString(); }
    }

    /**
     * A choice among values, {@link Mux} or {@link Case}: as wide as the widest value, signed as
     * the value it falls back to. Its locator is not part of its value, so equality ignores it.
     */
    abstract sealed class Choice implements Expr permits Mux, Case {
        private final Locator locator;
        private final boolean signed;
        private final int hash;
        private int width = -1;

        Choice(Locator locator, boolean signed, int hash) {
            this.locator = locator;
            this.signed = signed;
            this.hash = hash;
        }

        /** Every value the choice can take, its default among them. */
        abstract List<Expr> choices();

        public Locator locator() { return locator; }

        /** -1 while a value's width is not inferred yet; known widths never change, so they are kept. */
        public int width() {
            if (width < 0) {
                int w = -1;
                for (Expr c : choices()) {
                    int x = c.width();
                    if (x < 0) return -1;
                    w = Math.max(w, x);
                }
                width = w;
            }
            return width;
        }

        public boolean signed() { return signed; }
        @Override
        public boolean equals(Object o) { return o instanceof Expr x && StructuralEquality.equal(this, x); }
        @Override
        public int hashCode() { return hash; }
    }

    /**
     * {@code cond ? whenTrue : whenFalse}; the result is as wide as the wider branch. The locator
     * says where it was described (a {@code mux} call, a {@code when}); it is not part of what the
     * value is, so equality ignores it. Width, signedness and hash are computed once, from the
     * operands' (which computed theirs when they were built): a walk that recomputed them would
     * visit every path of a shared DAG, exponentially many on a chain of muxes.
     */
    final class Mux extends Choice {
        private final Expr cond, whenTrue, whenFalse;

        public Mux(Expr cond, Expr whenTrue, Expr whenFalse, Locator locator) {
            super(locator, whenTrue.signed(), java.util.Objects.hash(cond, whenTrue, whenFalse));
            this.cond = cond;
            this.whenTrue = whenTrue;
            this.whenFalse = whenFalse;
            width(); // now, from the operands' cached widths: a first call later would recurse down a whole chain
        }

        public Mux(Expr cond, Expr whenTrue, Expr whenFalse) {
            this(cond, whenTrue, whenFalse, Locator.UNKNOWN);
        }

        public Expr cond() { return cond; }
        public Expr whenTrue() { return whenTrue; }
        public Expr whenFalse() { return whenFalse; }

        @Override
        List<Expr> choices() { return List.of(whenTrue, whenFalse); }

        public <R> R accept(Visitor<R> v) { return v.mux(this); }
        @Override
        public String toString() { return "mux(" + StructuralEquality.brief(cond) + ", ...)"; }
    }

    /**
     * A multi-way choice on one selector with literal keys; emitted as a Verilog {@code case}.
     * Like {@link Mux}, its locator is not part of its value, and its width, signedness and hash
     * are computed once.
     */
    final class Case extends Choice {
        private final Expr selector;
        private final List<Lit> keys;
        private final List<Expr> values;
        private final Expr otherwise;

        public Case(Expr selector, List<Lit> keys, List<Expr> values, Expr otherwise, Locator locator) {
            super(locator, otherwise.signed(), java.util.Objects.hash(selector, keys, values, otherwise));
            this.selector = selector;
            this.keys = List.copyOf(keys);
            this.values = List.copyOf(values);
            this.otherwise = otherwise;
            width(); // now, as a mux does
        }

        public Case(Expr selector, List<Lit> keys, List<Expr> values, Expr otherwise) {
            this(selector, keys, values, otherwise, Locator.UNKNOWN);
        }

        public Expr selector() { return selector; }
        public List<Lit> keys() { return keys; }
        public List<Expr> values() { return values; }
        public Expr otherwise() { return otherwise; }

        @Override
        List<Expr> choices() {
            List<Expr> all = new java.util.ArrayList<>(values);
            all.add(otherwise);
            return all;
        }

        public <R> R accept(Visitor<R> v) { return v.caseOf(this); }
        @Override
        public String toString() { return "case(" + StructuralEquality.brief(selector) + ", ...)"; }
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
