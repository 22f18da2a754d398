package tagmatch.sim.compiled;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
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
import tagmatch.sim.BoundModel;
import tagmatch.sim.flat.EvaluationOrder;
import tagmatch.sim.flat.Hierarchy;

/**
 * A lowered circuit laid out for code generation: the hierarchy flattened into one array of
 * 64-bit words (every signal of every instance at an offset, wide ones over several words),
 * every combinational connect as an assignment in dependency order, registers and memory writes
 * grouped by the clock that drives them, and the properties to check. An external instance's
 * behavioural model is evaluated once per output group ({@link tagmatch.sim.BoundModel.Group}) at
 * its place in the order: the combinational code stops there ({@link #evaluations}).
 *
 * <p>An expression is generated inline into its assignment unless it gets a slot of its own: when
 * several parents share it (the IR is a DAG; computing it once keeps the work linear), when it
 * is wider than 64 bits or an operand of a wide operation (wide code works on slots, not on the
 * JVM stack), or when inlining would make one assignment's code too large to compile well.
 */
final class Netlist {
    /** Inline expression nodes per assignment before operands move to slots of their own. */
    private static final int INLINE_LIMIT = 120;
    /** The widest intermediate value simulated (a dynamic left shift by a wide amount is wider). */
    private static final int MAX_WIDTH = 1 << 20;

    /**
     * {@code dst := source}, extended or truncated to {@code width}; {@code own}: {@code dst} is
     * the slot of {@code source} itself (a shared or wide value computed once). A behavioural
     * model's output has no {@code source}: it is ordered as a {@code Step}, never generated.
     */
    record Assign(String name, int dst, int width, Expr source, Scope scope, boolean own) {}

    /**
     * A register: its value at {@code slot}, the value it takes at the edge computed into
     * {@code next}; it takes it at the edges of {@code domain} and, with an asynchronous reset,
     * of {@code asyncDomain}, the reset's asserting edge (-1 without one).
     */
    record Reg(String name, int slot, int next, int width, Expr nextValue, Expr reset, Expr resetValue, Scope scope,
               int domain, int asyncDomain) {}

    /**
     * A memory write, its operands computed into slots at the edge and applied after every register's;
     * {@code mask} the lanes spread to bits (null, and {@code maskSlot} -1, for a whole-word write).
     */
    record MemWrite(int memory, Expr address, Expr data, Expr enable, Expr mask, int addressSlot, int dataSlot,
                    int enableSlot, int maskSlot, Scope scope, int domain) {}

    /** One memory: {@code depth} words of {@code width} bits, {@code init} its first words at time zero. */
    record Mem(String name, int depth, int width, List<java.math.BigInteger> init) {}

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
    record Print(tagmatch.hdl.ir.PrintFormat format, int enable, int[] args, int[] widths, int domain) {}

    /** One assert or assume of one instance; {@code domain} -1 for an immediate (unclocked) one. */
    record Prop(Check check, String instance, int enable, int predicate, int domain) {}

    /** A word pattern stored once at creation (a wide literal, or a narrow one a wide operation reads). */
    record Constant(int offset, long[] words) {}

    /**
     * An external instance: its scope, the model made when compiling (whose ports every instance's
     * model must have), and its clock ports with their domains.
     */
    record External(Hierarchy.Scope scope, CompiledBinding prototype, List<BoundModel.Edge> edges) {}

    /** Model {@code external} evaluates its group {@code group} after the first {@code at} assignments of {@link #order}. */
    record Evaluation(int at, int external, int group) {}

    /** A model output in the order: the first of group {@code group} (the others -1), reading {@code reads}. */
    private record Step(int external, int group, int[] reads) {}

