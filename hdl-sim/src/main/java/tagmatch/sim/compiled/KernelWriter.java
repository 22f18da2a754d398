package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * Writes the JVM class of one design's {@link Kernel} with ASM: each assignment of the
 * {@link Schedule} in evaluation order as straight-line code on {@code long}s (narrow values on the
 * operand stack, wide ones through {@link WideOps} on slots), split into static methods small
 * enough for the JIT to compile (HotSpot leaves methods over 8000 bytes of bytecode interpreted),
 * called from small dispatch methods.
 */
final class KernelWriter {
    /** The internal name; defined as a hidden class, the JVM makes it unique. */
    static final String NAME = "tagmatch/sim/compiled/Design";
    private static final String OPS = "tagmatch/sim/flat/WideOps";
    private static final String CHUNK = "([J[[J)V";
    /** Estimated bytecode bytes per method before a new one starts. */
    private static final int CHUNK_BYTES = 3000;
    /** Calls per dispatch method. */
    private static final int FAN_OUT = 400;

    private final Schedule nl;
    private ClassWriter cw;
    private MethodVisitor mv;
    private int bytes;
    private int nextLocal;
    private List<String> chunks;
    private String prefix;
    /** Registers whose next value is written straight into their slot: nothing else at their edge reads them. */
    private final java.util.Set<Schedule.Reg> direct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Narrow slots the current method keeps in local variables: slot to local index. */
    private final Map<Integer, Integer> cached = new java.util.HashMap<>();
    /** Words that belong to values wider than 64 bits (written by {@link WideOps}, never cached). */
    private final java.util.BitSet wideWords;

    /** One statement: how to emit it and which slots its inline code reads. */
    private record Statement(Runnable emit, java.util.Set<Integer> reads) {}

    /** Statements of one generated method group; {@code plan}: statements per method, from the sizing pass. */
    private static final class Section {
        final String prefix;
        final List<Statement> statements = new ArrayList<>();
        final List<Integer> plan = new ArrayList<>();

        Section(String prefix) { this.prefix = prefix; }
    }

    private KernelWriter(Schedule nl) {
        this.nl = nl;
        this.wideWords = nl.wideWords();
    }

    static byte[] write(Schedule nl) {
        KernelWriter w = new KernelWriter(nl);
        w.planDirectWrites();
        List<Section> sections = w.sections();
        w.writeClass(sections, true);
        return w.writeClass(sections, false);
    }

    private java.util.Set<Integer> regReads(Schedule.Reg r) {
        java.util.Set<Integer> rd = new java.util.HashSet<>();
        rd.add(r.slot());
        for (Expr x : new Expr[] {r.nextValue(), r.reset(), r.resetValue()}) {
            if (x != null) {
                rd.addAll(Schedule.slotsRead(r.scope(), x, false));
            }
        }
        return rd;
    }

    private java.util.Set<Integer> writeReads(Schedule.MemWrite w) {
        java.util.Set<Integer> rd = new java.util.HashSet<>();
        for (Expr x : new Expr[] {w.address(), w.data(), w.enable(), w.mask()}) {
            if (x != null) {
                rd.addAll(Schedule.slotsRead(w.scope(), x, false));
            }
        }
        return rd;
    }

