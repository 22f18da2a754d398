package tagmatch.sim.flat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tagmatch.hdl.ir.Expr;

/**
 * Which expressions of a {@link Schedule} get a slot of their own rather than being computed
 * inline into the assignment that uses them: a value several parents share (the IR is a DAG;
 * computing it once keeps the work linear), a value wider than 64 bits or an operand of a wide
 * operation (wide values are computed on slots, not on a stack), and an operand whose inline code
 * would make one assignment too large to compile well. Each such value becomes an assignment of
 * its own, a literal a constant.
 */
final class ValueSlots {
    /** Inline expression nodes per assignment before operands move to slots of their own. */
    private static final int INLINE_LIMIT = 120;
    /** The widest intermediate value simulated (a dynamic left shift by a wide amount is wider). */
    private static final int MAX_WIDTH = 1 << 20;

    private final Schedule schedule;

    ValueSlots(Schedule schedule) {
        this.schedule = schedule;
    }

    private static boolean leaf(Expr x) {
        return tagmatch.hdl.ir.Exprs.isLeaf(x);
    }

    /**
     * Decides the slots of a root expression computed into a destination of {@code width} bits:
     * a wide root as wide as its destination is computed there directly.
     */
    void root(Schedule.Scope s, Expr x, int width) {
        if (leaf(x) || s.located.containsKey(x)) {
            visit(s, x, false);
            return;
        }
        if (s.flat.uses().getOrDefault(x, 0) >= 2 || (x.width() > 64 && x.width() != width)) {
            visit(s, x, true);
            return;
        }
        children(s, x);
    }

    /** Returns the number of inline nodes {@code x} adds to its parent's code. */
    private int visit(Schedule.Scope s, Expr x, boolean asLocation) {
        return x.accept(new Weigh(s, asLocation));
    }

    /** The inline weight of one expression, by kind; a computed one gets a slot when it must. */
    private final class Weigh implements Expr.Visitor<Integer> {
        private final Schedule.Scope s;
        private final boolean asLocation;

        Weigh(Schedule.Scope s, boolean asLocation) {
            this.s = s;
            this.asLocation = asLocation;
        }

        @Override
        public Integer invalid(Expr.Invalid x) {
            throw Schedule.undriven(x);
        }

        @Override
        public Integer ref(Expr.Ref x) { return 1; }

        @Override
        public Integer instRef(Expr.InstRef x) { return 1; }

        @Override
        public Integer lit(Expr.Lit l) {
            if (!s.located.containsKey(l) && (asLocation || l.width() > 64)) {
                int k = schedule.allocate(l.width());
                schedule.constants.add(new Schedule.Constant(k, Schedule.words(l.value(), WideOps.words(l.width()))));
                s.located.put(l, k);
            }
            return 1;
        }

        @Override
        public Integer op(Expr.Op x) { return computed(x); }

        @Override
        public Integer mux(Expr.Mux x) { return computed(x); }

        @Override
        public Integer caseOf(Expr.Case x) { return computed(x); }

        @Override
        public Integer memRead(Expr.MemRead x) { return computed(x); }

        private int computed(Expr x) {
            if (s.located.containsKey(x)) {
                return 1;
            }
            if (x.width() > MAX_WIDTH) {
                throw new IllegalArgumentException("cannot simulate " + x + ": its result is " + (x.width() == Integer.MAX_VALUE
                        ? "2^20 bits or wider (a dynamic left shift by a 20-bit or wider amount)" : x.width() + " bits")
                        + "; values of at most " + MAX_WIDTH + " bits are simulated");
            }
            boolean slot = asLocation || x.width() > 64 || s.flat.uses().getOrDefault(x, 0) >= 2;
            int weight = children(s, x);
            if (slot) {
                locate(s, x);
                return 1;
            }
            return weight;
        }
    }

    private void locate(Schedule.Scope s, Expr x) {
        int k = schedule.allocate(x.width());
        s.located.put(x, k);
        schedule.comb.add(new Schedule.Assign(s.path + "_T" + s.located.size(), k, x.width(), x, s, true));
    }

    /** Visits the operands of a non-leaf expression; returns its inline weight, moving operands to slots past the limit. */
    private int children(Schedule.Scope s, Expr x) {
        Operands o = new Operands(x.width() > 64);
        x.accept(o);
        List<Expr> kids = o.kids;
        List<Boolean> loc = o.loc;
        int[] w = new int[kids.size()];
        int total = 1;
        for (int i = 0; i < w.length; i++) {
            w[i] = visit(s, kids.get(i), loc.get(i));
            total += w[i];
        }
        if (total > INLINE_LIMIT) {
            Integer[] byWeight = new Integer[w.length];
            for (int i = 0; i < w.length; i++) {
                byWeight[i] = i;
            }
            java.util.Arrays.sort(byWeight, Comparator.comparingInt((Integer i) -> -w[i]));
            for (int i : byWeight) {
                if (total <= INLINE_LIMIT || w[i] <= 1) {
                    break;
                }
                Expr k = kids.get(i);
                if (!s.located.containsKey(k)) {
                    locate(s, k);
                }
                total -= w[i] - 1;
            }
        }
        return total;
    }

    /**
     * The operands of a non-leaf expression, each with whether it needs a slot of its own: every
     * operand of a wide operation does (wide code reads operands from slots), as does a wide
     * selector or address.
     */
    private static final class Operands implements Expr.Visitor<Void> {
        final List<Expr> kids = new ArrayList<>();
        final List<Boolean> loc = new ArrayList<>();
        private final boolean wide;

        Operands(boolean wide) {
            this.wide = wide;
        }

        private void add(Expr x, boolean located) {
            kids.add(x);
            loc.add(located);
        }

        @Override
        public Void op(Expr.Op op) {
            boolean anyWide = wide;
            for (Expr a : op.args) {
                anyWide |= a.width() > 64;
            }
            for (Expr a : op.args) {
                add(a, anyWide);
            }
            return null;
        }

        @Override
        public Void mux(Expr.Mux m) {
            add(m.cond(), false);
            add(m.whenTrue(), wide);
            add(m.whenFalse(), wide);
            return null;
        }

        @Override
        public Void caseOf(Expr.Case c) {
            add(c.selector(), c.selector().width() > 64);
            for (Expr v : c.values()) {
                add(v, wide);
            }
            add(c.otherwise(), wide);
            return null;
        }

        @Override
        public Void memRead(Expr.MemRead r) {
            add(r.address(), r.address().width() > 64);
            return null;
        }

        @Override
        public Void ref(Expr.Ref x) { return leaf(x); }

        @Override
        public Void instRef(Expr.InstRef x) { return leaf(x); }

        @Override
        public Void lit(Expr.Lit x) { return leaf(x); }

        @Override
        public Void invalid(Expr.Invalid x) { return leaf(x); }

        private static Void leaf(Expr x) {
            throw new IllegalArgumentException("cannot simulate expression " + x + ": it has no operands");
        }
    }
}
