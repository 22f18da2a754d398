package tagmatch.sim.compiled;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

/**
 * A lowered circuit laid out for code generation: the hierarchy flattened into one array of
 * 64-bit words (every signal of every instance at an offset, wide ones over several words),
 * every combinational connect as an assignment in dependency order, registers and memory writes
 * grouped by the clock that drives them, and the properties to check.
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
     * the slot of {@code source} itself (a shared or wide value computed once).
     */
    record Assign(String name, int dst, int width, Expr source, Scope scope, boolean own) {}

    /** A register: its value at {@code slot}, the value it takes at the edge computed into {@code next}. */
    record Reg(String name, int slot, int next, int width, Expr nextValue, Expr reset, Expr resetValue, Scope scope,
               int domain) {}

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

    /** The registers and memory writes clocked by one signal; {@code input}: the signal is a top input port. */
    record Domain(int clock, boolean input, String name) {}

    /** A word pattern stored once at creation (a wide literal, or a narrow one a wide operation reads). */
    record Constant(int offset, long[] words) {}

    final List<Assign> order = new ArrayList<>();
    final List<Reg> regs = new ArrayList<>();
    final List<MemWrite> writes = new ArrayList<>();
    final List<Mem> mems = new ArrayList<>();
    final List<Prop> props = new ArrayList<>();
    final List<Print> prints = new ArrayList<>();
    final List<Domain> domains = new ArrayList<>();
    final List<Constant> constants = new ArrayList<>();
    /** Offsets of the top ports in declaration order. */
    final int[] ports;
    /** The domain of the top's clock input, -1 without one. */
    final int mainDomain;
    /** Words in the state array. */
    int size;
    private final java.util.BitSet wide = new java.util.BitSet();

    private final List<Assign> comb = new ArrayList<>();
    private final Map<Integer, Integer> domainOf = new HashMap<>();
    private final Map<Integer, Integer> copyOf = new HashMap<>();
    /** Wires that are plain copies of another slot read that slot instead: sink slot to source slot. */
    private final Map<Integer, Integer> alias = new HashMap<>();
    private final int[] topInputs;
    /** Every instance, the top first. */
    private final List<Scope> scopes = new ArrayList<>();

    /** One instance of a module definition: where its signals, memories and own slots live. */
    final class Scope {
        final ModuleDef def;
        final String path;
        private final Map<Signal, Integer> slot = new IdentityHashMap<>();
        private final Map<String, Signal> portByName = new HashMap<>();
        private final Map<Instance, Scope> children = new IdentityHashMap<>();
        private final Map<Memory, Integer> mem = new IdentityHashMap<>();
        /** Expressions with a slot of their own (shared values, wide values, operands of wide operations). */
        private final Map<Expr, Integer> located = new IdentityHashMap<>();
        private Map<Expr, Integer> uses;

        Scope(ModuleDef def, String path) {
            this.def = def;
            this.path = path;
            for (Signal s : def.signals()) {
                slot.put(s, allocate(s.width()));
                if (s.isPort()) {
                    portByName.put(s.name(), s);
                }
            }
            for (Memory m : def.memories()) {
                mem.put(m, mems.size());
                mems.add(new Mem(path + m.name(), m.depth(), m.width(), m.init()));
            }
            for (Instance i : def.instances()) {
                    if (i.definition().isExternal()) {
                        throw new IllegalArgumentException("cannot simulate instance " + path + i.name() + " of external module "
                                + i.definition().name() + " on the compiled backend: its logic is Verilog outside the design; "
                                + "simulate the design with Simulators.verilator, which compiles the module's sources in");
                    }
                children.put(i, new Scope(i.definition(), path + i.name() + "."));
            }
        }

        int signal(Signal s) {
            Integer k = slot.get(s);
            if (k == null) {
                throw new IllegalArgumentException("cannot simulate: signal " + s.name() + " is not declared in module " + def.name());
            }
            return k;
        }

        int instancePort(Instance i, Signal port) {
            Scope c = children.get(i);
            if (c == null) {
                throw new IllegalArgumentException("cannot simulate: instance " + i.name() + " is not declared in module " + def.name());
            }
            Signal p = c.portByName.get(port.name());
            if (p == null) {
                throw new IllegalArgumentException("cannot simulate: no port " + port.name() + " on " + c.def.name());
            }
            return c.slot.get(p);
        }

        int memory(Memory m) { return mem.get(m); }

        /** The slot holding {@code x}'s value, or -1 when it is generated inline. */
        int location(Expr x) {
            if (x instanceof Expr.Ref) {
                return resolve(signal(((Expr.Ref) x).signal()));
            }
            if (x instanceof Expr.InstRef) {
                Expr.InstRef r = (Expr.InstRef) x;
                return resolve(instancePort(r.instance(), r.port()));
            }
            Integer k = located.get(x);
            return k == null ? -1 : k;
        }

        String instanceName() { return path.isEmpty() ? "" : path.substring(0, path.length() - 1); }
    }

    Netlist(Circuit circuit) {
        Scope top = new Scope(circuit.top(), "");
        List<Signal> topPorts = circuit.top().portSignals();
        ports = new int[topPorts.size()];
        List<Integer> inputs = new ArrayList<>();
        for (int i = 0; i < ports.length; i++) {
            ports[i] = top.signal(topPorts.get(i));
            if (topPorts.get(i).kind() == Signal.Kind.INPUT) {
                inputs.add(ports[i]);
            }
        }
        topInputs = inputs.stream().mapToInt(Integer::intValue).toArray();
        Deque<Scope> work = new ArrayDeque<>(List.of(top));
        while (!work.isEmpty()) {
            Scope s = work.poll();
            scopes.add(s);
            work.addAll(s.children.values());
        }
        // Copies first: a clock reaches a child through port connections, and registers group by its source.
        for (Scope s : scopes) {
            for (Stmt st : s.def.body()) {
                if (st instanceof Stmt.Connect) {
                    Stmt.Connect k = (Stmt.Connect) st;
                    int src = k.source().width() == 1 && k.sink().width() == 1 ? s.location(k.source()) : -1;
                    if (src >= 0 && !(k.sink() instanceof Expr.Ref && ((Expr.Ref) k.sink()).signal().kind() == Signal.Kind.REG)) {
                        copyOf.put(s.location(k.sink()), src);
                    }
                }
            }
        }
        Signal topClock = circuit.top().clock();
        mainDomain = topClock == null ? -1 : domain(top.signal(topClock), topClock.name());
        for (Scope s : scopes) {
            lay(s, topClock == null ? -1 : top.signal(topClock));
        }
        elideCopies();
        for (int i = 0; i < ports.length; i++) {
            ports[i] = resolve(ports[i]);
        }
        props.replaceAll(p -> new Prop(p.check(), p.instance(), resolve(p.enable()), resolve(p.predicate()), p.domain()));
        prints.replaceAll(p -> new Print(p.format(), resolve(p.enable()),
                java.util.Arrays.stream(p.args()).map(this::resolve).toArray(), p.widths(), p.domain()));
        sort();
    }

    /** Drops assignments that copy one slot to another of the same width; readers of the copy read the original. */
    private void elideCopies() {
        List<Assign> kept = new ArrayList<>();
        for (Assign a : comb) {
            Expr x = a.source();
            boolean copy = !a.own() && (x instanceof Expr.Ref || x instanceof Expr.InstRef) && x.width() == a.width();
            if (copy) {
                alias.put(a.dst(), rawLocation(a.scope(), x));
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

    private static int rawLocation(Scope s, Expr x) {
        if (x instanceof Expr.Ref) {
            return s.signal(((Expr.Ref) x).signal());
        }
        Expr.InstRef r = (Expr.InstRef) x;
        return s.instancePort(r.instance(), r.port());
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

    private int domain(int clockSlot, String name) {
        int root = clockSlot;
        for (int guard = 0; copyOf.containsKey(root) && guard < 1_000_000; guard++) {
            root = copyOf.get(root);
        }
        Integer d = domainOf.get(root);
        if (d == null) {
            d = domains.size();
            boolean input = false;
            for (int p : topInputs) {
                input |= p == root;
            }
            domains.add(new Domain(root, input, name));
            domainOf.put(root, d);
        }
        return d;
    }

    private int clockDomain(Scope s, Expr clock, int topClock, String what) {
        if (clock == null) {
            if (topClock < 0) {
                throw new IllegalArgumentException("cannot simulate " + what + ": it has no clock and the top module has none");
            }
            return domain(topClock, "clk");
        }
        int k = s.location(clock);
        if (k < 0 || clock.width() != 1) {
            throw new IllegalArgumentException("cannot simulate " + what + ": its clock " + clock
                    + " is not a 1-bit signal");
        }
        return domain(k, s.path + clock);
    }

    private void lay(Scope s, int topClock) {
        s.uses = countUses(s.def);
        Map<Signal, Expr> next = new IdentityHashMap<>();
        for (Stmt st : s.def.body()) {
            if (st instanceof Stmt.Connect) {
                Stmt.Connect k = (Stmt.Connect) st;
                if (k.sink() instanceof Expr.Ref && ((Expr.Ref) k.sink()).signal().kind() == Signal.Kind.REG) {
                    next.put(((Expr.Ref) k.sink()).signal(), k.source());
                    continue;
                }
                String name;
                int width;
                if (k.sink() instanceof Expr.Ref) {
                    Signal sig = ((Expr.Ref) k.sink()).signal();
                    name = s.path + sig.name();
                    width = sig.width();
                } else if (k.sink() instanceof Expr.InstRef) {
                    Expr.InstRef r = (Expr.InstRef) k.sink();
                    name = s.path + r.instance().name() + "." + r.port().name();
                    width = r.port().width();
                } else {
                    throw new IllegalArgumentException("cannot simulate a connect to " + k.sink() + " in " + s.def.name());
                }
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
                int d = clockDomain(s, w.memory().clock(), topClock, "memory " + s.path + w.memory().name());
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
                int d = clockDomain(s, p.clock(), topClock, "the printf at " + p.locator());
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
            if (r.reset() != null && r.asyncReset()) {
                throw new IllegalArgumentException("cannot simulate register " + s.path + r.name()
                        + " on the compiled backend: its reset is asynchronous; use the interpreter or Verilator");
            }
            int d = clockDomain(s, r.clock(), topClock, "register " + s.path + r.name());
            regs.add(new Reg(s.path + r.name(), s.signal(r), allocate(r.width()), r.width(), n, r.reset(), r.resetValue(), s, d));
        }
        for (Check k : s.def.checks()) {
            if (k.kind() != Check.Kind.COVER) {
                int d = k.clock() == null ? -1 : clockDomain(s, k.clock(), topClock, "property \"" + k.message() + "\"");
                props.add(new Prop(k, s.instanceName(), s.signal(k.enable()), s.signal(k.predicate()), d));
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
        if (s.uses.getOrDefault(x, 0) >= 2 || (x.width() > 64 && x.width() != width)) {
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
        boolean slot = asLocation || x.width() > 64 || s.uses.getOrDefault(x, 0) >= 2;
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

    /** How many parents reference each expression of a module. */
    private static Map<Expr, Integer> countUses(ModuleDef def) {
        Map<Expr, Integer> uses = new IdentityHashMap<>();
        List<Expr> roots = new ArrayList<>();
        for (Stmt st : def.body()) {
            if (st instanceof Stmt.Connect) {
                roots.add(((Stmt.Connect) st).source());
            } else if (st instanceof Stmt.MemWrite) {
                Stmt.MemWrite w = (Stmt.MemWrite) st;
                roots.add(w.address());
                roots.add(w.data());
                roots.add(w.enable());
            }
        }
        for (Signal r : def.locals()) {
            if (r.kind() == Signal.Kind.REG && r.reset() != null) {
                roots.add(r.reset());
                roots.add(r.resetValue());
            }
        }
        Deque<Expr> work = new ArrayDeque<>();
        for (Expr x : roots) {
            if (uses.merge(x, 1, Integer::sum) == 1) {
                work.push(x);
            }
        }
        while (!work.isEmpty()) {
            for (Expr k : operands(work.pop())) {
                if (uses.merge(k, 1, Integer::sum) == 1) {
                    work.push(k);
                }
            }
        }
        return uses;
    }

    static List<Expr> operands(Expr x) {
        if (x instanceof Expr.Op) {
            return ((Expr.Op) x).args;
        }
        if (x instanceof Expr.Mux) {
            Expr.Mux m = (Expr.Mux) x;
            return List.of(m.cond(), m.whenTrue(), m.whenFalse());
        }
        if (x instanceof Expr.Case) {
            Expr.Case c = (Expr.Case) x;
            List<Expr> l = new ArrayList<>();
            l.add(c.selector());
            l.addAll(c.values());
            l.add(c.otherwise());
            return l;
        }
        if (x instanceof Expr.MemRead) {
            return List.of(((Expr.MemRead) x).address());
        }
        return Collections.emptyList();
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
        for (Expr o : operands(x)) {
            reads(s, o, false, out);
        }
    }

    /** Kahn's algorithm over "assignment A reads the slot assignment B writes". */
    private void sort() {
        int n = comb.size();
        Map<Integer, Integer> writer = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Integer prev = writer.put(comb.get(i).dst(), i);
            if (prev != null) {
                throw new IllegalArgumentException("cannot simulate: " + comb.get(i).name() + " has more than one driver");
            }
        }
        int[] indegree = new int[n];
        List<List<Integer>> users = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            users.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            Assign a = comb.get(i);
            List<Integer> r = new ArrayList<>();
            reads(a.scope(), a.source(), a.own(), r);
            for (int k : new java.util.LinkedHashSet<>(r)) {
                Integer src = writer.get(k);
                if (src != null) {
                    indegree[i]++;
                    users.get(src).add(i);
                }
            }
        }
        Deque<Integer> ready = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (indegree[i] == 0) {
                ready.add(i);
            }
        }
        while (!ready.isEmpty()) {
            int i = ready.poll();
            order.add(comb.get(i));
            for (int u : users.get(i)) {
                if (--indegree[u] == 0) {
                    ready.add(u);
                }
            }
        }
        if (order.size() != n) {
            List<String> loop = new ArrayList<>();
            for (int i = 0; i < n && loop.size() < 10; i++) {
                if (indegree[i] > 0) {
                    loop.add(comb.get(i).name());
                }
            }
            throw new IllegalArgumentException("cannot simulate: combinational loop through " + loop);
        }
    }

    /** The values a waveform shows, at the slots that hold them after copies are elided. */
    List<tagmatch.sim.WaveSignal> waveSignals() {
        List<tagmatch.sim.WaveSignal> out = new ArrayList<>();
        for (Scope s : scopes) {
            tagmatch.sim.WaveSignal.collect(s.instanceName(), s.def, k -> resolve(s.signal(k)), s::memory, out);
        }
        return out;
    }

    /** Clock domains by name, for messages. */
    Map<String, Integer> domainNames() {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < domains.size(); i++) {
            m.put(domains.get(i).name(), i);
        }
        return m;
    }
}