    /** The combinational assignments in evaluation order, the models' evaluations left out. */
    final List<Assign> order = new ArrayList<>();
    /** Where the combinational code stops for a model's evaluation, in order. */
    final List<Evaluation> evaluations = new ArrayList<>();
    final List<External> externals = new ArrayList<>();
    final List<Reg> regs = new ArrayList<>();
    final List<MemWrite> writes = new ArrayList<>();
    final List<Mem> mems = new ArrayList<>();
    final List<Prop> props = new ArrayList<>();
    final List<Print> prints = new ArrayList<>();
    final List<Hierarchy.Domain> domains;
    final List<Constant> constants = new ArrayList<>();
    /** Offsets of the top ports in declaration order. */
    final int[] ports;
    /** The domain of the top's clock input, -1 without one. */
    final int mainDomain;
    /** Words in the state array. */
    int size;
    private final java.util.BitSet wide = new java.util.BitSet();

    private final List<Assign> comb = new ArrayList<>();
    private final Hierarchy hierarchy;
    private final BehaviouralModels models;
    private final Map<Assign, Step> steps = new IdentityHashMap<>();
    /** Wires that are plain copies of another slot read that slot instead: sink slot to source slot. */
    private final Map<Integer, Integer> alias = new HashMap<>();

    /** One instance of a module definition: where its signals, memories and own slots live. */
    final class Scope {
        final Hierarchy.Scope flat;
        final ModuleDef def;
        final String path;
        /** Expressions with a slot of their own (shared values, wide values, operands of wide operations). */
        private final Map<Expr, Integer> located = new IdentityHashMap<>();

        Scope(Hierarchy.Scope flat) {
            this.flat = flat;
            this.def = flat.def;
            this.path = flat.path;
        }

        int signal(Signal s) { return flat.signal(s); }

        int memory(Memory m) { return flat.memory(m); }

        /** The slot holding {@code x}'s value, or -1 when it is generated inline. */
        int location(Expr x) {
            if (Hierarchy.isRef(x)) {
                return resolve(flat.slot(x));
            }
            Integer k = located.get(x);
            return k == null ? -1 : k;
        }
    }

