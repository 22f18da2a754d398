package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import tagmatch.hdl.ir.Expr;
import tagmatch.sim.compiled.Section.Access;
import tagmatch.sim.compiled.Section.Guard;
import tagmatch.sim.compiled.Section.Statement;
import tagmatch.sim.flat.Schedule;

/**
 * Writes the JVM class of one design's {@link tagmatch.sim.flat.Kernel} with ASM, as Verilator
 * and ESSENT organise their emitters: first the plan (which statements go into which block,
 * each statement sized alone so that no method passes the size HotSpot compiles, which
 * registers are written in place, which wires are {@link BitView}s and which blocks may be
 * skipped), then the code, once: each assignment of the
 * {@link Schedule} in evaluation order as straight-line code ({@link StatementCode}, over
 * {@link NarrowCode} and {@link WideCode}), in blocks packed into static methods called from
 * small dispatch methods.
 */
final class KernelWriter {
    /** The internal name; defined as a hidden class, the JVM makes it unique. */
    static final String NAME = "tagmatch/sim/compiled/Design";
    private static final String CHUNK = "([J[[J)V";
    /** Estimated bytecode bytes per block, and per method of blocks, before a new one starts (HotSpot leaves methods over 8000 bytes interpreted). */
    private static final int CHUNK_BYTES = 3000;
    /** Bytes a stored slot is guessed to add by telling its readers, while they are not yet known (the first plan). */
    private static final int NOTIFY_BYTES = 30;
    /** Bytes a store that tells readers adds, and bytes per reader it tells (a masked change or-ed into the reader's word). */
    private static final int TOLD_STORE_BYTES = 16;
    private static final int TOLD_READER_BYTES = 12;
    /** Views stored per method of {@code views} (about 15 bytes each). */
    private static final int VIEWS_PER_METHOD = 400;
    /** Registers at most that share one test of their common enable. */
    private static final int ENABLE_GROUP = 32;
    /** Inputs past which a combinational block is always run: comparing them would cost about what it saves. */
    private static final int MAX_GUARDED_INPUTS = 16;

    private final Schedule schedule;
    private final StatementCode code;
    private ClassWriter cw;
    /** Registers whose next value is written straight into their slot: nothing else at their edge reads them. */
    private final java.util.Set<Schedule.Reg> direct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Words that belong to values wider than 64 bits (written by {@code WideOps}, never cached). */
    private final java.util.BitSet wideWords;
    /** Wires computed where they are read: slot to view. */
    private final Map<Integer, BitView> views;
    /** Words after the schedule's in the state array: each skippable block's flag and input copies. */
    private int scratch;

    /** What measuring a statement found: its bytes, the slots it reads and which bits, its stores per slot, its use of helpers. */
    private record Measure(int bytes, List<Integer> inputs, Map<Integer, Long> bits, Map<Integer, Integer> stores, boolean opaque) {}

    /** Slots the registers' resets read: a reset does not change during a run. */
    private final java.util.Set<Integer> resets = new java.util.HashSet<>();
    private final Map<Statement, Measure> measured = new java.util.IdentityHashMap<>();
    /** Per slot, the blocks a store to it tells of a change; null until the first plan's skips are known. */
    private Map<Integer, List<Bytecode.Reader>> told;

    /** {@code st} measured once: both plans read it. */
    private Measure measure(Statement st) {
        return measured.computeIfAbsent(st, x -> {
            int b = code.measure(x.emit());
            return new Measure(b, new ArrayList<>(code.inputs), new java.util.HashMap<>(code.inputBits), new java.util.HashMap<>(code.stores), code.opaque);
        });
    }

