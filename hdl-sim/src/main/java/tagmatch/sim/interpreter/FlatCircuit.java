package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;
import tagmatch.sim.BoundModel;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.Words;
import tagmatch.sim.flat.EvaluationOrder;
import tagmatch.sim.flat.Hierarchy;

/**
 * A lowered circuit compiled for the interpreter: the hierarchy flattened ({@link Hierarchy}) into
 * value slots (one per signal per instance, narrow and wide numbered apart), every combinational connect compiled to an {@link Eval.Node} and put
 * in dependency order once, registers with their next-state and synchronous-reset expressions,
 * and memory writes, each with the clock domain it belongs to: the signal its clock follows
 * through port connections and copies (the top's clock, a second clock input, or a clock that
 * logic or a register drives). An instance of an external module is its
 * {@link tagmatch.sim.BehaviouralModel}: its outputs are assignments that run the model, its clocks edges
 * that step it.
 */
final class FlatCircuit {
    /** {@code slot := source}, the source extended or truncated to the sink's width. */
    record Assign(String name, int slot, boolean wide, int width, Eval.Node source) {}

    /**
     * A register; {@code next} is null when it only holds, {@code reset} null without reset.
     * {@code asyncReset} is the domain of an asynchronous reset's asserting edge (the register
     * also takes its next value then, which is its reset value), -1 for none.
     */
    record Reg(String name, int slot, boolean wide, int width, Eval.Node next, Eval.Node reset, Eval.Node resetValue,
               int clock, int asyncReset) {}

    /** A write; {@code mask} is null for whole words, else one bit per lane of {@code lane} bits. */
    record MemWrite(int memory, int depth, boolean wide, int width, Eval.Node address, Eval.Node data, Eval.Node enable,
                    Eval.Node mask, int lane, int clock) {}

    final List<Assign> order = new ArrayList<>();
    final List<Reg> regs = new ArrayList<>();
    final List<MemWrite> memWrites = new ArrayList<>();

    /** A {@code printf}: {@code args} with their widths, printed at the edge where {@code enable} is 1. */
    record Print(tagmatch.hdl.ir.PrintFormat format, Eval.Node enable, List<Eval.Node> args, int[] widths, int clock) {}

    final List<Print> prints = new ArrayList<>();

    /** A behavioural model's edge: {@code port} of {@code model} is a clock (or falling edge) of domain {@code clock}. */
    record ModelEdge(ModelBinding model, String port, int clock) {}

    final List<ModelEdge> modelEdges = new ArrayList<>();
    private final BehaviouralModels models;
    final List<int[]> memories = new ArrayList<>(); // {depth, width}
    /** Initial words of each memory, from address 0. */
    final List<List<BigInteger>> memoryInit = new ArrayList<>();
    /** Asserts and assumes to check in simulation (covers are for the prover). */
    final List<Prop> props = new ArrayList<>();

    /** One property of one instance: its enable and predicate slots (1-bit, narrow); clock -1 when immediate. */
    record Prop(tagmatch.hdl.ir.Check check, String instance, int enable, int predicate, int clock) {}
    /** Clock domains; Reg, MemWrite, Prop and ModelEdge {@code clock} fields index this. */
    final List<Hierarchy.Domain> domains;
    /** The domain of the top's clock, -1 without one. */
    final int mainDomain;
    /** Top ports in declaration order: slot and whether it is wide. */
    final int[] portSlot;
    final boolean[] portWide;
    int narrowSlots;
    int wideSlots;
    private final List<Assign> comb = new ArrayList<>();
    private final List<BitSet[]> deps = new ArrayList<>();
    /** The values a waveform shows (a slot wider than 64 bits is a {@code BigInteger} slot). */
    final List<tagmatch.sim.WaveSignal> waveSignals;

    /**
     * Compiles one context's expressions, recording the slots they read. A subexpression used by
     * more than one parent (the IR is a DAG) becomes its own assignment to a temporary slot,
     * computed once per settle, so evaluation work stays linear in the size of the IR.
     */
    private final class Compiler implements Eval.Binder {
        final Hierarchy.Scope ctx;
        final Map<Expr, Integer> uses;
        final Map<Expr, Eval.Node> temps = new IdentityHashMap<>();
        BitSet readsNarrow = new BitSet();
        BitSet readsWide = new BitSet();

        Compiler(Hierarchy.Scope ctx) {
            this.ctx = ctx;
            this.uses = ctx.uses();
        }

        Eval.Node compile(Expr x) {
            readsNarrow = new BitSet();
            readsWide = new BitSet();
            return Eval.compile(x, this);
        }