    /** {@code circuit} laid out, its external modules run as {@code models}. */
    Netlist(Circuit circuit, BehaviouralModels models) {
        this.models = models;
        hierarchy = new Hierarchy(circuit, this::allocate, (path, def) -> {
            if (models.factory(def.name()) == null) {
                throw BoundModel.unmodelled(path, def.name(), models, "compiled backend", "Simulators.compiled");
            }
        });
        for (Hierarchy.Mem m : hierarchy.memories) {
            mems.add(new Mem(m.name(), m.memory().depth(), m.memory().width(), m.memory().init()));
        }
        Hierarchy.Scope top = hierarchy.top;
        List<Signal> topPorts = circuit.top().portSignals();
        ports = new int[topPorts.size()];
        for (int i = 0; i < ports.length; i++) {
            ports[i] = top.signal(topPorts.get(i));
        }
        domains = hierarchy.domains;
        mainDomain = hierarchy.mainDomain;
        for (Hierarchy.Scope s : hierarchy.scopes) {
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
    private void external(Hierarchy.Scope c) {
        CompiledBinding model = new CompiledBinding(c, models, k -> k);
        int index = externals.size();
        externals.add(new External(c, model, model.edges(hierarchy)));
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
    int resolve(int k) {
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

    private int allocate(int width) {
        int k = size;
        size += WideOps.words(width);
        if (width > 64) {
            wide.set(k, size);
        }
        return k;
    }

    /** Words that belong to values wider than 64 bits. */
    java.util.BitSet wideWords() { return (java.util.BitSet) wide.clone(); }

    private void lay(Scope s) {
        Map<Signal, Expr> next = new IdentityHashMap<>();
        for (Stmt st : s.def.body()) {
            if (st instanceof Stmt.Connect) {
                Stmt.Connect k = (Stmt.Connect) st;
                Signal reg = Hierarchy.register(k);
                if (reg != null) {
                    next.put(reg, k.source());
                    continue;
                }
                String name = s.flat.sinkName(k.sink());
                int width = k.sink().width();
                root(s, k.source(), width);
                comb.add(new Assign(name, s.location(k.sink()), width, k.source(), s, false));
            } else if (st instanceof Stmt.MemWrite) {
                Stmt.MemWrite w = (Stmt.MemWrite) st;
                Expr mask = w.wholeWord() ? null : bitMask(w);
                root(s, w.address(), w.address().width());
                root(s, w.data(), w.memory().width());
                root(s, w.enable(), 1);
                if (mask != null) {
                    root(s, mask, w.memory().width());
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
                root(s, n, r.width());
            }
            if (r.reset() != null) {
                root(s, r.reset(), 1);
                root(s, r.resetValue(), r.width());
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

    private static boolean leaf(Expr x) {
        return x instanceof Expr.Ref || x instanceof Expr.InstRef || x instanceof Expr.Lit;
    }

    /**
     * Decides the slots of a root expression computed into a destination of {@code width} bits:
     * a wide root as wide as its destination is computed there directly.
     */
    /** A slot the combinational code fills with {@code x}, for the simulator to read at the edge. */
    private int printSlot(Scope s, String name, Expr x, int width) {
        int k = allocate(width);
        root(s, x, width);
        comb.add(new Assign(name, k, width, x, s, false));
        return k;
    }

    private void root(Scope s, Expr x, int width) {
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
    private int visit(Scope s, Expr x, boolean asLocation) {
        if (x instanceof Expr.Invalid) {
            throw new IllegalArgumentException("cannot simulate expression " + x + ": an undriven (invalid) value reached the simulator");
        }
        if (x instanceof Expr.Ref || x instanceof Expr.InstRef) {
            return 1;
        }
        if (s.located.containsKey(x)) {
            return 1;
        }
        if (x instanceof Expr.Lit) {
            if (asLocation || x.width() > 64) {
                Expr.Lit l = (Expr.Lit) x;
                int k = allocate(l.width());
                constants.add(new Constant(k, words(l.value(), WideOps.words(l.width()))));
                s.located.put(x, k);
            }
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

    private void locate(Scope s, Expr x) {
        int k = allocate(x.width());
        s.located.put(x, k);
        comb.add(new Assign(s.path + "_T" + s.located.size(), k, x.width(), x, s, true));
    }

    /** Visits the operands of a non-leaf expression; returns its inline weight, moving operands to slots past the limit. */
    private int children(Scope s, Expr x) {
        List<Expr> kids = new ArrayList<>();
        List<Boolean> loc = new ArrayList<>();
        boolean wide = x.width() > 64;
        if (x instanceof Expr.Op) {
            Expr.Op op = (Expr.Op) x;
            for (Expr a : op.args) {
                wide |= a.width() > 64;
            }
            for (Expr a : op.args) {
                kids.add(a);
                loc.add(wide);
            }
        } else if (x instanceof Expr.Mux) {
            Expr.Mux m = (Expr.Mux) x;
            kids.add(m.cond());
            loc.add(false);
            kids.add(m.whenTrue());
            loc.add(wide);
            kids.add(m.whenFalse());
            loc.add(wide);
        } else if (x instanceof Expr.Case) {
            Expr.Case c = (Expr.Case) x;
            kids.add(c.selector());
            loc.add(c.selector().width() > 64);
            for (Expr v : c.values()) {
                kids.add(v);
                loc.add(wide);
            }
            kids.add(c.otherwise());
            loc.add(wide);
        } else if (x instanceof Expr.MemRead) {
            Expr.MemRead r = (Expr.MemRead) x;
            kids.add(r.address());
            loc.add(r.address().width() > 64);
        } else {
            throw new IllegalArgumentException("cannot simulate expression " + x);
        }
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

    static long[] words(BigInteger v, int n) {
        long[] w = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = v.shiftRight(64 * i).longValue();
        }
        return w;
    }

    /** The slots the inline code of {@code x} reads (x itself computed here when {@code top}). */
    static java.util.Set<Integer> slotsRead(Scope s, Expr x, boolean top) {
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
    List<tagmatch.sim.WaveSignal> waveSignals() {
        return tagmatch.sim.WaveSignal.of(hierarchy, this::resolve);
    }
}