    /** What {@code m}'s stores add by telling their readers: guessed per slot at first, then per store and reader. */
    private int notifyBytes(Measure m) {
        if (told == null) {
            return NOTIFY_BYTES * m.stores().size();
        }
        int b = 0;
        for (Map.Entry<Integer, Integer> e : m.stores().entrySet()) {
            int readers = told.getOrDefault(e.getKey(), List.of()).size();
            if (readers > 0) {
                b += e.getValue() * (TOLD_STORE_BYTES + TOLD_READER_BYTES * readers);
            }
        }
        return b;
    }

    private KernelWriter(Schedule schedule, Map<Integer, BitView> views) {
        this.schedule = schedule;
        this.wideWords = schedule.wideWords();
        this.views = views;
        this.code = new StatementCode(schedule, direct);
        code.views = views;
    }

    static byte[] write(Schedule schedule) {
        java.util.Set<Integer> stored = new java.util.HashSet<>();
        while (true) {
            KernelWriter w = new KernelWriter(schedule, BitView.of(schedule, stored));
            w.planDirectWrites();
            List<Section> sections = w.sections();
            for (Section s : sections) {
                w.plan(s);
            }
            // A view a helper reads needs its slot: plan again with it stored (rare: wide operations on bits).
            if (!w.code.viewsInHelpers.isEmpty()) {
                stored.addAll(w.code.viewsInHelpers);
                continue;
            }
            w.planSkips(sections);
            // The first plan guessed what telling readers of a change costs; planned again knowing
            // who reads each slot, no method passes HotSpot's limit for compiling it.
            w.told = w.code.notify;
            for (Section s : sections) {
                s.clearPlan();
                w.plan(s);
            }
            w.scratch = 0;
            w.planSkips(sections);
            return w.writeClass(sections);
        }
    }

    /** The slots {@code x} reads, a view's as the word it reads. */
    private java.util.Set<Integer> reads(Schedule.Scope s, Expr x, boolean own) {
        java.util.Set<Integer> rd = new java.util.HashSet<>();
        for (int k : Schedule.slotsRead(s, x, own)) {
            BitView view = views.get(k);
            rd.add(view == null ? k : view.word());
        }
        return rd;
    }


    private java.util.Set<Integer> regReads(Schedule.Reg r) {
        java.util.Set<Integer> rd = new java.util.HashSet<>();
        rd.add(r.slot());
        for (Expr x : new Expr[] {r.nextValue(), r.reset(), r.resetValue()}) {
            if (x != null) {
                rd.addAll(reads(r.scope(), x, false));
            }
        }
        return rd;
    }

    private java.util.Set<Integer> writeReads(Schedule.MemWrite w) {
        java.util.Set<Integer> rd = new java.util.HashSet<>();
        for (Expr x : new Expr[] {w.address(), w.data(), w.enable(), w.mask()}) {
            if (x != null) {
                rd.addAll(reads(w.scope(), x, false));
            }
        }
        return rd;
    }