        @Override
        public Eval.Node shared(Expr x) {
            if (x instanceof Expr.Ref || x instanceof Expr.InstRef || x instanceof Expr.Lit
                    || uses.getOrDefault(x, 0) < 2) {
                return null;
            }
            Eval.Node t = temps.get(x);
            if (t == null) {
                BitSet outerN = readsNarrow;
                BitSet outerW = readsWide;
                readsNarrow = new BitSet();
                readsWide = new BitSet();
                Eval.Node body = Eval.compileHere(x, this);
                int w = x.width();
                boolean wide = w > 64;
                int k = wide ? wideSlots++ : narrowSlots++;
                comb.add(new Assign(ctx.path + "_T" + temps.size(), k, wide, w, body));
                deps.add(new BitSet[] {readsNarrow, readsWide});
                readsNarrow = outerN;
                readsWide = outerW;
                t = slotNode(k, w, x.signed());
                temps.put(x, t);
            }
            (t.wide() ? readsWide : readsNarrow).set(slotOf(t));
            return t;
        }

        @Override
        public Eval.Node ref(Expr x) {
            int k = ctx.slot(x);
            int w = x.width();
            (w > 64 ? readsWide : readsNarrow).set(k);
            return slotNode(k, w, x.signed());
        }

        @Override
        public Eval.Node memRead(Expr.MemRead r, Eval.Node address) {
            int mi = ctx.memory(r.memory());
            int depth = r.memory().depth();
            int w = r.memory().width();
            if (w > 64) {
                return new Eval.Node(w, false) {
                    long l(Eval.State s) { return b(s).longValue(); }

                    BigInteger b(Eval.State s) {
                        long a = address.l(s);
                        return a >= 0 && a < depth ? s.memW[mi][(int) a] : BigInteger.ZERO;
                    }
                };
            }
            return new Eval.Node(w, false) {
                long l(Eval.State s) {
                    long a = address.l(s);
                    return a >= 0 && a < depth ? s.memN[mi][(int) a] : 0;
                }
            };
        }
    }

    /** A node reading slot {@code k}; remembers the slot for dependency tracking. */
    private static final class SlotNode extends Eval.Node {
        final int k;

        SlotNode(int k, int w, boolean signed) {
            super(w, signed);
            this.k = k;
        }

        @Override
        long l(Eval.State s) { return wide() ? s.w[k].longValue() : s.n[k]; }

        @Override
        BigInteger b(Eval.State s) { return wide() ? s.w[k] : Words.unsigned(s.n[k]); }
    }

    /** Narrow slots get their own reader class so the hot path has no width test. */
    private static Eval.Node slotNode(int k, int w, boolean signed) {
        return w > 64 ? new SlotNode(k, w, signed) : new NarrowSlot(k, w, signed);
    }

    private static final class NarrowSlot extends Eval.Node {
        final int k;

        NarrowSlot(int k, int w, boolean signed) {
            super(w, signed);
            this.k = k;
        }

        @Override
        long l(Eval.State s) { return s.n[k]; }
    }

    private static int slotOf(Eval.Node n) {
        return n instanceof NarrowSlot ? ((NarrowSlot) n).k : ((SlotNode) n).k;
    }

    FlatCircuit(Circuit circuit, BehaviouralModels models) {
        this.models = models;
        Hierarchy h = new Hierarchy(circuit, w -> w > 64 ? wideSlots++ : narrowSlots++, (path, def) -> {
            String module = def.name();
            if (models.factory(module) == null) {
                throw BoundModel.unmodelled(path, module, models, "interpreter", "Simulators.interpreter");
            }
        });
        waveSignals = tagmatch.sim.WaveSignal.of(h, k -> k);
        for (Hierarchy.Mem m : h.memories) {
            memories.add(new int[] {m.memory().depth(), m.memory().width()});
            memoryInit.add(m.memory().init());
        }
        domains = h.domains;
        mainDomain = h.mainDomain;
        for (Hierarchy.Scope c : h.scopes) {
            if (c.def.isExternal()) {
                bindModel(h, c);
                continue;
            }
            Compiler cc = new Compiler(c);
            Map<Signal, Eval.Node> next = new IdentityHashMap<>();
            for (Stmt st : c.def.body()) {
                if (st instanceof Stmt.Connect) {
                    Stmt.Connect k = (Stmt.Connect) st;
                    Eval.Node src = cc.compile(k.source());
                    Signal reg = Hierarchy.register(k);
                    if (reg != null) {
                        next.put(reg, src);
                        continue;
                    }
                    String name = c.sinkName(k.sink());
                    int width = k.sink().width();
                    comb.add(new Assign(name, c.slot(k.sink()), width > 64, width, src));
                    deps.add(new BitSet[] {cc.readsNarrow, cc.readsWide});
                } else if (st instanceof Stmt.MemWrite) {
                    Stmt.MemWrite mw = (Stmt.MemWrite) st;
                    Memory m = mw.memory();
                    int clock = c.clockDomain(m.clock(), "memory " + c.path + m.name());
                    memWrites.add(new MemWrite(c.memory(m), m.depth(), m.width() > 64, m.width(),
                            cc.compile(mw.address()), cc.compile(mw.data()), cc.compile(mw.enable()),
                            mw.wholeWord() ? null : cc.compile(mw.mask()), mw.laneWidth(), clock));
                } else if (st instanceof Stmt.Print) {
                    Stmt.Print p = (Stmt.Print) st;
                    List<Eval.Node> args = new ArrayList<>();
                    int[] widths = new int[p.args().size()];
                    for (int i = 0; i < widths.length; i++) {
                        args.add(cc.compile(p.args().get(i)));
                        widths[i] = p.args().get(i).width();
                    }
                    int clock = c.clockDomain(p.clock(), "the printf at " + p.locator());
                    prints.add(new Print(p.format(), cc.compile(p.enable()), args, widths, clock));
                } else {
                    throw new IllegalArgumentException("cannot simulate module " + c.def.name()
                            + ": its body is not lowered (found " + st.getClass().getSimpleName() + "); elaborate it with Elaborator.elaborate");
                }
            }
            for (tagmatch.hdl.ir.Check k : c.def.checks()) {
                if (k.kind() != tagmatch.hdl.ir.Check.Kind.COVER) {
                    int clock = k.clock() == null ? -1 : c.clockDomain(k.clock(), "property \"" + k.message() + "\"");
                    props.add(new Prop(k, c.instanceName(), c.signal(k.enable()), c.signal(k.predicate()), clock));
                }
            }
            for (Signal s : c.def.locals()) {
                if (s.kind() != Signal.Kind.REG) {
                    continue;
                }
                Eval.Node rst = s.reset() == null ? null : cc.compile(s.reset());
                Eval.Node rv = s.resetValue() == null ? null : cc.compile(s.resetValue());
                int clock = c.clockDomain(s.clock(), "register " + c.path + s.name());
                regs.add(new Reg(c.path + s.name(), c.signal(s), s.width() > 64, s.width(), next.get(s), rst, rv, clock,
                        c.asyncResetDomain(s)));
            }
        }
        List<Integer> sorted = new ArrayList<>();
        for (int i = 0; i < comb.size(); i++) {
            sorted.add(i);
        }
        for (int i : EvaluationOrder.of(sorted, i -> key(comb.get(i).wide(), comb.get(i).slot()), this::reads,
                i -> comb.get(i).name())) {
            order.add(comb.get(i));
        }
        List<Signal> ports = circuit.top().portSignals();
        portSlot = new int[ports.size()];
        portWide = new boolean[ports.size()];
        for (int i = 0; i < portSlot.length; i++) {
            portSlot[i] = h.top.signal(ports.get(i));
            portWide[i] = ports.get(i).width() > 64;
        }
    }

