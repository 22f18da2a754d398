package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * Code for values of up to 64 bits: an expression's value computed on the JVM operand stack as
 * one {@code long}, in straight-line code where it can be. An operand wider than 64 bits is read
 * from its slot ({@link WideCode}).
 */
abstract class NarrowCode extends Bytecode {
    /** {@code dst (w > 64 bits) := ext(x, w)} for a value with a slot or a narrow inline one. */
    abstract void copy(Schedule.Scope s, Expr x, int dst, int w);

    /** A narrow result of wide operands (comparisons, reductions, bit extraction). */
    abstract void narrowOfWide(Schedule.Scope s, Expr.Op op);

    /** A value that costs a load or a constant: evaluating it on both sides of a choice is cheaper than a branch. */
    static boolean cheap(Schedule.Scope s, Expr x) {
        return x.width() <= 64 && (x instanceof Expr.Lit || s.location(x) >= 0);
    }

    /** Pushes x's value ({@code x.width() <= 64}). */
    void narrow(Schedule.Scope s, Expr x) {
        int k = s.location(x);
        if (k >= 0) {
            load(k);
        } else {
            body(s, x);
        }
    }

    /** Pushes x extended by its signedness, or truncated, to {@code w <= 64} bits. */
    void ext(Schedule.Scope s, Expr x, int w) {
        if (x.width() > 64) {
            load(slot(s, x));
            mask(w);
            return;
        }
        narrow(s, x);
        if (x.signed() && x.width() < w) {
            sext(x.width());
            mask(w);
        } else if (x.width() > w) {
            mask(w);
        }
    }

    /** Pushes an int: 1 when x is not zero. */
    void truth(Schedule.Scope s, Expr x) {
        if (x.width() > 64) {
            v();
            pushInt(slot(s, x));
            pushInt(x.width());
            call("orr", "([JII)J");
        } else {
            narrow(s, x);
        }
        insn(LCONST_0);
        insn(LCMP);
    }

    int slot(Schedule.Scope s, Expr x) {
        int k = s.location(x);
        if (k < 0) {
            throw new IllegalStateException("operand " + x + " of a wide operation has no slot");
        }
        return forHelper(k);
    }

    /** Pushes a shift amount or address: the operand's value, saturated when it is wide. */
    void amount(Schedule.Scope s, Expr x) {
        if (x.width() > 64) {
            v();
            pushInt(slot(s, x));
            pushInt(x.width());
            call("amount", "([JII)J");
        } else {
            narrow(s, x);
        }
    }

    /** x computed here (x is not a reference), {@code x.width() <= 64}. */
    void body(Schedule.Scope s, Expr x) {
        x.accept(new Body(s));
    }

    /** The code of one narrow expression of scope {@code s}, by kind. */
    private final class Body implements Expr.Visitor<Void> {
        private final Schedule.Scope s;

        Body(Schedule.Scope s) {
            this.s = s;
        }

        @Override
        public Void lit(Expr.Lit x) {
            pushLong(x.value().longValue());
            return null;
        }

        @Override
        public Void ref(Expr.Ref x) {
            load(s.location(x));
            return null;
        }

        @Override
        public Void instRef(Expr.InstRef x) {
            load(s.location(x));
            return null;
        }

        @Override
        public Void mux(Expr.Mux m) {
            int w = m.width();
            if (cheap(s, m.whenTrue()) && cheap(s, m.whenFalse()) && m.cond().width() <= 64) {
                // Branch-free f ^ ((t ^ f) & -c): a data-dependent choice costs no misprediction.
                ext(s, m.whenFalse(), w);
                ext(s, m.whenTrue(), w);
                ext(s, m.whenFalse(), w);
                insn(LXOR);
                narrow(s, m.cond());
                if (m.cond().width() > 1) {
                    nonZero();
                }
                insn(LNEG);
                insn(LAND);
                insn(LXOR);
                return null;
            }
            Label f = new Label();
            Label end = new Label();
            truth(s, m.cond());
            jump(IFEQ, f);
            ext(s, m.whenTrue(), w);
            jump(GOTO, end);
            label(f);
            ext(s, m.whenFalse(), w);
            label(end);
            return null;
        }

        @Override
        public Void caseOf(Expr.Case c) {
            NarrowCode.this.caseOf(s, c, -1);
            return null;
        }

