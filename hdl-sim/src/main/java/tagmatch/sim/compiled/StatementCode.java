package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * Code for the schedule's statements: an assignment, a register's next value and its commit, a
 * memory write's operands and its commit.
 */
final class StatementCode extends WideCode {
    private final Schedule schedule;
    /** Registers whose next value is written straight into their slot: nothing else at their edge reads them. */
    private final Set<Schedule.Reg> direct;

    StatementCode(Schedule schedule, Set<Schedule.Reg> direct) {
        this.schedule = schedule;
        this.direct = direct;
    }

    void assign(Schedule.Assign a) {
        Schedule.Scope s = a.scope();
        Expr x = a.source();
        if (a.width() <= 64) {
            storeBegin(a.dst());
            if (a.own()) {
                body(s, x);
            } else {
                ext(s, x, a.width());
            }
            storeEnd(a.dst());
        } else if (a.own()) {
            wide(s, x, a.dst());
        } else {
            into(s, x, a.dst(), a.width());
        }
    }


    void regNext(Schedule.Reg r) {
        Schedule.Scope s = r.scope();
        Expr next = r.nextValue();
        int w = r.width();
        Label other = new Label();
        Label end = new Label();
        if (w <= 64 && direct.contains(r)) {
            // Stored only when it changes: a hold is no code, a when is a branch around the store.
            if (r.reset() != null) {
                condJump(s, r.reset(), other);
                storeBegin(r.slot());
                ext(s, r.resetValue(), w);
                storeEnd(r.slot());
                jump(GOTO, end);
                label(other);
            }
            if (next != null) {
                update(r, next);
            }
            label(end);
            return;
        }
        if (w <= 64) {
            int dst = direct.contains(r) ? r.slot() : r.next();
            storeBegin(dst);
            if (r.reset() != null) {
                truth(s, r.reset());
                jump(IFEQ, other);
                ext(s, r.resetValue(), w);
                jump(GOTO, end);
                label(other);
            }
            if (next == null) {
                load(r.slot());
            } else {
                ext(s, next, w);
            }
            label(end);
            storeEnd(dst);
            return;
        }
        if (r.reset() != null) {
            truth(s, r.reset());
            jump(IFEQ, other);
            into(s, r.resetValue(), r.next(), w);
            jump(GOTO, end);
            label(other);
        }
        if (next == null) {
            copyWords(r.slot(), r.next(), WideOps.words(w));
        } else {
            into(s, next, r.next(), w);
        }
        label(end);
    }

    /**
     * The slot of the enable a register written in place holds its value without (the first
     * conjunct of its update's condition, when the other choice is the register itself), or -1.
     */
    int enableSlot(Schedule.Reg r) {
        Schedule.Scope s = r.scope();
        Expr x = r.nextValue();
        if (!direct.contains(r) || r.reset() != null || !(x instanceof Expr.Mux) || s.location(x) >= 0
                || s.location(((Expr.Mux) x).whenFalse()) != r.slot()) {
            return -1;
        }
        Expr c = ((Expr.Mux) x).cond();
        while (c instanceof Expr.Op && s.location(c) < 0 && ((Expr.Op) c).op == PrimOp.AND && c.width() == 1
                && ((Expr.Op) c).args.get(0).width() == 1 && ((Expr.Op) c).args.get(1).width() == 1) {
            c = ((Expr.Op) c).args.get(0);
        }
        return c.width() == 1 ? s.location(c) : -1;
    }

    /** Registers of one {@link #enableSlot}: their updates, all skipped by one test while the enable is zero. */
    void regGroup(int enable, List<Schedule.Reg> regs) {
        Label end = new Label();
        load(enable);
        insn(LCONST_0);
        insn(LCMP);
        jump(IFEQ, end);
        int sel = selectorSlot(enable, regs);
        if (sel < 0) {
            for (Schedule.Reg r : regs) {
                regNext(r);
            }
        } else {
            // A register file written at an index: one switch on the index, not a compare per register.
            java.util.TreeMap<Integer, Schedule.Reg> byKey = new java.util.TreeMap<>();
            for (Schedule.Reg r : regs) {
                byKey.put((int) selectedBy(enable, r)[1], r);
            }
            int[] keys = byKey.keySet().stream().mapToInt(Integer::intValue).toArray();
            Label[] cases = new Label[keys.length];
            for (int i = 0; i < cases.length; i++) {
                cases[i] = new Label();
            }
            load(sel);
            insn(L2I);
            mv.visitLookupSwitchInsn(end, keys, cases);
            bytes += 12 + 8 * keys.length;
            int i = 0;
            for (Schedule.Reg r : byKey.values()) {
                label(cases[i++]);
                update(r, ((Expr.Mux) r.nextValue()).whenTrue());
                jump(GOTO, end);
            }
        }
        label(end);
    }

    /**
     * The slot every register of an enable group is selected by ({@code enable && sel == k}, each
     * with its own k of at most 31 bits), or -1 when they are not.
     */
    private int selectorSlot(int enable, List<Schedule.Reg> regs) {
        java.util.Set<Long> keys = new java.util.HashSet<>();
        int sel = -2;
        for (Schedule.Reg r : regs) {
            long[] k = selectedBy(enable, r);
            if (k == null || (sel != -2 && k[0] != sel) || !keys.add(k[1])) {
                return -1;
            }
            sel = (int) k[0];
        }
        return sel;
    }