    private List<Section> sections() {
        List<Section> all = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < segments(); i++) {
            int to = i < schedule.evaluations.size() ? schedule.evaluations.get(i).at() : schedule.order.size();
            // Behavioural models write the state between segments: their designs run every block.
            Section comb = new Section(i == 0 ? "c" : "s" + i + "_", schedule.externals.isEmpty());
            for (Schedule.Assign a : schedule.order.subList(from, to)) {
                if (!views.containsKey(a.dst())) {
                    comb.statements.add(new Statement(() -> code.assign(a), reads(a.scope(), a.source(), a.own())));
                }
            }
            all.add(comb);
            from = to;
        }
        for (int d = 0; d < schedule.domains.size(); d++) {
            // A register block is skipped at its edge when its inputs did not change since it last
            // ran (its registers would take the values they hold), and a commit block when the next
            // values it copies did not: what stays idle in a cycle, such as a core whose threads are
            // all parked, then costs its guards.
            Section compute = new Section("p" + d + "_", schedule.externals.isEmpty());
            compute.edge = true;
            Section commit = new Section("q" + d + "_", schedule.externals.isEmpty());
            commit.edge = true;
            List<Schedule.Reg> regs = schedule.registers(d);
            for (int i = 0; i < regs.size(); ) {
                int enable = code.enableSlot(regs.get(i));
                int j = i + 1;
                while (enable >= 0 && j < regs.size() && j - i < ENABLE_GROUP && code.enableSlot(regs.get(j)) == enable) {
                    j++;
                }
                List<Schedule.Reg> group = regs.subList(i, j);
                java.util.Set<Integer> reads = new java.util.HashSet<>();
                group.forEach(r -> reads.addAll(regReads(r)));
                group.stream().filter(r -> r.reset() != null).forEach(r -> resets.addAll(reads(r.scope(), r.reset(), false)));
                compute.statements.add(new Statement(j - i == 1 ? () -> code.regNext(group.get(0)) : () -> code.regGroup(enable, group), reads,
                        group.stream().anyMatch(r -> r.asyncDomain() >= 0)));
                i = j;
            }
            for (Schedule.Reg r : regs) {
                commit.statements.add(new Statement(() -> code.regCommit(r), java.util.Set.of(r.next()), r.asyncDomain() >= 0));
            }
            for (Schedule.MemWrite w : schedule.writes(d)) {
                compute.statements.add(new Statement(() -> code.writeOperands(w), writeReads(w)));
                commit.statements.add(new Statement(() -> code.memCommit(w), java.util.Set.of()));
            }
            all.add(compute);
            all.add(commit);
        }
        return all;
    }


    /**
     * Writes the class, each section in the blocks its plan gives, caching in locals the narrow
     * slots that several statements of a block read (the JIT cannot keep array elements in
     * registers across stores to the same array).
     */
    private byte[] writeClass(List<Section> sections) {
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
            names.add(emit(sec));
        }
        int n = segments();
        List<String> comb = new ArrayList<>();
        names.subList(0, n).forEach(comb::addAll);
        Dispatch calls = new Dispatch(cw, NAME, CHUNK);
        calls.dispatch("comb", comb);
        if (n > 1) {
            calls.domainSwitch("combSegment", names.subList(0, n));
        }
        List<List<String>> compute = new ArrayList<>();
        List<List<String>> commit = new ArrayList<>();
        for (int d = 0; d < schedule.domains.size(); d++) {
            compute.add(names.get(n + 2 * d));
            commit.add(names.get(n + 1 + 2 * d));
        }
        calls.domainSwitch("compute", compute);
        calls.domainSwitch("commit", commit);
        calls.dispatch("views", viewMethods());
        MethodVisitor sw = cw.visitMethod(ACC_PUBLIC, "scratchWords", "()I", null, null);
        sw.visitCode();
        sw.visitLdcInsn(scratch);
        sw.visitInsn(IRETURN);
        sw.visitMaxs(0, 0);
        sw.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Methods that store every view's value into its slot, for waveforms; their names. */
    private List<String> viewMethods() {
        List<String> names = new ArrayList<>();
        List<Integer> slots = new ArrayList<>(new java.util.TreeSet<>(views.keySet()));
        for (int i = 0; i < slots.size(); i += VIEWS_PER_METHOD) {
            String name = "w" + names.size();
            names.add(name);
            MethodVisitor mv = cw.visitMethod(ACC_STATIC | ACC_PRIVATE, name, CHUNK, null, null);
            mv.visitCode();
            code.start(mv);
            for (int k : slots.subList(i, Math.min(slots.size(), i + VIEWS_PER_METHOD))) {
                code.storeBegin(k);
                code.load(k);
                code.insn(LASTORE);
            }
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        return names;
    }

    /** Combinational segments: one, and one more after each model evaluation. */
    private int segments() {
        return 1 + schedule.evaluations.size();
    }

    /**
     * Splits a section into blocks: each statement sized alone, a block filled until it passes
     * {@link #CHUNK_BYTES}. A skippable combinational section's blocks also end before their
     * inputs pass {@link #MAX_GUARDED_INPUTS}, and statements that reach the state through
     * helpers or must always run go into blocks of their own, so that the others can be skipped.
     */
    private void plan(Section sec) {
        int n = 0;
        int size = 0;
        java.util.Set<Integer> ins = new java.util.LinkedHashSet<>();
        Map<Integer, Long> bits = new java.util.HashMap<>();
        java.util.Set<Integer> stores = new java.util.HashSet<>();
        boolean opaque = false;
        for (Statement st : sec.statements) {
            Measure m = measure(st);
            int bytes = m.bytes() + notifyBytes(m);
            boolean always = m.opaque() || st.always();
            boolean split = size > CHUNK_BYTES;
            if (sec.skippable) {
                int more = 0;
                for (int k : m.inputs()) {
                    if (!stores.contains(k) && !ins.contains(k)) {
                        more++;
                    }
                }
                if (n > 0) {
                    // A register block is not split by its inputs: most are told of changes, not compared.
                    split |= always != opaque || (!opaque && !sec.edge && ins.size() + more > MAX_GUARDED_INPUTS);
                    // A statement on other inputs starts a block of its own once this one is big
                    // enough to be worth skipping alone: a block then runs only when its inputs do.
                    split |= more > 0 && more == m.inputs().size() && size > CHUNK_BYTES / 4;
                }
            }
            if (split) {
                sec.plan.add(n);
                sec.sizes.add(size);
                sec.writes.add(new java.util.HashSet<>(stores));
                stores.clear();
                if (sec.skippable) {
                    sec.access.add(new Access(new ArrayList<>(ins), new java.util.HashMap<>(bits), opaque));
                }
                n = 0;
                size = 0;
                ins.clear();
                bits.clear();
            }
            if (sec.skippable) {
                for (int k : m.inputs()) {
                    if (!stores.contains(k)) {
                        ins.add(k);
                        bits.merge(k, m.bits().get(k), (a, b) -> a | b);
                    }
                }
                opaque = always;
            }
            stores.addAll(m.stores().keySet());
            size += bytes;
            n++;
        }
        sec.plan.add(n);
        sec.sizes.add(size);
        sec.writes.add(stores);
        if (sec.skippable) {
            sec.access.add(new Access(new ArrayList<>(ins), bits, opaque));
        }
    }

    /**
     * The section's blocks as planned, consecutive blocks sharing a method up to
     * {@link #CHUNK_BYTES} (a call costs about what a small block does); the methods' names.
     */
    private List<String> emit(Section sec) {
        List<String> methods = new ArrayList<>();
        int b = 0;
        int i = 0;
        while (b < sec.plan.size()) {
            String name = sec.prefix + methods.size();
            methods.add(name);
            MethodVisitor mv = cw.visitMethod(ACC_STATIC | ACC_PRIVATE, name, CHUNK, null, null);
            mv.visitCode();
            int size = 0;
            do {
                int n = sec.plan.get(b);
                block(mv, sec, b, sec.statements.subList(i, i + n));
                size += sec.sizes.get(b);
                i += n;
                b++;
            } while (b < sec.plan.size() && size + sec.sizes.get(b) <= CHUNK_BYTES);
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        return methods;
    }

    /**
     * Block {@code b} of {@code sec}, its statements {@code part}: with a guard, skipped when its
     * inputs did not change since it last ran; slots two or more of its statements read are
     * loaded into locals; its readers told of its changes at its end.
     */
    private void block(MethodVisitor mv, Section sec, int b, List<Statement> part) {
        code.start(mv);
        Guard guard = sec.guards.isEmpty() ? null : sec.guards.get(b);
        Label skip = new Label();
        if (guard != null) {
            code.skipUnchanged(guard.compared(), guard.bits(), guard.flag(), guard.flag() + 1, skip);
        }
        Map<Integer, Integer> count = new java.util.TreeMap<>();
        for (Statement st : part) {
            for (int k : st.reads()) {
                if (!wideWords.get(k)) {
                    count.merge(k, 1, Integer::sum);
                }
            }
        }
        for (Map.Entry<Integer, Integer> e : count.entrySet()) {
            if (e.getValue() >= 2 && !code.isCached(e.getKey())) {
                code.cache(e.getKey());
            }
        }
        code.tellReaders(sec.writes.get(b));
        for (Statement st : part) {
            st.emit().run();
        }
        code.toldReaders();
        mv.visitLabel(skip);
    }

    /**
     * With one clock domain, a narrow register that no other register or memory write of the
     * edge reads can take its next value at once, skipping the copy through its next slot.
     * (With several domains, edges of two of them may fire together and read each other.)
     */
    private void planDirectWrites() {
        if (schedule.domains.size() != 1) {
            return;
        }
        Map<Integer, Integer> readers = new java.util.HashMap<>();
        for (Schedule.Reg r : schedule.regs) {
            regReads(r).forEach(k -> readers.merge(k, 1, Integer::sum));
        }
        for (Schedule.MemWrite w : schedule.writes) {
            writeReads(w).forEach(k -> readers.merge(k, 1, Integer::sum));
        }
        for (Schedule.Reg r : schedule.regs) {
            if (r.width() <= 64 && r.asyncDomain() < 0 && readers.getOrDefault(r.slot(), 0) == 1) {
                direct.add(r);
            }
        }
    }


    /**
     * ESSENT's activity skipping: a block (combinational, or a clock domain's register updates or
     * commits) runs only when one of its inputs changed since it last ran. Slots that only plain
     * stores write (outputs of other such blocks, narrow registers, next values) tell their
     * readers when a store changes them; the other inputs (ports, values written by helpers)
     * each reader compares with its own copy. A block that reaches the state through helpers,
     * holds a register with an asynchronous reset, or would compare too many inputs, always runs.
     */
    private void planSkips(List<Section> sections) {
        java.util.Set<Integer> told = new java.util.HashSet<>();
        for (Section sec : sections) {
            for (int c = 0; c < sec.access.size(); c++) {
                if (!sec.access.get(c).opaque()) {
                    told.addAll(sec.writes.get(c));
                }
            }
        }
        for (Schedule.Reg r : schedule.regs) {
            if (r.width() <= 64 && r.asyncDomain() < 0) {
                told.add(r.slot());
            }
        }
        Map<Integer, List<Bytecode.Reader>> readers = new java.util.HashMap<>();
        for (Section sec : sections) {
            for (int c = 0; c < sec.plan.size(); c++) {
                if (!sec.skippable || sec.access.get(c).opaque()) {
                    sec.guards.add(null);
                    continue;
                }
                List<Integer> in = sec.access.get(c).inputs();
                Map<Integer, Long> bits = sec.access.get(c).bits();
                List<Integer> compared = new ArrayList<>();
                List<Long> comparedBits = new ArrayList<>();
                for (int k : in) {
                    if (!told.contains(k)) {
                        compared.add(k);
                        comparedBits.add(bits.get(k));
                    }
                }
                // A register or commit block that compares a port or a helper's value other than a
                // reset is an input stage, which the testbench or a memory changes most cycles:
                // its guard would cost more than it saves.
                if (compared.size() > MAX_GUARDED_INPUTS || (sec.edge && !resets.containsAll(compared))) {
                    sec.guards.add(null);
                    continue;
                }
                int flag = schedule.size() + scratch;
                scratch += 1 + compared.size();
                sec.guards.add(new Guard(flag, compared, comparedBits));
                for (int k : in) {
                    if (told.contains(k)) {
                        readers.computeIfAbsent(k, x -> new ArrayList<>()).add(new Bytecode.Reader(flag, bits.get(k)));
                    }
                }
            }
        }
        code.notify = readers;
    }
}