        @Override
        public Void memRead(Expr.MemRead r) {
            mem(s.memory(r.memory()));
            pushInt(r.memory().depth());
            amount(s, r.address());
            call("memReadN", "([JIJ)J");
            return null;
        }

        @Override
        public Void op(Expr.Op op) {
            NarrowCode.this.op(s, op);
            return null;
        }

        @Override
        public Void invalid(Expr.Invalid x) {
            throw Schedule.undriven(x);
        }
    }

    /**
     * A case: narrow ({@code dst < 0}) leaves its value on the stack, wide writes it to {@code dst}.
     * Keys repeat at most once in effect: the first equal key wins.
     */
    void caseOf(Schedule.Scope s, Expr.Case c, int dst) {
        int w = c.width();
        Expr sel = c.selector();
        Map<java.math.BigInteger, Integer> keys = new LinkedHashMap<>();
        for (int i = 0; i < c.keys().size(); i++) {
            keys.putIfAbsent(c.keys().get(i).value(), i);
        }
        Label end = new Label();
        if (sel.width() <= 31 && keys.size() >= 4) {
            narrow(s, sel);
            insn(L2I);
            int[] ks = keys.keySet().stream().mapToInt(java.math.BigInteger::intValue).sorted().toArray();
            Label[] ls = new Label[ks.length];
            for (int i = 0; i < ls.length; i++) {
                ls[i] = new Label();
            }
            Label dflt = new Label();
            mv.visitLookupSwitchInsn(dflt, ks, ls);
            bytes += 12 + 8 * ks.length;
            for (int i = 0; i < ks.length; i++) {
                label(ls[i]);
                caseValue(s, c.values().get(keys.get(java.math.BigInteger.valueOf(ks[i]))), w, dst);
                jump(GOTO, end);
            }
            label(dflt);
            caseValue(s, c.otherwise(), w, dst);
            label(end);
            return;
        }
        int local = -1;
        int selSlot = -1;
        if (sel.width() <= 64) {
            local = nextLocal;
            nextLocal += 2;
            narrow(s, sel);
            mv.visitVarInsn(LSTORE, local);
            bytes += 2;
        } else {
            selSlot = slot(s, sel);
        }
        for (Map.Entry<java.math.BigInteger, Integer> e : keys.entrySet()) {
            Label next = new Label();
            if (local >= 0) {
                mv.visitVarInsn(LLOAD, local);
                bytes += 2;
                pushLong(e.getKey().longValue());
                insn(LCMP);
                jump(IFNE, next);
            } else {
                long[] kw = Schedule.words(e.getKey(), WideOps.words(sel.width()));
                for (int i = 0; i < kw.length; i++) {
                    load(selSlot + i);
                    pushLong(kw[i]);
                    insn(LCMP);
                    jump(IFNE, next);
                }
            }
            caseValue(s, c.values().get(e.getValue()), w, dst);
            jump(GOTO, end);
            label(next);
        }
        caseValue(s, c.otherwise(), w, dst);
        label(end);
        if (local >= 0) {
            nextLocal -= 2;
        }
    }

    void caseValue(Schedule.Scope s, Expr x, int w, int dst) {
        if (dst < 0) {
            ext(s, x, w);
        } else {
            copy(s, x, dst, w);
        }
    }

    /** {@code x op y} at {@code w} bits, both operands extended to {@code w}; {@code masked} where a carry can pass the top bit. */
    private void binary(Schedule.Scope s, Expr x, Expr y, int w, int opcode, boolean masked) {
        ext(s, x, w);
        ext(s, y, w);
        insn(opcode);
        if (masked) {
            mask(w);
        }
    }