    /** {slot, k} when register {@code r}'s update condition is {@code enable && slot == k}, k a literal of at most 31 bits; else null. */
    private long[] selectedBy(int enable, Schedule.Reg r) {
        Schedule.Scope s = r.scope();
        Expr c = ((Expr.Mux) r.nextValue()).cond();
        if (!(c instanceof Expr.Op) || s.location(c) >= 0 || ((Expr.Op) c).op != PrimOp.AND
                || s.location(((Expr.Op) c).args.get(0)) != enable) {
            return null;
        }
        Expr eq = ((Expr.Op) c).args.get(1);
        if (!(eq instanceof Expr.Op) || s.location(eq) >= 0 || ((Expr.Op) eq).op != PrimOp.EQ) {
            return null;
        }
        Expr a = ((Expr.Op) eq).args.get(0);
        Expr b = ((Expr.Op) eq).args.get(1);
        if (a instanceof Expr.Lit) {
            Expr t = a;
            a = b;
            b = t;
        }
        if (!(b instanceof Expr.Lit) || a.width() > 31 || a.signed() || b.signed() || s.location(a) < 0) {
            return null;
        }
        java.math.BigInteger k = ((Expr.Lit) b).value();
        if (k.bitLength() > 31) {
            return null;
        }
        return new long[] {s.location(a), k.longValue()};
    }

    /** Code that stores {@code x} into register {@code r}'s slot, branching on its choices and skipping holds. */
    void update(Schedule.Reg r, Expr x) {
        Schedule.Scope s = r.scope();
        if (s.location(x) == r.slot()) {
            return;
        }
        if (x instanceof Expr.Mux && s.location(x) < 0 && ((Expr.Mux) x).cond().width() <= 64) {
            Expr.Mux m = (Expr.Mux) x;
            Label f = new Label();
            Label end = new Label();
            condJump(s, m.cond(), f);
            update(r, m.whenTrue());
            jump(GOTO, end);
            label(f);
            update(r, m.whenFalse());
            label(end);
            return;
        }
        storeBegin(r.slot());
        ext(s, x, r.width());
        storeEnd(r.slot());
    }

    /** Jumps to {@code ifFalse} when the narrow {@code x} is zero; conjunctions and comparisons short-circuit. */
    void condJump(Schedule.Scope s, Expr x, Label ifFalse) {
        if (x instanceof Expr.Op && s.location(x) < 0) {
            Expr.Op op = (Expr.Op) x;
            List<Expr> a = op.args;
            if (op.op == PrimOp.AND && x.width() == 1 && a.get(0).width() == 1 && a.get(1).width() == 1) {
                condJump(s, a.get(0), ifFalse);
                condJump(s, a.get(1), ifFalse);
                return;
            }
            if ((op.op == PrimOp.EQ || op.op == PrimOp.NE) && a.get(0).width() <= 64 && a.get(1).width() <= 64) {
                int cw = Math.max(a.get(0).width(), a.get(1).width());
                ext(s, a.get(0), cw);
                ext(s, a.get(1), cw);
                insn(LCMP);
                jump(op.op == PrimOp.EQ ? IFNE : IFEQ, ifFalse);
                return;
            }
        }
        truth(s, x);
        jump(IFEQ, ifFalse);
    }

    void regCommit(Schedule.Reg r) {
        if (direct.contains(r)) {
            return;
        }
        int n = WideOps.words(r.width());
        if (n <= 2) {
            for (int i = 0; i < n; i++) {
                storeBegin(r.slot() + i);
                load(r.next() + i);
                storeEnd(r.slot() + i);
            }
        } else {
            copyWords(r.next(), r.slot(), n);
        }
    }

    void writeOperands(Schedule.MemWrite w) {
        Schedule.Scope s = w.scope();
        storeBegin(w.enableSlot());
        truth(s, w.enable());
        insn(I2L);
        storeEnd(w.enableSlot());
        storeBegin(w.addressSlot());
        ext(s, w.address(), Math.min(64, w.address().width()));
        storeEnd(w.addressSlot());
        Schedule.Mem m = schedule.mems.get(w.memory());
        operand(s, w.data(), w.dataSlot(), m.width());
        if (w.mask() != null) {
            operand(s, w.mask(), w.maskSlot(), m.width());
        }
    }

    /** Computes a word-wide write operand into {@code dst}. */
    void operand(Schedule.Scope s, Expr x, int dst, int width) {
        if (width <= 64) {
            storeBegin(dst);
            ext(s, x, width);
            storeEnd(dst);
        } else {
            into(s, x, dst, width);
        }
    }

    void memCommit(Schedule.MemWrite w) {
        Schedule.Mem m = schedule.mems.get(w.memory());
        mem(w.memory());
        pushInt(m.width());
        pushInt(m.depth());
        v();
        pushInt(w.enableSlot());
        pushInt(w.addressSlot());
        pushInt(w.dataSlot());
        if (w.mask() == null) {
            call("memWrite", "([JII[JIII)V");
        } else {
            pushInt(w.maskSlot());
            call("memWriteMasked", "([JII[JIIII)V");
        }
    }

}
