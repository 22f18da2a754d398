package tagmatch.sim.flat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;
import tagmatch.sim.BehaviouralModels;

/**
 * A lowered circuit's flat schedule, built once and shared by the Java backends (the interpreter
 * walks it, the compiled backend generates code from it): the hierarchy flattened into one array
 * of 64-bit words (every signal of every instance at an offset, wide ones over several words),
 * every combinational connect as an assignment in evaluation order, registers and memory writes
 * by the clock domain that drives them, the properties to check and the printfs to print. An
 * external instance's behavioural model is evaluated once per output group
 * ({@link BoundModel.Group}) at its place in the order: the combinational code stops
 * there ({@link #evaluations}). Which expressions get a slot of their own is {@link ValueSlots}'s
 * choice; every other one is computed inline into the assignment that uses it.
 */
public final class Schedule {
    /**
     * {@code dst := source}, extended or truncated to {@code width}; {@code own}: {@code dst} is
     * the slot of {@code source} itself (a shared or wide value computed once). A behavioural
     * model's output has no {@code source}: it is ordered as a {@code Step}, never generated.
     */
    public record Assign(String name, int dst, int width, Expr source, Scope scope, boolean own) {}

    /**
     * A register: its value at {@code slot}, the value it takes at the edge computed into
     * {@code next}; it takes it at the edges of {@code domain} and, with an asynchronous reset,
     * of {@code asyncDomain}, the reset's asserting edge (-1 without one).
     */
    public record Reg(String name, int slot, int next, int width, Expr nextValue, Expr reset, Expr resetValue, Scope scope,
               int domain, int asyncDomain) {}

    /**
     * A memory write, its operands computed into slots at the edge and applied after every register's;
     * {@code mask} the lanes spread to bits (null, and {@code maskSlot} -1, for a whole-word write).
     */
    public record MemWrite(int memory, Expr address, Expr data, Expr enable, Expr mask, int addressSlot, int dataSlot,
                    int enableSlot, int maskSlot, Scope scope, int domain) {}

    /** One memory: {@code depth} words of {@code width} bits, {@code init} its first words at time zero. */
    public record Mem(String name, int depth, int width, List<java.math.BigInteger> init) {}

    /**
     * A masked write's lanes spread to bits: all ones in each lane the mask selects, else zeros.
     * The commit merges it with the word as earlier writes of the same edge left it, so two
     * writes to one word keep each other's lanes (as the Verilog's non-blocking lane writes do).
     */
    private static Expr bitMask(Stmt.MemWrite w) {
        int lanes = w.mask().width();
        int g = w.laneWidth();
        Expr ones = new Expr.Lit(java.math.BigInteger.ONE.shiftLeft(g).subtract(java.math.BigInteger.ONE), g, false, null);
        Expr zeros = Expr.Lit.of(0, g);
        List<Expr> parts = new ArrayList<>();
        for (int i = lanes - 1; i >= 0; i--) {
            Expr bit = new Expr.Op(tagmatch.hdl.ir.PrimOp.BITS, List.of(w.mask()), i, i, w.locator());
            parts.add(new Expr.Mux(bit, ones, zeros, w.locator()));
        }
        return parts.size() == 1 ? parts.get(0) : new Expr.Op(tagmatch.hdl.ir.PrimOp.CAT, parts, 0, 0, w.locator());
    }

    /** A {@code printf}: the slots of its enable and values (of {@code widths} bits), printed at its domain's edge. */
    public record Print(tagmatch.hdl.ir.PrintFormat format, int enable, int[] args, int[] widths, int domain) {}

    /** One assert or assume of one instance; {@code domain} -1 for an immediate (unclocked) one. */
    public record Prop(Check check, String instance, int enable, int predicate, int domain) {}

    /** A word pattern stored once at creation (a wide literal, or a narrow one a wide operation reads). */
    public record Constant(int offset, long[] words) {}

    /**
     * An external instance: its scope, the model made when compiling (whose ports every instance's
     * model must have), and its clock ports with their domains.
     */
    public record External(InstanceTree.Scope scope, StateBinding prototype, List<BoundModel.Edge> edges) {}

    /** Model {@code external} evaluates its group {@code group} after the first {@code at} assignments of {@link #order}. */
    public record Evaluation(int at, int external, int group) {}