    /**
     * Makes the model of an external instance and checks its ports. Outputs that share their
     * combinational inputs are one assignment that runs the model, the first output's, reading
     * those inputs; the group's other outputs are ordered after it. Each clock or falling edge
     * the model declares is an edge of the domain of the signal driving that port.
     */
    private void bindModel(Hierarchy h, Hierarchy.Scope c) {
        ModelBinding binding = new ModelBinding(c, models);
        for (BoundModel.Edge e : binding.edges(h)) {
            modelEdges.add(new ModelEdge(binding, e.port(), e.domain()));
        }
        for (BoundModel.Group g : binding.groups()) {
            BitSet[] reads = {new BitSet(), new BitSet()};
            for (String in : g.inputs()) {
                Signal s = c.port(in);
                reads[s.width() > 64 ? 1 : 0].set(c.signal(s));
            }
            Signal first = c.port(g.outputs().get(0));
            for (String out : g.outputs()) {
                Signal s = c.port(out);
                int slot = c.signal(s);
                boolean wide = s.width() > 64;
                comb.add(new Assign(c.path + s.name(), slot, wide, s.width(),
                        s == first ? binding.evaluation(g) : slotNode(slot, s.width(), false)));
                deps.add(s == first ? reads : firstRead(first, c.signal(first)));
            }
        }
    }

    private static BitSet[] firstRead(Signal first, int slot) {
        BitSet[] reads = {new BitSet(), new BitSet()};
        reads[first.width() > 64 ? 1 : 0].set(slot);
        return reads;
    }

    /** The slots assignment {@code i} reads, as {@link #key}s. */
    private long[] reads(int i) {
        BitSet[] d = deps.get(i);
        long[] keys = new long[d[0].cardinality() + d[1].cardinality()];
        int n = 0;
        for (int w = 0; w < 2; w++) {
            for (int k = d[w].nextSetBit(0); k >= 0; k = d[w].nextSetBit(k + 1)) {
                keys[n++] = key(w == 1, k);
            }
        }
        return keys;
    }

    private static long key(boolean wide, int slot) { return (wide ? 1L << 32 : 0) | slot; }

    Eval.State newState() {
        int[] depth = new int[memories.size()];
        boolean[] wide = new boolean[memories.size()];
        for (int i = 0; i < depth.length; i++) {
            depth[i] = memories.get(i)[0];
            wide[i] = memories.get(i)[1] > 64;
        }
        Eval.State s = new Eval.State(narrowSlots, wideSlots, depth, wide);
        for (int i = 0; i < depth.length; i++) {
            List<BigInteger> init = memoryInit.get(i);
            for (int a = 0; a < init.size(); a++) {
                if (wide[i]) {
                    s.memW[i][a] = init.get(a);
                } else {
                    s.memN[i][a] = init.get(a).longValue();
                }
            }
        }
        return s;
    }
}
