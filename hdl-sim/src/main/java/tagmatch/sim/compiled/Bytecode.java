package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.HashMap;
import java.util.List;
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
    /** Narrow slots the current block keeps in local variables: slot to local index. */
    private final Map<Integer, Integer> cached = new HashMap<>();
    /** Slots the code since {@link #start} read, in order of first read. */
    final java.util.Set<Integer> inputs = new java.util.LinkedHashSet<>();
    /** Per input, the bits the code reads of it (-1 for all). */
    final Map<Integer, Long> inputBits = new HashMap<>();
    /** Wires computed where they are read: slot to view. */
    Map<Integer, BitView> views = Map.of();
    /** Views whose slot a helper was given: they need their value stored after all. */
    final java.util.Set<Integer> viewsInHelpers = new java.util.HashSet<>();
    /** Slots the code since {@link #start} wrote, each with its number of stores (each store tells the slot's readers). */
    final Map<Integer, Integer> stores = new HashMap<>();
    /** The code since {@link #start} reaches state other than through {@link #load} and {@link #storeEnd} (helpers, memories). */
    boolean opaque;

    /** Writes from now on into {@code m}, a block that has no locals of its own yet. */
    final void start(MethodVisitor m) {
        mv = m;
        bytes = 0;
        nextLocal = 2;
        cached.clear();
        change.clear();
        inputs.clear();
        inputBits.clear();
        stores.clear();
        opaque = false;
    }

    /** Loads {@code slot} into a new local variable, which later loads and stores of the slot use. */
    final void cache(int slot) {
        load(slot);
        mv.visitVarInsn(LSTORE, nextLocal);
        cached.put(slot, nextLocal);
        nextLocal += 2;
    }

    /**
     * Jumps to {@code skip} when this block ran before ({@code v[flag] != 0}) and every one of its
     * {@code ins} equals, in the {@code bits} the block reads, the copy taken then (from word
     * {@code shadow} on); else takes the copy and goes on. Exact for code that reads state only
     * through {@link #load} and whose outputs nothing else writes: it would store the values its
     * slots already hold.
     */
    final void skipUnchanged(java.util.List<Integer> ins, java.util.List<Long> bits, int flag, int shadow, Label skip) {
        for (int k : ins) {
            if (!cached.containsKey(k)) {
                cache(k);
            }
        }
        state();
        pushInt(flag);
        insn(LALOAD);
        insn(LCONST_1);
        insn(LXOR);
        for (int j = 0; j < ins.size(); j++) {
            load(ins.get(j));
            state();
            pushInt(shadow + j);
            insn(LALOAD);
            insn(LXOR);
            if (bits.get(j) != -1L) {
                pushLong(bits.get(j));
                insn(LAND);
            }
            insn(LOR);
        }
        insn(LCONST_0);
        insn(LCMP);
        jump(IFEQ, skip);
        state();
        pushInt(flag);
        insn(LCONST_1);
        insn(LASTORE);
        for (int j = 0; j < ins.size(); j++) {
            state();
            pushInt(shadow + j);
            load(ins.get(j));
            insn(LASTORE);
        }
    }

    final boolean isCached(int slot) { return cached.containsKey(slot); }

    /** The bytes {@code code} writes, written nowhere. */
    final int measure(Runnable code) {
        start(new MethodVisitor(ASM9) {});
        code.run();
        return bytes;
    }

    /** Pushes {@code v} and {@code slot} for a narrow store; the value follows, then {@link #storeEnd}. */
    void storeBegin(int slot) {
        state();
        pushInt(slot);
    }

    /** A block that watches a slot: its clean word, and the bits of the slot it reads. */
    record Reader(int flag, long bits) {}

    /**
     * Slot to the skippable blocks that read it without comparing it: a store that changes the
     * bits a block reads clears its clean word, so that it runs again.
     */
    Map<Integer, List<Reader>> notify = Map.of();

    /** Stores the long on the stack, keeping a cached copy current. */
    void storeEnd(int slot) {
        List<Reader> readers = notify.get(slot);
        if (readers != null) {
            storeChanged(slot, readers);
            return;
        }
        Integer local = cached.get(slot);
        if (local != null) {
            insn(DUP2);
            mv.visitVarInsn(LSTORE, local);
            bytes += 2;
        }
        insn(LASTORE);
        stores.merge(slot, 1, Integer::sum);
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

    /**
     * {@link #storeEnd} of a slot that {@code readers} watch: the change (old value xor new) is
     * or-ed into each reader's change word ({@link #tellReaders}), which {@link #toldReaders}
     * applies once at the block's end. Branch-free, as a branch per store makes the class slow
     * to load (a stack map frame each, over every local).
     */
    private void storeChanged(int slot, List<Reader> readers) {
        int t = nextLocal;
        int d = nextLocal + 2;
        mv.visitVarInsn(LSTORE, t);
        bytes += 2;
        insn(POP2);
        mv.visitVarInsn(LLOAD, t);
        bytes += 2;
        Integer old = cached.get(slot);
        if (old != null) {
            mv.visitVarInsn(LLOAD, old);
            bytes += 2;
        } else {
            state();
            pushInt(slot);
            insn(LALOAD);
        }
        insn(LXOR);
        mv.visitVarInsn(LSTORE, d);
        bytes += 2;
        for (Reader f : readers) {
            mv.visitVarInsn(LLOAD, d);
            bytes += 2;
            if (f.bits() != -1L) {
                pushLong(f.bits());
                insn(LAND);
            }
            int acc = change.get(f.flag());
            mv.visitVarInsn(LLOAD, acc);
            insn(LOR);
            mv.visitVarInsn(LSTORE, acc);
            bytes += 4;
        }
        state();
        pushInt(slot);
        mv.visitVarInsn(LLOAD, t);
        bytes += 2;
        insn(LASTORE);
        if (old != null) {
            mv.visitVarInsn(LLOAD, t);
            mv.visitVarInsn(LSTORE, old);
            bytes += 4;
        }
        stores.merge(slot, 1, Integer::sum);
    }

    /** Each reader's change word in this block: the or of every change to the slots it watches. */
    private final Map<Integer, Integer> change = new java.util.LinkedHashMap<>();

    /**
     * Starts a change word, zero, for each reader of a slot in {@code stores} (the slots the
     * block may write): readers learn of all the block's changes at once, at its end.
     */
    final void tellReaders(java.util.Collection<Integer> stores) {
        change.clear();
        for (int k : stores) {
            for (Reader r : notify.getOrDefault(k, List.of())) {
                int f = r.flag();
                if (!change.containsKey(f)) {
                    change.put(f, nextLocal);
                    insn(LCONST_0);
                    mv.visitVarInsn(LSTORE, nextLocal);
                    bytes += 2;
                    nextLocal += 2;
                }
            }
        }
    }

    /** Clears the clean word of every reader whose change word is not zero. */
    final void toldReaders() {
        for (Map.Entry<Integer, Integer> e : change.entrySet()) {
            state();
            pushInt(e.getKey());
            state();
            pushInt(e.getKey());
            insn(LALOAD);
            mv.visitVarInsn(LLOAD, e.getValue());
            bytes += 2;
            nonZero();
            flip();
            insn(LAND);
            insn(LASTORE);
        }
        change.clear();
    }

    /** Pushes {@code v} for a helper, which may read or write any of its words. */
    void v() {
        opaque = true;
        state();
    }

    private void state() {
        mv.visitVarInsn(ALOAD, 0);
        bytes += 1;
    }

    void mem(int mi) {
        opaque = true;
        mv.visitVarInsn(ALOAD, 1);
        pushInt(mi);
        insn(AALOAD);
        bytes += 1;
    }

    /** Pushes the slot's value: a view's bits of its word, or the slot's word. */
    void load(int slot) {
        BitView view = views.get(slot);
        if (view != null) {
            loadWord(view.word(), view.mask());
            if (view.shift() != 0) {
                pushInt(view.shift());
                insn(LUSHR);
            }
            mask(view.width());
            return;
        }
        loadWord(slot, -1L);
    }

    /** Pushes word {@code slot}, of which the code depends on {@code bits}. */
    private void loadWord(int slot, long bits) {
        // A read after a write of the same statement may be on another branch (a register's
        // reset and its update): it is an input all the same.
        inputs.add(slot);
        inputBits.merge(slot, bits, (a, b) -> a | b);
        Integer local = cached.get(slot);
        if (local != null) {
            mv.visitVarInsn(LLOAD, local);
            bytes += 2;
            return;
        }
        state();
        pushInt(slot);
        insn(LALOAD);
    }

    /** {@code slot} for a helper, which reads the state array itself: a view there needs its slot stored. */
    int forHelper(int slot) {
        if (views.containsKey(slot)) {
            viewsInHelpers.add(slot);
        }
        return slot;
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