    /** A model output in the order: the first of group {@code group} (the others -1), reading {@code reads}. */
    private record Step(int external, int group, int[] reads) {}

    /** The combinational assignments in evaluation order, the models' evaluations left out. */
    public final List<Assign> order = new ArrayList<>();
    /** Where the combinational code stops for a model's evaluation, in order. */
    public final List<Evaluation> evaluations = new ArrayList<>();
    public final List<External> externals = new ArrayList<>();
    public final List<Reg> regs = new ArrayList<>();
    public final List<MemWrite> writes = new ArrayList<>();
    public final List<Mem> mems = new ArrayList<>();
    public final List<Prop> props = new ArrayList<>();
    public final List<Print> prints = new ArrayList<>();
    public final List<InstanceTree.Domain> domains;
    public final List<Constant> constants = new ArrayList<>();
    /** Offsets of the top ports in declaration order. */
    public final int[] ports;
    /** The domain of the top's clock input, -1 without one. */
    public final int mainDomain;
    /** Words in the state array. */
    private int size;
    private final java.util.BitSet wide = new java.util.BitSet();

    final List<Assign> comb = new ArrayList<>();
    private final ValueSlots slots = new ValueSlots(this);
    private final InstanceTree instances;
    private final BehaviouralModels models;
    private final Map<Assign, Step> steps = new IdentityHashMap<>();
    /** Wires that are plain copies of another slot read that slot instead: sink slot to source slot. */
    private final Map<Integer, Integer> alias = new HashMap<>();

    /** One instance of a module definition: where its signals, memories and own slots live. */
    public final class Scope {
        public final InstanceTree.Scope flat;
        public final ModuleDef def;
        public final String path;
        /** Expressions with a slot of their own (shared values, wide values, operands of wide operations). */
        final Map<Expr, Integer> located = new IdentityHashMap<>();

        Scope(InstanceTree.Scope flat) {
            this.flat = flat;
            this.def = flat.def;
            this.path = flat.path;
        }

        public int signal(Signal s) { return flat.signal(s); }

        public int memory(Memory m) { return flat.memory(m); }

        /** The slot holding {@code x}'s value, or -1 when it is computed inline. */
        public int location(Expr x) {
            if (InstanceTree.isRef(x)) {
                return resolve(flat.slot(x));
            }
            Integer k = located.get(x);
            return k == null ? -1 : k;
        }
    }

    /**
     * {@code circuit} laid out, its external modules run as {@code models}; {@code backend} and
     * {@code entry} name the simulator and its factory method in the refusal of an unmodelled one.
     */
    public Schedule(Circuit circuit, BehaviouralModels models, String backend, String entry) {
        this.models = models;
        instances = new InstanceTree(circuit, this::allocate, (path, def) -> {
            if (models.factory(def.name()) == null) {
                throw BoundModel.unmodelled(path, def.name(), models, backend, entry);
            }
        });
        for (InstanceTree.Mem m : instances.memories) {
            mems.add(new Mem(m.name(), m.memory().depth(), m.memory().width(), m.memory().init()));
        }
        InstanceTree.Scope top = instances.top;
        List<Signal> topPorts = circuit.top().portSignals();
        ports = new int[topPorts.size()];
        for (int i = 0; i < ports.length; i++) {
            ports[i] = top.signal(topPorts.get(i));
        }
        domains = instances.domains;
        mainDomain = instances.mainDomain;
        for (InstanceTree.Scope s : instances.scopes) {
            if (s.def.isExternal()) {
                external(s);
            } else {
                lay(new Scope(s));
            }
        }
        elideCopies();
        for (int i = 0; i < ports.length; i++) {
            ports[i] = resolve(ports[i]);
        }
        props.replaceAll(p -> new Prop(p.check(), p.instance(), resolve(p.enable()), resolve(p.predicate()), p.domain()));
        prints.replaceAll(p -> new Print(p.format(), resolve(p.enable()),
                java.util.Arrays.stream(p.args()).map(this::resolve).toArray(), p.widths(), p.domain()));
        for (Assign a : EvaluationOrder.of(comb, Assign::dst, this::reads, Assign::name)) {
            Step st = steps.get(a);
            if (st == null) {
                order.add(a);
            } else if (st.group() >= 0) {
                evaluations.add(new Evaluation(order.size(), st.external(), st.group()));
            }
        }
    }