    private List<Section> sections() {
        List<Section> all = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < segments(); i++) {
            int to = i < nl.evaluations.size() ? nl.evaluations.get(i).at() : nl.order.size();
            Section comb = new Section(i == 0 ? "c" : "s" + i + "_");
            for (Schedule.Assign a : nl.order.subList(from, to)) {
                comb.statements.add(new Statement(() -> assign(a), Schedule.slotsRead(a.scope(), a.source(), a.own())));
            }
            all.add(comb);
            from = to;
        }
        for (int d = 0; d < nl.domains.size(); d++) {
            Section compute = new Section("p" + d + "_");
            Section commit = new Section("q" + d + "_");
            for (Schedule.Reg r : nl.registers(d)) {
                compute.statements.add(new Statement(() -> regNext(r), regReads(r)));
                commit.statements.add(new Statement(() -> regCommit(r), java.util.Set.of(r.next())));
            }
            for (Schedule.MemWrite w : nl.writes(d)) {
                compute.statements.add(new Statement(() -> writeOperands(w), writeReads(w)));
                commit.statements.add(new Statement(() -> memCommit(w), java.util.Set.of()));
            }
            all.add(compute);
            all.add(commit);
        }
        return all;
    }

    /**
     * Writes the class. The sizing pass ({@code planning}) splits each section into methods by
     * estimated size; the real pass keeps the split and caches in locals the narrow slots that
     * several statements of a method read (the JIT cannot keep array elements in registers
     * across stores to the same array).
     */
    private byte[] writeClass(List<Section> sections, boolean planning) {
        cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) { return "java/lang/Object"; }
        };
        cw.visit(V17, ACC_FINAL | ACC_SUPER, NAME, null, "java/lang/Object", new String[] {"tagmatch/sim/flat/Kernel"});
        MethodVisitor init = cw.visitMethod(0, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        List<List<String>> names = new ArrayList<>();
        for (Section sec : sections) {
            names.add(planning ? plan(sec) : emit(sec));
        }
        int n = segments();
        List<String> comb = new ArrayList<>();
        names.subList(0, n).forEach(comb::addAll);
        dispatch("comb", comb);
        if (n > 1) {
            domainSwitch("combSegment", names.subList(0, n));
        }
        List<List<String>> compute = new ArrayList<>();
        List<List<String>> commit = new ArrayList<>();
        for (int d = 0; d < nl.domains.size(); d++) {
            compute.add(names.get(n + 2 * d));
            commit.add(names.get(n + 1 + 2 * d));
        }
        domainSwitch("compute", compute);
        domainSwitch("commit", commit);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Combinational segments: one, and one more after each model evaluation. */
    private int segments() {
        return 1 + nl.evaluations.size();
    }

    private List<String> plan(Section sec) {
        chunks = new ArrayList<>();
        prefix = sec.prefix;
        begin(List.of());
        int n = 0;
        for (Statement st : sec.statements) {
            if (bytes > CHUNK_BYTES) {
                end();
                sec.plan.add(n);
                n = 0;
                begin(List.of());
            }
            st.emit().run();
            n++;
        }
        end();
        sec.plan.add(n);
        return chunks;
    }

    private List<String> emit(Section sec) {
        chunks = new ArrayList<>();
        prefix = sec.prefix;
        int i = 0;
        for (int n : sec.plan) {
            List<Statement> part = sec.statements.subList(i, i + n);
            begin(part);
            for (Statement st : part) {
                st.emit().run();
            }
            end();
            i += n;
        }
        return chunks;
    }

    /**
     * With one clock domain, a narrow register that no other register or memory write of the
     * edge reads can take its next value at once, skipping the copy through its next slot.
     * (With several domains, edges of two of them may fire together and read each other.)
     */
    private void planDirectWrites() {
        if (nl.domains.size() != 1) {
            return;
        }
        Map<Integer, Integer> readers = new java.util.HashMap<>();
        for (Schedule.Reg r : nl.regs) {
            regReads(r).forEach(k -> readers.merge(k, 1, Integer::sum));
        }
        for (Schedule.MemWrite w : nl.writes) {
            writeReads(w).forEach(k -> readers.merge(k, 1, Integer::sum));
        }
        for (Schedule.Reg r : nl.regs) {
            if (r.width() <= 64 && r.asyncDomain() < 0 && readers.getOrDefault(r.slot(), 0) == 1) {
                direct.add(r);
            }
        }
    }

    // ---- methods ---------------------------------------------------------------------------------

    /** Starts a method for {@code part}: slots two or more of its statements read are loaded into locals. */
    private void begin(List<Statement> part) {
        String name = prefix + chunks.size();
        chunks.add(name);
        mv = cw.visitMethod(ACC_STATIC | ACC_PRIVATE, name, CHUNK, null, null);
        mv.visitCode();
        bytes = 0;
        cached.clear();
        Map<Integer, Integer> count = new java.util.TreeMap<>();
        for (Statement st : part) {
            for (int k : st.reads()) {
                if (!wideWords.get(k)) {
                    count.merge(k, 1, Integer::sum);
                }
            }
        }
        int local = 2;
        for (Map.Entry<Integer, Integer> e : count.entrySet()) {
            if (e.getValue() >= 2) {
                load(e.getKey());
                mv.visitVarInsn(LSTORE, local);
                cached.put(e.getKey(), local);
                local += 2;
            }
        }
        nextLocal = local;
    }

    private void end() {
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Pushes {@code v} and {@code slot} for a narrow store; the value follows, then {@link #storeEnd}. */
    private void storeBegin(int slot) {
        v();
        pushInt(slot);
    }

    /** Stores the long on the stack, keeping a cached copy current. */
    private void storeEnd(int slot) {
        Integer local = cached.get(slot);
        if (local != null) {
            insn(DUP2);
            mv.visitVarInsn(LSTORE, local);
            bytes += 2;
        }
        insn(LASTORE);
    }

    /** {@code public void name(long[] v, long[][] m)} calling the chunks, through a tree of helpers when there are many. */
    private void dispatch(String name, List<String> calls) {
        List<String> level = calls;
        int round = 0;
        while (level.size() > FAN_OUT) {
            List<String> up = new ArrayList<>();
            for (int i = 0; i < level.size(); i += FAN_OUT) {
                String n = "d" + name + round + "_" + up.size();
                callAll(n, ACC_STATIC | ACC_PRIVATE, level.subList(i, Math.min(level.size(), i + FAN_OUT)), true);
                up.add(n);
            }
            level = up;
            round++;
        }
        callAll(name, ACC_PUBLIC, level, false);
    }

    private void callAll(String name, int access, List<String> calls, boolean isStatic) {
        MethodVisitor m = cw.visitMethod(access, name, CHUNK, null, null);
        m.visitCode();
        int base = isStatic ? 0 : 1;
        for (String c : calls) {
            m.visitVarInsn(ALOAD, base);
            m.visitVarInsn(ALOAD, base + 1);
            m.visitMethodInsn(INVOKESTATIC, NAME, c, CHUNK, false);
        }
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }

    /** {@code public void name(int d, long[] v, long[][] m)}: a table switch to the dispatcher of the d-th list (a domain's, or a segment's). */
    private void domainSwitch(String name, List<List<String>> perDomain) {
        List<String> targets = new ArrayList<>();
        for (int d = 0; d < perDomain.size(); d++) {
            String n = name + d;
            List<String> calls = perDomain.get(d);
            List<String> level = calls;
            int round = 0;
            while (level.size() > FAN_OUT) {
                List<String> up = new ArrayList<>();
                for (int i = 0; i < level.size(); i += FAN_OUT) {
                    String h = "d" + n + "_" + round + "_" + up.size();
                    callAll(h, ACC_STATIC | ACC_PRIVATE, level.subList(i, Math.min(level.size(), i + FAN_OUT)), true);
                    up.add(h);
                }
                level = up;
                round++;
            }
            callAll(n, ACC_STATIC | ACC_PRIVATE, level, true);
            targets.add(n);
        }
        MethodVisitor m = cw.visitMethod(ACC_PUBLIC, name, "(I[J[[J)V", null, null);
        m.visitCode();
        Label done = new Label();
        if (!targets.isEmpty()) {
            Label[] labels = new Label[targets.size()];
            for (int i = 0; i < labels.length; i++) {
                labels[i] = new Label();
            }
            m.visitVarInsn(ILOAD, 1);
            m.visitTableSwitchInsn(0, labels.length - 1, done, labels);
            for (int i = 0; i < labels.length; i++) {
                m.visitLabel(labels[i]);
                m.visitVarInsn(ALOAD, 2);
                m.visitVarInsn(ALOAD, 3);
                m.visitMethodInsn(INVOKESTATIC, NAME, targets.get(i), CHUNK, false);
                m.visitInsn(RETURN);
            }
        }
        m.visitLabel(done);
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }

    // ---- instructions (each counts its bytes) ------------------------------------------------------

    private void insn(int op) {
        mv.visitInsn(op);
        bytes += 1;
    }

    private void pushInt(int k) {
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

    private void pushBool(boolean b) { pushInt(b ? 1 : 0); }

    private void pushLong(long x) {
        if (x == 0) {
            insn(LCONST_0);
        } else if (x == 1) {
            insn(LCONST_1);
        } else {
            mv.visitLdcInsn(x);
            bytes += 3;
        }
    }

    private void v() {
        mv.visitVarInsn(ALOAD, 0);
        bytes += 1;
    }

    private void mem(int mi) {
        mv.visitVarInsn(ALOAD, 1);
        pushInt(mi);
        insn(AALOAD);
        bytes += 1;
    }

    private void load(int slot) {
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

    private void call(String name, String desc) {
        mv.visitMethodInsn(INVOKESTATIC, OPS, name, desc, false);
        bytes += 3;
    }

    private void jump(int op, Label l) {
        mv.visitJumpInsn(op, l);
        bytes += 3;
    }

    private void label(Label l) { mv.visitLabel(l); }

    private void mask(int w) {
        if (w < 64) {
            pushLong(WideOps.mask(w));
            insn(LAND);
        }
    }

    private void sext(int w) {
        if (w < 64) {
            pushInt(64 - w);
            insn(LSHL);
            pushInt(64 - w);
            insn(LSHR);
        }
    }

    /** A long on the stack to 1 when it is not zero, else 0, without a branch. */
    private void nonZero() {
        insn(DUP2);
        insn(LNEG);
        insn(LOR);
        pushInt(63);
        insn(LUSHR);
    }

    /** 0 to 1 and 1 to 0. */
    private void flip() {
        insn(LCONST_1);
        insn(LXOR);
    }

    /** A value that costs a load or a constant: evaluating it on both sides of a choice is cheaper than a branch. */
    private static boolean cheap(Schedule.Scope s, Expr x) {
        return x.width() <= 64 && (x instanceof Expr.Lit || s.location(x) >= 0);
    }

    /** An int on the stack (a comparison's sign) to a long 1 or 0: 1 when {@code ifFalse} does not jump. */
    private void bool(int ifFalse) {
        Label f = new Label();
        Label end = new Label();
        jump(ifFalse, f);
        insn(LCONST_1);
        jump(GOTO, end);
        label(f);
        insn(LCONST_0);
        label(end);
    }

    // ---- statements ------------------------------------------------------------------------------

    private void assign(Schedule.Assign a) {
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

    /** {@code dst (w > 64 bits) := x}: computed in place when it is a wide operation of that width, else copied. */
    private void into(Schedule.Scope s, Expr x, int dst, int w) {
        if (s.location(x) < 0 && !(x instanceof Expr.Lit) && x.width() > 64) {
            wide(s, x, dst);
        } else {
            copy(s, x, dst, w);
        }
    }

    /** {@code dst (w > 64 bits) := ext(x, w)} for a value with a slot or a narrow inline one. */
    private void copy(Schedule.Scope s, Expr x, int dst, int w) {
        int k = s.location(x);
        v();
        pushInt(dst);
        pushInt(w);
        if (k >= 0) {
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

    private void regNext(Schedule.Reg r) {
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

    /** Code that stores {@code x} into register {@code r}'s slot, branching on its choices and skipping holds. */
    private void update(Schedule.Reg r, Expr x) {
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
    private void condJump(Schedule.Scope s, Expr x, Label ifFalse) {
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

    private void copyWords(int from, int to, int n) {
        v();
        pushInt(from);
        v();
        pushInt(to);
        pushInt(n);
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", false);
        bytes += 3;
    }

    private void regCommit(Schedule.Reg r) {
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

    private void writeOperands(Schedule.MemWrite w) {
        Schedule.Scope s = w.scope();
        storeBegin(w.enableSlot());
        truth(s, w.enable());
        insn(I2L);
        storeEnd(w.enableSlot());
        storeBegin(w.addressSlot());
        ext(s, w.address(), Math.min(64, w.address().width()));
        storeEnd(w.addressSlot());
        Schedule.Mem m = nl.mems.get(w.memory());
        operand(s, w.data(), w.dataSlot(), m.width());
        if (w.mask() != null) {
            operand(s, w.mask(), w.maskSlot(), m.width());
        }
    }

    /** Computes a word-wide write operand into {@code dst}. */
    private void operand(Schedule.Scope s, Expr x, int dst, int width) {
        if (width <= 64) {
            storeBegin(dst);
            ext(s, x, width);
            storeEnd(dst);
        } else {
            into(s, x, dst, width);
        }
    }

    private void memCommit(Schedule.MemWrite w) {
        Schedule.Mem m = nl.mems.get(w.memory());
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

    // ---- narrow expressions: a long on the stack -------------------------------------------------

    /** Pushes x's value ({@code x.width() <= 64}). */
    private void narrow(Schedule.Scope s, Expr x) {
        int k = s.location(x);
        if (k >= 0) {
            load(k);
        } else {
            body(s, x);
        }
    }

    /** Pushes x extended by its signedness, or truncated, to {@code w <= 64} bits. */
    private void ext(Schedule.Scope s, Expr x, int w) {
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
    private void truth(Schedule.Scope s, Expr x) {
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

    private int slot(Schedule.Scope s, Expr x) {
        int k = s.location(x);
        if (k < 0) {
            throw new IllegalStateException("operand " + x + " of a wide operation has no slot");
        }
        return k;
    }

    /** Pushes a shift amount or address: the operand's value, saturated when it is wide. */
    private void amount(Schedule.Scope s, Expr x) {
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
    private void body(Schedule.Scope s, Expr x) {
        if (x instanceof Expr.Lit) {
            pushLong(((Expr.Lit) x).value().longValue());
        } else if (x instanceof Expr.Ref || x instanceof Expr.InstRef) {
            load(s.location(x));
        } else if (x instanceof Expr.Mux && cheap(s, ((Expr.Mux) x).whenTrue()) && cheap(s, ((Expr.Mux) x).whenFalse())
                && ((Expr.Mux) x).cond().width() <= 64) {
            // Branch-free f ^ ((t ^ f) & -c): a data-dependent choice costs no misprediction.
            Expr.Mux m = (Expr.Mux) x;
            ext(s, m.whenFalse(), x.width());
            ext(s, m.whenTrue(), x.width());
            ext(s, m.whenFalse(), x.width());
            insn(LXOR);
            narrow(s, m.cond());
            if (m.cond().width() > 1) {
                nonZero();
            }
            insn(LNEG);
            insn(LAND);
            insn(LXOR);
        } else if (x instanceof Expr.Mux) {
            Expr.Mux m = (Expr.Mux) x;
            Label f = new Label();
            Label end = new Label();
            truth(s, m.cond());
            jump(IFEQ, f);
            ext(s, m.whenTrue(), x.width());
            jump(GOTO, end);
            label(f);
            ext(s, m.whenFalse(), x.width());
            label(end);
        } else if (x instanceof Expr.Case) {
            caseOf(s, (Expr.Case) x, -1);
        } else if (x instanceof Expr.MemRead) {
            Expr.MemRead r = (Expr.MemRead) x;
            mem(s.memory(r.memory()));
            pushInt(r.memory().depth());
            amount(s, r.address());
            call("memReadN", "([JIJ)J");
        } else if (x instanceof Expr.Op) {
            op(s, (Expr.Op) x);
        } else {
            throw new IllegalArgumentException("cannot simulate expression " + x);
        }
    }

    /**
     * A case: narrow ({@code dst < 0}) leaves its value on the stack, wide writes it to {@code dst}.
     * Keys repeat at most once in effect: the first equal key wins.
     */
    private void caseOf(Schedule.Scope s, Expr.Case c, int dst) {
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

    private void caseValue(Schedule.Scope s, Expr x, int w, int dst) {
        if (dst < 0) {
            ext(s, x, w);
        } else {
            copy(s, x, dst, w);
        }
    }

    private void op(Schedule.Scope s, Expr.Op op) {
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
                ext(s, x, w);
                ext(s, y, w);
                insn(LADD);
                mask(w);
                return;
            case SUB: case SUB_EXPAND:
                ext(s, x, w);
                ext(s, y, w);
                insn(LSUB);
                mask(w);
                return;
            case MUL:
                ext(s, x, w);
                ext(s, y, w);
                insn(LMUL);
                mask(w);
                return;
            case AND:
                ext(s, x, w);
                ext(s, y, w);
                insn(LAND);
                return;
            case OR:
                ext(s, x, w);
                ext(s, y, w);
                insn(LOR);
                return;
            case XOR:
                ext(s, x, w);
                ext(s, y, w);
                insn(LXOR);
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

    private static int falseJump(PrimOp op) {
        switch (op) {
            case EQ: return IFNE;
            case NE: return IFEQ;
            case LT: return IFGE;
            case LE: return IFGT;
            case GT: return IFLE;
            default: return IFLT;
        }
    }

    /** A narrow result of wide operands (comparisons, reductions, bit extraction). */
    private void narrowOfWide(Schedule.Scope s, Expr.Op op) {
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

    private void extract(int a, int aw, int lo, int len) {
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
    private void wide(Schedule.Scope s, Expr x, int dst) {
        int w = x.width();
        if (x instanceof Expr.Mux) {
            Expr.Mux m = (Expr.Mux) x;
            Label f = new Label();
            Label end = new Label();
            truth(s, m.cond());
            jump(IFEQ, f);
            copy(s, m.whenTrue(), dst, w);
            jump(GOTO, end);
            label(f);
            copy(s, m.whenFalse(), dst, w);
            label(end);
        } else if (x instanceof Expr.Case) {
            caseOf(s, (Expr.Case) x, dst);
        } else if (x instanceof Expr.MemRead) {
            Expr.MemRead r = (Expr.MemRead) x;
            mem(s.memory(r.memory()));
            pushInt(w);
            pushInt(r.memory().depth());
            amount(s, r.address());
            v();
            pushInt(dst);
            call("memRead", "([JIIJ[JI)V");
        } else if (x instanceof Expr.Op) {
            wideOp(s, (Expr.Op) x, dst);
        } else if (x instanceof Expr.Ref || x instanceof Expr.InstRef || x instanceof Expr.Lit) {
            copy(s, x, dst, w);
        } else {
            throw new IllegalArgumentException("cannot simulate expression " + x);
        }
    }

    private void operand(Schedule.Scope s, Expr x) {
        pushInt(slot(s, x));
        pushInt(x.width());
        pushBool(x.signed());
    }

    private void wideOp(Schedule.Scope s, Expr.Op op, int dst) {
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
            v();
            pushInt(dst);
            pushInt(w);
            operand(s, x);
            operand(s, a.get(1));
            call(binary, "([JIIIIZIIZ)V");
            return;
        }
        switch (op.op) {
            case NOT:
                v();
                pushInt(dst);
                pushInt(slot(s, x));
                pushInt(x.width());
                call("not", "([JIII)V");
                return;
            case SHL:
            case SHR:
            case BITS:
                v();
                pushInt(dst);
                pushInt(w);
                pushInt(slot(s, x));
                pushInt(x.width());
                pushInt(op.op == PrimOp.BITS ? op.m : op.n);
                call(op.op == PrimOp.SHL ? "shl" : "shr", "([JIIIII)V");
                return;
            case DSHL:
                v();
                pushInt(dst);
                pushInt(w);
                operand(s, x);
                amount(s, a.get(1));
                call("dshl", "([JIIIIZJ)V");
                return;
            case DSHR:
                v();
                pushInt(dst);
                pushInt(slot(s, x));
                pushInt(x.width());
                pushBool(op.signed());
                amount(s, a.get(1));
                call("dshr", "([JIIIZJ)V");
                return;
            case CAT: {
                v();
                pushInt(dst);
                pushInt(w);
                call("clear", "([JII)V");
                int pos = 0;
                for (int i = a.size() - 1; i >= 0; i--) {
                    Expr p = a.get(i);
                    v();
                    pushInt(dst);
                    pushInt(pos);
                    pushInt(slot(s, p));
                    pushInt(p.width());
                    call("deposit", "([JIIII)V");
                    pos += p.width();
                }
                return;
            }
            case PAD:
            case AS_UINT:
            case AS_SINT:
                v();
                pushInt(dst);
                pushInt(w);
                pushInt(slot(s, x));
                pushInt(x.width());
                pushBool(op.op == PrimOp.PAD && x.signed());
                call("ext", "([JIIIIZ)V");
                return;
            default:
                throw new IllegalStateException("operator " + op.op + " has a " + w + "-bit result");
        }
    }

}
