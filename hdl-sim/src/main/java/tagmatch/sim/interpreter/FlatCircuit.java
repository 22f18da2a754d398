package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;
import tagmatch.sim.Words;

/**
 * A lowered circuit compiled for the interpreter: the hierarchy flattened into value slots (one
 * per signal per instance), every combinational connect compiled to an {@link Eval.Node} and put
 * in dependency order once, registers with their next-state and synchronous-reset expressions,
 * and memory writes, each with the clock domain it belongs to: the signal its clock follows
 * through port connections and copies (the top's clock, a second clock input, or a clock that
 * logic or a register drives).
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
    final List<int[]> memories = new ArrayList<>(); // {depth, width}
    /** Initial words of each memory, from address 0. */
    final List<List<BigInteger>> memoryInit = new ArrayList<>();
    /** Asserts and assumes to check in simulation (covers are for the prover). */
    final List<Prop> props = new ArrayList<>();

    /** One property of one instance: its enable and predicate slots (1-bit, narrow); clock -1 when immediate. */
    record Prop(tagmatch.hdl.ir.Check check, String instance, int enable, int predicate, int clock) {}
    /**
     * Clock domains: the narrow slot each one's clock is read from (a signal no copy drives), and
     * whether that is a top input port. Reg, MemWrite and Prop {@code clock} fields index these.
     */
    final List<Integer> domainClock = new ArrayList<>();
    final List<Boolean> domainInput = new ArrayList<>();
    /** Whether a domain fires on its signal falling (an active-low asynchronous reset) rather than rising. */
    final List<Boolean> domainFalling = new ArrayList<>();
    /** The domain of the top's clock, -1 without one. */
    int mainDomain = -1;
    /** One-bit copies between narrow slots (sink to source), through which clocks reach children. */
    private final Map<Integer, Integer> copyOf = new java.util.HashMap<>();
    /** Top ports in declaration order: slot and whether it is wide. */
    final int[] portSlot;
    final boolean[] portWide;
    int narrowSlots;
    int wideSlots;
    private final List<Assign> comb = new ArrayList<>();
    /** Every instance, the top first. */
    private final List<Ctx> contexts = new ArrayList<>();
    private final List<BitSet[]> deps = new ArrayList<>();

    /** One instance of a module definition in the flattened hierarchy. */
    private final class Ctx {
        final ModuleDef def;
        final String path;
        final Map<Signal, Integer> slot = new IdentityHashMap<>();
        final Map<String, Signal> portByName = new java.util.HashMap<>();
        final Map<Instance, Ctx> children = new IdentityHashMap<>();
        final Map<Memory, Integer> mem = new IdentityHashMap<>();

        Ctx(ModuleDef def, String path) {
            this.def = def;
            this.path = path;
            for (Signal s : def.signals()) {
                slot.put(s, s.width() > 64 ? wideSlots++ : narrowSlots++);
                if (s.isPort()) {
                    portByName.put(s.name(), s);
                }
            }
            for (Memory m : def.memories()) {
                mem.put(m, memories.size());
                memories.add(new int[] {m.depth(), m.width()});
                memoryInit.add(m.init());
            }
            for (Instance i : def.instances()) {
                if (i.definition().isExternal()) {
                    throw new IllegalArgumentException("cannot simulate instance " + path + i.name() + " of external module "
                            + i.definition().name() + " on the interpreter: its logic is Verilog outside the design; "
                            + "simulate the design with Simulators.verilator, which compiles the module's sources in");
                }
                children.put(i, new Ctx(i.definition(), path + i.name() + "."));
            }
        }

        int slotOf(Signal s) {
            Integer k = slot.get(s);
            if (k == null) {
                throw new IllegalArgumentException("signal " + s.name() + " is not declared in module " + def.name());
            }
            return k;
        }

        int slotOfInstancePort(Instance i, Signal port) {
            Ctx c = children.get(i);
            if (c == null) {
                throw new IllegalArgumentException("instance " + i.name() + " is not declared in module " + def.name());
            }
            Signal p = c.portByName.get(port.name());
            if (p == null) {
                throw new IllegalArgumentException("no port " + port.name() + " on " + c.def.name());
            }
            return c.slot.get(p);
        }
    }

    /**
     * Compiles one context's expressions, recording the slots they read. A subexpression used by
     * more than one parent (the IR is a DAG) becomes its own assignment to a temporary slot,
     * computed once per settle, so evaluation work stays linear in the size of the IR.
     */
    private final class Compiler implements Eval.Binder {
        final Ctx ctx;
        final Map<Expr, Integer> uses;
        final Map<Expr, Eval.Node> temps = new IdentityHashMap<>();
        BitSet readsNarrow = new BitSet();
        BitSet readsWide = new BitSet();

        Compiler(Ctx ctx) {
            this.ctx = ctx;
            this.uses = countUses(ctx.def);
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
            int k;
            int w;
            boolean signed = x.signed();
            if (x instanceof Expr.Ref) {
                Signal s = ((Expr.Ref) x).signal();
                k = ctx.slotOf(s);
                w = s.width();
            } else {
                Expr.InstRef r = (Expr.InstRef) x;
                k = ctx.slotOfInstancePort(r.instance(), r.port());
                w = r.port().width();
            }
            (w > 64 ? readsWide : readsNarrow).set(k);
            return slotNode(k, w, signed);
        }

        @Override
        public Eval.Node memRead(Expr.MemRead r, Eval.Node address) {
            int mi = ctx.mem.get(r.memory());
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

    /** How many parents reference each expression of a module (the IR shares subexpressions). */
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
                roots.add(w.mask());
            } else if (st instanceof Stmt.Print) {
                roots.addAll(tagmatch.hdl.ir.Exprs.exprsOf(st));
            }
        }
        for (Signal s : def.locals()) {
            if (s.kind() == Signal.Kind.REG) {
                if (s.reset() != null) {
                    roots.add(s.reset());
                }
                if (s.resetValue() != null) {
                    roots.add(s.resetValue());
                }
            }
        }
        Deque<Expr> work = new ArrayDeque<>(roots);
        while (!work.isEmpty()) {
            Expr e = work.pop();
            if (uses.merge(e, 1, Integer::sum) == 1) {
                work.addAll(children(e));
            }
        }
        return uses;
    }

    private static List<Expr> children(Expr e) {
        if (e instanceof Expr.Op) {
            return ((Expr.Op) e).args;
        }
        if (e instanceof Expr.Mux) {
            Expr.Mux m = (Expr.Mux) e;
            return List.of(m.cond(), m.whenTrue(), m.whenFalse());
        }
        if (e instanceof Expr.Case) {
            Expr.Case c = (Expr.Case) e;
            List<Expr> l = new ArrayList<>(c.values());
            l.add(c.selector());
            l.add(c.otherwise());
            return l;
        }
        if (e instanceof Expr.MemRead) {
            return List.of(((Expr.MemRead) e).address());
        }
        return List.of();
    }

    /** The values a waveform shows (a slot wider than 64 bits is a {@code BigInteger} slot). */
    List<tagmatch.sim.WaveSignal> waveSignals() {
        List<tagmatch.sim.WaveSignal> out = new ArrayList<>();
        for (Ctx c : contexts) {
            String instance = c.path.isEmpty() ? "" : c.path.substring(0, c.path.length() - 1);
            tagmatch.sim.WaveSignal.collect(instance, c.def, c::slotOf, c.mem::get, out);
        }
        return out;
    }

    FlatCircuit(Circuit circuit) {
        Ctx top = new Ctx(circuit.top(), "");
        Deque<Ctx> work = new ArrayDeque<>();
        work.add(top);
        while (!work.isEmpty()) {
            Ctx c = work.poll();
            contexts.add(c);
            work.addAll(c.children.values());
            Compiler cc = new Compiler(c);
            java.util.Set<Signal> regsWithNext = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
            Map<Signal, Eval.Node> next = new IdentityHashMap<>();
            for (Stmt st : c.def.body()) {
                if (st instanceof Stmt.Connect) {
                    Stmt.Connect k = (Stmt.Connect) st;
                    Eval.Node src = cc.compile(k.source());
                    if (k.sink() instanceof Expr.Ref && ((Expr.Ref) k.sink()).signal().kind() == Signal.Kind.REG) {
                        Signal r = ((Expr.Ref) k.sink()).signal();
                        regsWithNext.add(r);
                        next.put(r, src);
                        continue;
                    }
                    int slot;
                    int width;
                    String name;
                    if (k.sink() instanceof Expr.Ref) {
                        Signal s = ((Expr.Ref) k.sink()).signal();
                        slot = c.slotOf(s);
                        width = s.width();
                        name = c.path + s.name();
                    } else if (k.sink() instanceof Expr.InstRef) {
                        Expr.InstRef r = (Expr.InstRef) k.sink();
                        slot = c.slotOfInstancePort(r.instance(), r.port());
                        width = r.port().width();
                        name = c.path + r.instance().name() + "." + r.port().name();
                    } else {
                        throw new IllegalArgumentException("cannot simulate a connect to " + k.sink() + " in " + c.def.name());
                    }
                    comb.add(new Assign(name, slot, width > 64, width, src));
                    if (width == 1 && k.source().width() == 1 && (k.source() instanceof Expr.Ref || k.source() instanceof Expr.InstRef)) {
                        copyOf.put(slot, k.source() instanceof Expr.Ref ? c.slotOf(((Expr.Ref) k.source()).signal())
                                : c.slotOfInstancePort(((Expr.InstRef) k.source()).instance(), ((Expr.InstRef) k.source()).port()));
                    }
                    deps.add(new BitSet[] {cc.readsNarrow, cc.readsWide});
                } else if (st instanceof Stmt.MemWrite) {
                    Stmt.MemWrite mw = (Stmt.MemWrite) st;
                    int mi = c.mem.get(mw.memory());
                    memWrites.add(new MemWrite(mi, mw.memory().depth(), mw.memory().width() > 64, mw.memory().width(),
                            cc.compile(mw.address()), cc.compile(mw.data()), cc.compile(mw.enable()),
                            mw.wholeWord() ? null : cc.compile(mw.mask()), mw.laneWidth(), clockSlot(c, mw.memory().clock())));
                } else if (st instanceof Stmt.Print) {
                    Stmt.Print p = (Stmt.Print) st;
                    List<Eval.Node> args = new ArrayList<>();
                    int[] widths = new int[p.args().size()];
                    for (int i = 0; i < widths.length; i++) {
                        args.add(cc.compile(p.args().get(i)));
                        widths[i] = p.args().get(i).width();
                    }
                    prints.add(new Print(p.format(), cc.compile(p.enable()), args, widths, clockSlot(c, p.clock())));
                } else {
                    throw new IllegalArgumentException("cannot simulate module " + c.def.name()
                            + ": its body is not lowered (found " + st.getClass().getSimpleName() + "); elaborate it with Elaborator.elaborate");
                }
            }
            for (tagmatch.hdl.ir.Check k : c.def.checks()) {
                if (k.kind() != tagmatch.hdl.ir.Check.Kind.COVER) {
                    String inst = c.path.isEmpty() ? "" : c.path.substring(0, c.path.length() - 1);
                    props.add(new Prop(k, inst, c.slotOf(k.enable()), c.slotOf(k.predicate()),
                            k.clock() == null ? -1 : clockSlot(c, k.clock())));
                }
            }
            for (Signal s : c.def.locals()) {
                if (s.kind() != Signal.Kind.REG) {
                    continue;
                }
                Eval.Node rst = s.reset() == null ? null : cc.compile(s.reset());
                Eval.Node rv = s.resetValue() == null ? null : cc.compile(s.resetValue());
                // an asynchronous reset is one more edge to wait on: slot k rising is coded k, falling -3 - k
                int async = -1;
                if (s.reset() != null && s.asyncReset()) {
                    int k = c.slotOf(Signal.resetSignal(s.reset()));
                    async = Signal.resetActiveLow(s.reset()) ? -3 - k : k;
                }
                regs.add(new Reg(c.path + s.name(), c.slotOf(s), s.width() > 64, s.width(), next.get(s), rst, rv,
                        clockSlot(c, s.clock()), async));
            }
        }
        sort(comb, deps);
        int topClock = circuit.top().clock() == null ? -1 : top.slotOf(circuit.top().clock());
        java.util.Set<Integer> inputs = new java.util.HashSet<>();
        for (Signal p : circuit.top().portSignals()) {
            if (p.kind() == Signal.Kind.INPUT && p.width() <= 64) {
                inputs.add(top.slotOf(p));
            }
        }
        Map<Integer, Integer> domainOf = new java.util.HashMap<>();
        java.util.function.IntUnaryOperator domain = coded -> {
            boolean falling = coded <= -3;
            int slot = falling ? -3 - coded : coded;
            int root = slot < 0 ? topClock : slot;
            if (root < 0) {
                throw new IllegalArgumentException("cannot simulate a register or memory without a clock: the top module has none");
            }
            for (int n = 0; copyOf.containsKey(root) && n <= copyOf.size(); n++) {
                root = copyOf.get(root);
            }
            final int r = root;
            return domainOf.computeIfAbsent(falling ? -3 - r : r, k -> {
                domainClock.add(r);
                domainInput.add(inputs.contains(r));
                domainFalling.add(falling);
                return domainClock.size() - 1;
            });
        };
        if (topClock >= 0) {
            mainDomain = domain.applyAsInt(topClock);
        }
        regs.replaceAll(r -> new Reg(r.name(), r.slot(), r.wide(), r.width(), r.next(), r.reset(), r.resetValue(),
                domain.applyAsInt(r.clock()), r.asyncReset() == -1 ? -1 : domain.applyAsInt(r.asyncReset())));
        memWrites.replaceAll(w -> new MemWrite(w.memory(), w.depth(), w.wide(), w.width(), w.address(), w.data(), w.enable(),
                w.mask(), w.lane(), domain.applyAsInt(w.clock())));
        prints.replaceAll(p -> new Print(p.format(), p.enable(), p.args(), p.widths(), domain.applyAsInt(p.clock())));
        props.replaceAll(p -> p.clock() == -1 ? p
                : new Prop(p.check(), p.instance(), p.enable(), p.predicate(), domain.applyAsInt(p.clock())));
        List<Signal> ports = circuit.top().portSignals();
        portSlot = new int[ports.size()];
        portWide = new boolean[ports.size()];
        for (int i = 0; i < portSlot.length; i++) {
            portSlot[i] = top.slotOf(ports.get(i));
            portWide[i] = ports.get(i).width() > 64;
        }
    }

    /** The narrow slot of a clock signal, or -2 for the top's clock (a register built without one). */
    private static int clockSlot(Ctx c, Expr clock) {
        if (clock == null) {
            return -2;
        }
        if (!(clock instanceof Expr.Ref) || clock.width() != 1) {
            throw new IllegalArgumentException("cannot simulate a clock that is not a 1-bit signal: " + clock + " in " + c.def.name());
        }
        return c.slotOf(((Expr.Ref) clock).signal());
    }

    /** Kahn's algorithm over "assignment A reads the slot assignment B writes". */
    private void sort(List<Assign> comb, List<BitSet[]> deps) {
        int n = comb.size();
        Map<Long, Integer> writer = new java.util.HashMap<>();
        for (int i = 0; i < n; i++) {
            Assign a = comb.get(i);
            Integer prev = writer.put(key(a.wide(), a.slot()), i);
            if (prev != null) {
                throw new IllegalArgumentException("cannot simulate: " + a.name() + " has more than one driver");
            }
        }
        int[] indegree = new int[n];
        List<List<Integer>> users = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            users.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            BitSet[] d = deps.get(i);
            for (int w = 0; w < 2; w++) {
                for (int k = d[w].nextSetBit(0); k >= 0; k = d[w].nextSetBit(k + 1)) {
                    Integer src = writer.get(key(w == 1, k));
                    if (src != null) {
                        indegree[i]++;
                        users.get(src).add(i);
                    }
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
