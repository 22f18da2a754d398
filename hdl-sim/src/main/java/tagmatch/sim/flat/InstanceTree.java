package tagmatch.sim.flat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.IntUnaryOperator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

/**
 * A lowered circuit's instance hierarchy flattened for a simulator: one {@link Scope} per
 * instance of a module, every signal of it at a slot the backend allocates, every memory at an
 * index in one list, and the clock domains: a clock reaches the registers of a child through
 * one-bit copies, and is known by the signal it is copied from (the top's clock, a second clock
 * input, a clock that logic or a register drives, or the asserting edge of an asynchronous reset).
 */
public final class InstanceTree {
    /** A memory of one instance, named by its hierarchical path. */
    public record Mem(String name, Memory memory) {}

    /** The top instance. */
    public final Scope top;
    /** Every instance, breadth first from the top. */
    public final List<Scope> scopes = new ArrayList<>();
    /** Every memory; {@link Scope#memory} indexes this list. */
    public final List<Mem> memories = new ArrayList<>();
    /**
     * A clock domain: what happens at the edges of one signal, rising, or falling for an active-low
     * asynchronous reset; {@code input}: the signal is a top input port, so it changes only when
     * the testbench pokes it.
     */
    public record Domain(int clock, boolean falling, boolean input) {}

    /** Every clock domain, numbered in order of first use; the top's clock is the first. */
    public final List<Domain> domains = new ArrayList<>();
    /** The domain of the top's clock, -1 without one. */
    public final int mainDomain;
    private final Map<Integer, Integer> domainOf = new HashMap<>();
    private final java.util.Set<Integer> topInputs = new java.util.HashSet<>();
    /** One-bit copies between signals, sink slot to source slot. */
    private final Map<Integer, Integer> copyOf = new HashMap<>();
    private final IntUnaryOperator allocate;
    private final BiConsumer<String, ModuleDef> external;

    /**
     * Flattens {@code circuit}: {@code allocate} gives the slot of a value of a width (called for
     * every signal, depth first in declaration order); {@code external} is shown every instance of
     * an external module (its path and definition) and throws when the backend cannot simulate
     * it; one it accepts is a scope of its ports alone.
     */
    public InstanceTree(Circuit circuit, IntUnaryOperator allocate, BiConsumer<String, ModuleDef> external) {
        this.allocate = allocate;
        this.external = external;
        top = new Scope(circuit.top(), "");
        Deque<Scope> work = new ArrayDeque<>(List.of(top));
        while (!work.isEmpty()) {
            Scope s = work.poll();
            scopes.add(s);
            work.addAll(s.children);
        }
        for (Signal p : circuit.top().portSignals()) {
            if (p.kind() == Signal.Kind.INPUT) {
                topInputs.add(top.signal(p));
            }
        }
        for (Scope s : scopes) {
            for (Stmt st : s.def.body()) {
                if (st instanceof Stmt.Connect) {
                    Stmt.Connect k = (Stmt.Connect) st;
                    if (k.sink().width() == 1 && k.source().width() == 1 && isRef(k.source()) && register(k) == null) {
                        copyOf.put(s.slot(k.sink()), s.slot(k.source()));
                    }
                }
            }
        }
        int topClock = circuit.top().clock() == null ? -1 : top.signal(circuit.top().clock());
        mainDomain = topClock < 0 ? -1 : domain(topClock, false);
    }

    /**
     * The domain of the rising edges of the signal at {@code clockSlot} (its falling edges when
     * {@code falling}), known by the signal it is copied from: one domain however many wires
     * carry it through the hierarchy.
     */
    public int domain(int clockSlot, boolean falling) {
        int root = clockSource(clockSlot);
        return domainOf.computeIfAbsent(falling ? -1 - root : root, k -> {
            domains.add(new Domain(root, falling, topInputs.contains(root)));
            return domains.size() - 1;
        });
    }

    /** The register a connect gives its next value, or null when it drives a wire or a port. */
    public static Signal register(Stmt.Connect k) {
        if (k.sink() instanceof Expr.Ref && ((Expr.Ref) k.sink()).signal().kind() == Signal.Kind.REG) {
            return ((Expr.Ref) k.sink()).signal();
        }
        return null;
    }

    /** A signal of the instance or a port of one of its children. */
    public static boolean isRef(Expr x) {
        return x instanceof Expr.Ref || x instanceof Expr.InstRef;
    }

    /** The slot a one-bit signal's value is copied from, through every copy: where a clock really comes from. */
    private int clockSource(int slot) {
        int root = slot;
        for (int n = 0; copyOf.containsKey(root); n++) {
            if (n > copyOf.size()) {
                throw new IllegalArgumentException("cannot simulate: combinational loop through one-bit wires that copy each other");
            }
            root = copyOf.get(root);
        }
        return root;
    }

