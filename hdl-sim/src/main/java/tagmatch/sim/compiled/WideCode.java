package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import java.util.Map;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * Code for values wider than 64 bits: computed into a slot of the state array by {@link WideOps},
 * operands read from their slots; and the narrow results of wide operands.
 */
abstract class WideCode extends NarrowCode {
    /** {@code dst (w > 64 bits) := x}: computed in place when it is a wide operation of that width, else copied. */
    void into(Schedule.Scope s, Expr x, int dst, int w) {
        if (s.location(x) < 0 && !(x instanceof Expr.Lit) && x.width() > 64) {
            wide(s, x, dst);
        } else {
            copy(s, x, dst, w);
        }
    }

    /** {@code dst (w > 64 bits) := ext(x, w)} for a value with a slot or a narrow inline one. */
    @Override
    void copy(Schedule.Scope s, Expr x, int dst, int w) {
        int k = s.location(x);
        target(dst, w);
        if (k >= 0 && !views.containsKey(k)) {
            pushInt(k);
            pushInt(x.width());
            pushBool(x.signed());
            call("ext", "([JIIIIZ)V");
        } else {
            if (x.width() > 64) {
                throw new IllegalStateException("wide value " + x + " has no slot");
            }
            narrow(s, x);
            pushInt(x.width());
            pushBool(x.signed());
            call("fromLong", "([JIIJIZ)V");
        }
    }

    @Override
    void narrowOfWide(Schedule.Scope s, Expr.Op op) {
        List<Expr> a = op.args;
        Expr x = a.get(0);
        switch (op.op) {
            case EQ: case NE: case LT: case LE: case GT: case GE: {
                Expr y = a.get(1);
                v();
                pushInt(slot(s, x));
                pushInt(x.width());
                pushBool(x.signed());
                pushInt(slot(s, y));
                pushInt(y.width());
                pushBool(y.signed());
                call("compare", "([JIIZIIZ)I");
                bool(falseJump(op.op));
                return;
            }
            case ANDR: case ORR: case XORR:
                v();
                pushInt(slot(s, x));
                pushInt(x.width());
                call(op.op == PrimOp.ANDR ? "andr" : op.op == PrimOp.ORR ? "orr" : "xorr", "([JII)J");
                return;
            case BITS:
                extract(slot(s, x), x.width(), op.m, op.n - op.m + 1);
                return;
            case SHR:
                if (op.n >= x.width()) {
                    if (x.signed()) {
                        extract(slot(s, x), x.width(), x.width() - 1, 1);
                    } else {
                        pushLong(0);
                    }
                } else {
                    extract(slot(s, x), x.width(), op.n, op.width());
                }
                return;
            default:
                throw new IllegalStateException("operator " + op.op + " of width " + op.width() + " has a wide operand");
        }
    }

    void extract(int a, int aw, int lo, int len) {
        if ((lo >>> 6) == ((lo + len - 1) >>> 6)) {
            load(a + (lo >>> 6));
            if ((lo & 63) != 0) {
                pushInt(lo & 63);
                insn(LUSHR);
            }
            mask(len);
            return;
        }
        v();
        pushInt(a);
        pushInt(aw);
        pushInt(lo);
        pushInt(len);
        call("extract", "([JIIII)J");
    }

    // ---- wide expressions: computed into a slot ---------------------------------------------------

    /** Computes the wide non-reference x into {@code dst} (x.width() bits). */
    void wide(Schedule.Scope s, Expr x, int dst) {
        x.accept(new Wide(s, dst));
    }

    /** The code computing one wide expression of scope {@code s} into {@code dst}, by kind. */
    private final class Wide implements Expr.Visitor<Void> {
        private final Schedule.Scope s;
        private final int dst;

        Wide(Schedule.Scope s, int dst) {
            this.s = s;
            this.dst = dst;
        }

        @Override
        public Void mux(Expr.Mux m) {
            Label f = new Label();
            Label end = new Label();
            truth(s, m.cond());
            jump(IFEQ, f);
            copy(s, m.whenTrue(), dst, m.width());
            jump(GOTO, end);
            label(f);
            copy(s, m.whenFalse(), dst, m.width());
            label(end);
            return null;
        }