    /**
     * An external instance's model outputs as assignments without code, for the order: the first
     * output of each group reads the group's inputs and stands for its evaluation; the others read
     * the first, so what reads them follows the evaluation too.
     */
    private void external(InstanceTree.Scope c) {
        StateBinding model = new StateBinding(c, models, k -> k);
        int index = externals.size();
        externals.add(new External(c, model, model.edges(instances)));
        Scope s = new Scope(c);
        List<BoundModel.Group> groups = model.groups();
        for (int g = 0; g < groups.size(); g++) {
            BoundModel.Group group = groups.get(g);
            String first = group.outputs().get(0);
            int[] inputs = group.inputs().stream().mapToInt(model::slot).toArray();
            for (String out : group.outputs()) {
                Assign a = new Assign(c.path + out, model.slot(out), model.width(out), null, s, false);
                comb.add(a);
                steps.put(a, out.equals(first) ? new Step(index, g, inputs) : new Step(index, -1, new int[] {model.slot(first)}));
            }
        }
    }

    /** The distinct slots an assignment reads. */
    private long[] reads(Assign a) {
        Step st = steps.get(a);
        if (st != null) {
            return java.util.Arrays.stream(st.reads()).map(this::resolve).distinct().asLongStream().toArray();
        }
        List<Integer> r = new ArrayList<>();
        reads(a.scope(), a.source(), a.own(), r);
        return new java.util.LinkedHashSet<>(r).stream().mapToLong(Integer::longValue).toArray();
    }

    /** Drops assignments that copy one slot to another of the same width; readers of the copy read the original. */
    private void elideCopies() {
        List<Assign> kept = new ArrayList<>();
        for (Assign a : comb) {
            Expr x = a.source();
            boolean copy = !a.own() && (x instanceof Expr.Ref || x instanceof Expr.InstRef) && x.width() == a.width();
            if (copy) {
                alias.put(a.dst(), a.scope().flat.slot(x));
            } else {
                kept.add(a);
            }
        }
        comb.clear();
        comb.addAll(kept);
        for (Integer k : alias.keySet()) {
            resolve(k);
        }
    }

    /** The slot a copy chain starting at {@code k} ends in. */
    public int resolve(int k) {
        int r = k;
        for (int n = 0; ; n++) {
            Integer next = alias.get(r);
            if (next == null) {
                return r;
            }
            if (n > alias.size()) {
                throw new IllegalArgumentException("cannot simulate: combinational loop through wires that copy each other");
            }
            r = next;
        }
    }

    int allocate(int width) {
        int k = size;
        size += WideOps.words(width);
        if (width > 64) {
            wide.set(k, size);
        }
        return k;
    }

    /** Words in the state array. */
    public int size() { return size; }

    /** Words that belong to values wider than 64 bits. */
    public java.util.BitSet wideWords() { return (java.util.BitSet) wide.clone(); }