    void op(Schedule.Scope s, Expr.Op op) {
        List<Expr> a = op.args;
        Expr x = a.get(0);
        Expr y = a.size() > 1 ? a.get(1) : null;
        int w = op.width();
        boolean anyWide = false;
        for (Expr e : a) {
            anyWide |= e.width() > 64;
        }
        if (anyWide) {
            narrowOfWide(s, op);
            return;
        }
        switch (op.op) {
            case ADD: case ADD_EXPAND:
                binary(s, x, y, w, LADD, true);
                return;
            case SUB: case SUB_EXPAND:
                binary(s, x, y, w, LSUB, true);
                return;
            case MUL:
                binary(s, x, y, w, LMUL, true);
                return;
            case AND:
                binary(s, x, y, w, LAND, false);
                return;
            case OR:
                binary(s, x, y, w, LOR, false);
                return;
            case XOR:
                binary(s, x, y, w, LXOR, false);
                return;
            case NOT:
                narrow(s, x);
                pushLong(WideOps.mask(w));
                insn(LXOR);
                return;
            case EQ: case NE: case LT: case LE: case GT: case GE: {
                int cw = Math.max(x.width(), y.width());
                if (cw < 64) {
                    // Branch-free: operands below 64 bits never overflow a 64-bit difference.
                    boolean sc = x.signed() && y.signed();
                    boolean swap = op.op == PrimOp.GT || op.op == PrimOp.LE;
                    Expr p = swap ? y : x;
                    Expr q = swap ? x : y;
                    if (sc) {
                        narrow(s, p);
                        sext(p.width());
                        narrow(s, q);
                        sext(q.width());
                    } else {
                        ext(s, p, cw);
                        ext(s, q, cw);
                    }
                    if (op.op == PrimOp.EQ || op.op == PrimOp.NE) {
                        insn(LXOR);
                        nonZero();
                        if (op.op == PrimOp.EQ) {
                            flip();
                        }
                    } else {
                        insn(LSUB);
                        pushInt(63);
                        insn(LUSHR);
                        if (op.op == PrimOp.LE || op.op == PrimOp.GE) {
                            flip();
                        }
                    }
                    return;
                }
                if (x.signed() && y.signed()) {
                    narrow(s, x);
                    sext(x.width());
                    narrow(s, y);
                    sext(y.width());
                    insn(LCMP);
                } else {
                    ext(s, x, cw);
                    ext(s, y, cw);
                    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "compareUnsigned", "(JJ)I", false);
                    bytes += 3;
                }
                bool(falseJump(op.op));
                return;
            }
            case ANDR:
                narrow(s, x);
                pushLong(WideOps.mask(x.width()));
                insn(LXOR);
                nonZero();
                flip();
                return;
            case ORR:
                narrow(s, x);
                nonZero();
                return;
            case XORR:
                narrow(s, x);
                mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "bitCount", "(J)I", false);
                bytes += 3;
                insn(ICONST_1);
                insn(IAND);
                insn(I2L);
                return;
            case SHL:
                if (op.n >= 64) {
                    pushLong(0);
                    return;
                }
                narrow(s, x);
                pushInt(op.n);
                insn(LSHL);
                mask(w);
                return;
            case SHR:
                if (op.n >= x.width()) {
                    if (x.signed()) {
                        narrow(s, x);
                        pushInt(x.width() - 1);
                        insn(LUSHR);
                        insn(LCONST_1);
                        insn(LAND);
                    } else {
                        pushLong(0);
                    }
                    return;
                }
                narrow(s, x);
                pushInt(op.n);
                insn(LUSHR);
                return;
            case DSHL:
                ext(s, x, w);
                narrow(s, y);
                pushLong(WideOps.mask(w));
                call("dshlN", "(JJJ)J");
                return;
            case DSHR:
                narrow(s, x);
                narrow(s, y);
                pushInt(x.width());
                pushBool(op.signed());
                call("dshrN", "(JJIZ)J");
                return;
            case CAT: {
                boolean first = true;
                for (Expr p : a) {
                    if (!first) {
                        if (p.width() < 64) {
                            pushInt(p.width());
                            insn(LSHL);
                        } else {
                            insn(POP2);
                            insn(LCONST_0);
                        }
                        narrow(s, p);
                        insn(LOR);
                    } else {
                        narrow(s, p);
                    }
                    first = false;
                }
                return;
            }
            case BITS:
                narrow(s, x);
                if (op.m > 0) {
                    pushInt(op.m);
                    insn(LUSHR);
                }
                mask(op.n - op.m + 1);
                return;
            case PAD:
                ext(s, x, w);
                return;
            case AS_UINT: case AS_SINT:
                narrow(s, x);
                return;
            default:
                throw new IllegalArgumentException("cannot simulate operator " + op.op);
        }
    }

    static int falseJump(PrimOp op) {
        switch (op) {
            case EQ: return IFNE;
            case NE: return IFEQ;
            case LT: return IFGE;
            case LE: return IFGT;
            case GT: return IFLE;
            default: return IFLT;
        }
    }

}