    /** One instance of a module definition in the flattened hierarchy. */
    public final class Scope {
        public final ModuleDef def;
        /** The hierarchical prefix of its names: empty for the top, else {@code a.b.}. */
        public final String path;
        private final Map<Signal, Integer> slot = new IdentityHashMap<>();
        private final Map<String, Signal> portByName = new HashMap<>();
        private final Map<Instance, Scope> childOf = new IdentityHashMap<>();
        private final List<Scope> children = new ArrayList<>();
        private final Map<Memory, Integer> mem = new IdentityHashMap<>();
        private Map<Expr, Integer> uses;

        Scope(ModuleDef def, String path) {
            this.def = def;
            this.path = path;
            for (Signal s : def.signals()) {
                slot.put(s, allocate.applyAsInt(s.width()));
                if (s.isPort()) {
                    portByName.put(s.name(), s);
                }
            }
            for (Memory m : def.memories()) {
                mem.put(m, memories.size());
                memories.add(new Mem(path + m.name(), m));
            }
            for (Instance i : def.instances()) {
                if (i.definition().isExternal()) {
                    external.accept(path + i.name(), i.definition());
                }
                Scope c = new Scope(i.definition(), path + i.name() + ".");
                childOf.put(i, c);
                children.add(c);
            }
        }

        /** The slot of one of its signals. */
        public int signal(Signal s) {
            Integer k = slot.get(s);
            if (k == null) {
                throw new IllegalArgumentException("cannot simulate: signal " + s.name() + " is not declared in module " + def.name());
            }
            return k;
        }

        /** One of its ports by name, null when it has none of that name. */
        public Signal port(String name) { return portByName.get(name); }

        /** The slot of a port of one of its children. */
        public int instancePort(Instance i, Signal port) {
            Scope c = childOf.get(i);
            if (c == null) {
                throw new IllegalArgumentException("cannot simulate: instance " + i.name() + " is not declared in module " + def.name());
            }
            Signal p = c.portByName.get(port.name());
            if (p == null) {
                throw new IllegalArgumentException("cannot simulate: no port " + port.name() + " on " + c.def.name());
            }
            return c.slot.get(p);
        }

        /** The slot of a signal or a child's port ({@link #isRef}). */
        public int slot(Expr ref) {
            if (ref instanceof Expr.Ref) {
                return signal(((Expr.Ref) ref).signal());
            }
            Expr.InstRef r = (Expr.InstRef) ref;
            return instancePort(r.instance(), r.port());
        }

        /** The hierarchical name of a connect's sink, refusing a sink that is not a signal or a child's port. */
        public String sinkName(Expr sink) {
            if (!isRef(sink)) {
                throw new IllegalArgumentException("cannot simulate a connect to " + sink + " in " + def.name());
            }
            return path + Exprs.describe(sink);
        }

        /** The index of one of its memories in {@link InstanceTree#memories}. */
        public int memory(Memory m) { return mem.get(m); }

        /**
         * The domain of a clock's rising edges, the top's clock for a register or memory built
         * without one; {@code what} names the clocked thing in the error for any other clock.
         */
        public int clockDomain(Expr clock, String what) {
            if (clock == null) {
                if (mainDomain < 0) {
                    throw new IllegalArgumentException("cannot simulate " + what + ": it has no clock and the top module has none");
                }
                return mainDomain;
            }
            if (!isRef(clock) || clock.width() != 1) {
                throw new IllegalArgumentException("cannot simulate " + what + ": its clock " + clock + " is not a 1-bit signal");
            }
            return domain(slot(clock), false);
        }

        /**
         * The domain of the asserting edges of a register's asynchronous reset (its signal rising,
         * or falling when active low), -1 for a register without one.
         */
        public int asyncResetDomain(Signal register) {
            if (register.reset() == null || !register.asyncReset()) {
                return -1;
            }
            return domain(signal(Signal.resetSignal(register.reset())), Signal.resetActiveLow(register.reset()));
        }

        /** Its name as a property failure reports it: empty for the top, else {@code a.b}. */
        public String instanceName() { return path.isEmpty() ? "" : path.substring(0, path.length() - 1); }

        /**
         * How many parents reference each expression of the module (the IR shares
         * subexpressions): one used twice or more is worth computing once into a slot of its own.
         */
        public Map<Expr, Integer> uses() {
            if (uses == null) {
                uses = countUses(def);
            }
            return uses;
        }
    }

    private static Map<Expr, Integer> countUses(ModuleDef def) {
        Map<Expr, Integer> uses = new IdentityHashMap<>();
        List<Expr> roots = new ArrayList<>();
        for (Stmt st : def.body()) {
            if (st instanceof Stmt.Connect) {
                roots.add(((Stmt.Connect) st).source());
            } else if (st instanceof Stmt.MemWrite || st instanceof Stmt.Print) {
                roots.addAll(Exprs.exprsOf(st));
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
            if (x != null && uses.merge(x, 1, Integer::sum) == 1) {
                work.push(x);
            }
        }
        while (!work.isEmpty()) {
            for (Expr k : Exprs.children(work.pop())) {
                if (uses.merge(k, 1, Integer::sum) == 1) {
                    work.push(k);
                }
            }
        }
        return Collections.unmodifiableMap(uses);
    }
}