    private void lay(Scope s) {
        Map<Signal, Expr> next = new IdentityHashMap<>();
        for (Stmt st : s.def.body()) {
            if (st instanceof Stmt.Connect) {
                Stmt.Connect k = (Stmt.Connect) st;
                Signal reg = InstanceTree.register(k);
                if (reg != null) {
                    next.put(reg, k.source());
                    continue;
                }
                String name = s.flat.sinkName(k.sink());
                int width = k.sink().width();
                slots.root(s, k.source(), width);
                comb.add(new Assign(name, s.location(k.sink()), width, k.source(), s, false));
            } else if (st instanceof Stmt.MemWrite) {
                Stmt.MemWrite w = (Stmt.MemWrite) st;
                Expr mask = w.wholeWord() ? null : bitMask(w);
                slots.root(s, w.address(), w.address().width());
                slots.root(s, w.data(), w.memory().width());
                slots.root(s, w.enable(), 1);
                if (mask != null) {
                    slots.root(s, mask, w.memory().width());
                }
                int d = s.flat.clockDomain(w.memory().clock(), "memory " + s.path + w.memory().name());
                writes.add(new MemWrite(s.memory(w.memory()), w.address(), w.data(), w.enable(), mask,
                        allocate(w.address().width()), allocate(w.memory().width()), allocate(1),
                        mask == null ? -1 : allocate(w.memory().width()), s, d));
            } else if (st instanceof Stmt.Print) {
                Stmt.Print p = (Stmt.Print) st;
                String name = s.path + "printf" + prints.size() + "_";
                int en = printSlot(s, name + "en", p.enable(), 1);
                int[] args = new int[p.args().size()];
                int[] widths = new int[args.length];
                for (int i = 0; i < args.length; i++) {
                    widths[i] = p.args().get(i).width();
                    args[i] = printSlot(s, name + i, p.args().get(i), widths[i]);
                }
                int d = s.flat.clockDomain(p.clock(), "the printf at " + p.locator());
                prints.add(new Print(p.format(), en, args, widths, d));
            } else {
                throw new IllegalArgumentException("cannot simulate module " + s.def.name()
                        + ": its body is not lowered (found " + st.getClass().getSimpleName() + "); elaborate it with Elaborator.elaborate");
            }
        }
        for (Signal r : s.def.locals()) {
            if (r.kind() != Signal.Kind.REG) {
                continue;
            }
            Expr n = next.get(r);
            if (n != null) {
                slots.root(s, n, r.width());
            }
            if (r.reset() != null) {
                slots.root(s, r.reset(), 1);
                slots.root(s, r.resetValue(), r.width());
            }
            int d = s.flat.clockDomain(r.clock(), "register " + s.path + r.name());
            regs.add(new Reg(s.path + r.name(), s.signal(r), allocate(r.width()), r.width(), n, r.reset(), r.resetValue(), s, d,
                    s.flat.asyncResetDomain(r)));
        }
        for (Check k : s.def.checks()) {
            if (k.kind() != Check.Kind.COVER) {
                int d = k.clock() == null ? -1 : s.flat.clockDomain(k.clock(), "property \"" + k.message() + "\"");
                props.add(new Prop(k, s.flat.instanceName(), s.signal(k.enable()), s.signal(k.predicate()), d));
            }
        }
    }

    /** A slot the combinational code fills with {@code x}, for the simulator to read at the edge. */
    private int printSlot(Scope s, String name, Expr x, int width) {
        int k = allocate(width);
        slots.root(s, x, width);
        comb.add(new Assign(name, k, width, x, s, false));
        return k;
    }


    public static long[] words(BigInteger v, int n) {
        long[] w = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = v.shiftRight(64 * i).longValue();
        }
        return w;
    }

    /** The error every simulator gives when an undriven (invalid) value reaches it. */
    public static IllegalArgumentException undriven(Expr.Invalid x) {
        return new IllegalArgumentException("cannot simulate expression " + x + ": an undriven (invalid) value reached the simulator");
    }

    /** The slots the inline code of {@code x} reads (x itself computed here when {@code top}). */
    public static java.util.Set<Integer> slotsRead(Scope s, Expr x, boolean top) {
        List<Integer> r = new ArrayList<>();
        reads(s, x, top, r);
        return new java.util.HashSet<>(r);
    }

    /** The slots an assignment's inline code reads. */
    private static void reads(Scope s, Expr x, boolean top, List<Integer> out) {
        int k = top ? -1 : s.location(x);
        if (k >= 0) {
            out.add(k);
            return;
        }
        if (x instanceof Expr.Ref || x instanceof Expr.InstRef) {
            out.add(s.location(x));
            return;
        }
        for (Expr o : Exprs.children(x)) {
            reads(s, o, false, out);
        }
    }

    /** The values a waveform shows, at the slots that hold them after copies are elided. */
    public List<WaveSignal> waveSignals() {
        return WaveSignal.of(instances, this::resolve);
    }

    /** The registers that take a value at an edge of {@code domain}: clocked by it, or reset asynchronously at it. */
    public List<Reg> registers(int domain) {
        return regs.stream().filter(r -> r.domain() == domain || r.asyncDomain() == domain).toList();
    }

    /** The memory writes clocked by {@code domain}. */
    public List<MemWrite> writes(int domain) {
        return writes.stream().filter(w -> w.domain() == domain).toList();
    }
}