        @Override
        public Void caseOf(Expr.Case c) {
            WideCode.this.caseOf(s, c, dst);
            return null;
        }

        @Override
        public Void memRead(Expr.MemRead r) {
            mem(s.memory(r.memory()));
            pushInt(r.width());
            pushInt(r.memory().depth());
            amount(s, r.address());
            v();
            pushInt(dst);
            call("memRead", "([JIIJ[JI)V");
            return null;
        }

        @Override
        public Void op(Expr.Op op) {
            wideOp(s, op, dst);
            return null;
        }

        @Override
        public Void ref(Expr.Ref x) { return copied(x); }

        @Override
        public Void instRef(Expr.InstRef x) { return copied(x); }

        @Override
        public Void lit(Expr.Lit x) { return copied(x); }

        private Void copied(Expr x) {
            copy(s, x, dst, x.width());
            return null;
        }

        @Override
        public Void invalid(Expr.Invalid x) {
            throw Schedule.undriven(x);
        }
    }

    /** Pushes a wide operand: its slot, width and signedness. */
    void operand(Schedule.Scope s, Expr x) {
        source(s, x);
        pushBool(x.signed());
    }

    /** Pushes a wide operand's slot and width. */
    private void source(Schedule.Scope s, Expr x) {
        pushInt(slot(s, x));
        pushInt(x.width());
    }

    /** Pushes the state array and the destination slot: the arguments every {@code WideOps} writer starts with. */
    private void target(int dst) {
        v();
        pushInt(dst);
    }

    /** Pushes the state array, the destination slot and {@code n} (the result's width, or a bit position). */
    private void target(int dst, int n) {
        target(dst);
        pushInt(n);
    }

    void wideOp(Schedule.Scope s, Expr.Op op, int dst) {
        List<Expr> a = op.args;
        Expr x = a.get(0);
        int w = op.width();
        String binary = null;
        switch (op.op) {
            case ADD: case ADD_EXPAND: binary = "add"; break;
            case SUB: case SUB_EXPAND: binary = "sub"; break;
            case MUL: binary = "mul"; break;
            case AND: binary = "and"; break;
            case OR: binary = "or"; break;
            case XOR: binary = "xor"; break;
            default: break;
        }
        if (binary != null) {
            target(dst, w);
            operand(s, x);
            operand(s, a.get(1));
            call(binary, "([JIIIIZIIZ)V");
            return;
        }
        switch (op.op) {
            case NOT:
                target(dst);
                source(s, x);
                call("not", "([JIII)V");
                return;
            case SHL:
            case SHR:
            case BITS:
                target(dst, w);
                source(s, x);
                pushInt(op.op == PrimOp.BITS ? op.m : op.n);
                call(op.op == PrimOp.SHL ? "shl" : "shr", "([JIIIII)V");
                return;
            case DSHL:
                target(dst, w);
                operand(s, x);
                amount(s, a.get(1));
                call("dshl", "([JIIIIZJ)V");
                return;
            case DSHR:
                target(dst);
                source(s, x);
                pushBool(op.signed());
                amount(s, a.get(1));
                call("dshr", "([JIIIZJ)V");
                return;
            case CAT: {
                target(dst, w);
                call("clear", "([JII)V");
                int pos = 0;
                for (int i = a.size() - 1; i >= 0; i--) {
                    Expr p = a.get(i);
                    target(dst, pos);
                    source(s, p);
                    call("deposit", "([JIIII)V");
                    pos += p.width();
                }
                return;
            }
            case PAD:
            case AS_UINT:
            case AS_SINT:
                target(dst, w);
                source(s, x);
                pushBool(op.op == PrimOp.PAD && x.signed());
                call("ext", "([JIIIIZ)V");
                return;
            default:
                throw new IllegalStateException("operator " + op.op + " has a " + w + "-bit result");
        }
    }

}
