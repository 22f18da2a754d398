package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import tagmatch.sim.flat.WideOps;

/**
 * The instructions the kernel's code is made of, each counting its bytes (HotSpot compiles only
 * methods under 8,000 bytes, so methods are sized by these counts), over the generated methods'
 * parameters: the state array {@code v} (local 0) and the memories {@code m} (local 1). Narrow
 * slots a method reads often are kept in local variables ({@link #cache}).
 */
abstract class Bytecode {
    /** The class whose static methods the code calls for wide values. */
    static final String OPS = "tagmatch/sim/flat/WideOps";

    MethodVisitor mv;
    /** Bytes written to {@link #mv} since {@link #start}. */
    int bytes;
    /** The next free local variable index. */
    int nextLocal;
    /** Narrow slots the current method keeps in local variables: slot to local index. */
    private final Map<Integer, Integer> cached = new HashMap<>();

    /** Writes from now on into {@code m}, a method that has no locals of its own yet. */
    final void start(MethodVisitor m) {
        mv = m;
        bytes = 0;
        nextLocal = 2;
        cached.clear();
    }

    /** Loads {@code slot} into a new local variable, which later loads and stores of the slot use. */
    final void cache(int slot) {
        load(slot);
        mv.visitVarInsn(LSTORE, nextLocal);
        cached.put(slot, nextLocal);
        nextLocal += 2;
    }

    /** The bytes {@code code} writes, written nowhere. */
    final int measure(Runnable code) {
        start(new MethodVisitor(ASM9) {});
        code.run();
        return bytes;
    }

    /** Pushes {@code v} and {@code slot} for a narrow store; the value follows, then {@link #storeEnd}. */
    void storeBegin(int slot) {
        v();
        pushInt(slot);
    }

    /** Stores the long on the stack, keeping a cached copy current. */
    void storeEnd(int slot) {
        Integer local = cached.get(slot);
        if (local != null) {
            insn(DUP2);
            mv.visitVarInsn(LSTORE, local);
            bytes += 2;
        }
        insn(LASTORE);
    }

    void insn(int op) {
        mv.visitInsn(op);
        bytes += 1;
    }

    void pushInt(int k) {
        if (k >= -1 && k <= 5) {
            mv.visitInsn(ICONST_0 + k);
            bytes += 1;
        } else if (k >= Byte.MIN_VALUE && k <= Byte.MAX_VALUE) {
            mv.visitIntInsn(BIPUSH, k);
            bytes += 2;
        } else if (k >= Short.MIN_VALUE && k <= Short.MAX_VALUE) {
            mv.visitIntInsn(SIPUSH, k);
            bytes += 3;
        } else {
            mv.visitLdcInsn(k);
            bytes += 3;
        }
    }

    void pushBool(boolean b) { pushInt(b ? 1 : 0); }

    void pushLong(long x) {
        if (x == 0) {
            insn(LCONST_0);
        } else if (x == 1) {
            insn(LCONST_1);
        } else {
            mv.visitLdcInsn(x);
            bytes += 3;
        }
    }

    void v() {
        mv.visitVarInsn(ALOAD, 0);
        bytes += 1;
    }

    void mem(int mi) {
        mv.visitVarInsn(ALOAD, 1);
        pushInt(mi);
        insn(AALOAD);
        bytes += 1;
    }

    void load(int slot) {
        Integer local = cached.get(slot);
        if (local != null) {
            mv.visitVarInsn(LLOAD, local);
            bytes += 2;
            return;
        }
        v();
        pushInt(slot);
        insn(LALOAD);
    }

    void call(String name, String desc) {
        mv.visitMethodInsn(INVOKESTATIC, OPS, name, desc, false);
        bytes += 3;
    }

    void jump(int op, Label l) {
        mv.visitJumpInsn(op, l);
        bytes += 3;
    }

    void label(Label l) { mv.visitLabel(l); }

    void mask(int w) {
        if (w < 64) {
            pushLong(WideOps.mask(w));
            insn(LAND);
        }
    }

    void sext(int w) {
        if (w < 64) {
            pushInt(64 - w);
            insn(LSHL);
            pushInt(64 - w);
            insn(LSHR);
        }
    }

    /** A long on the stack to 1 when it is not zero, else 0, without a branch. */
    void nonZero() {
        insn(DUP2);
        insn(LNEG);
        insn(LOR);
        pushInt(63);
        insn(LUSHR);
    }

    /** 0 to 1 and 1 to 0. */
    void flip() {
        insn(LCONST_1);
        insn(LXOR);
    }

    /** An int on the stack (a comparison's sign) to a long 1 or 0: 1 when {@code ifFalse} does not jump. */
    void bool(int ifFalse) {
        Label f = new Label();
        Label end = new Label();
        jump(ifFalse, f);
        insn(LCONST_1);
        jump(GOTO, end);
        label(f);
        insn(LCONST_0);
        label(end);
    }

    void copyWords(int from, int to, int n) {
        v();
        pushInt(from);
        v();
        pushInt(to);
        pushInt(n);
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", false);
        bytes += 3;
    }
}
