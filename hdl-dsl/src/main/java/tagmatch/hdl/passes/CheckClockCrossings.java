package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Refuses a value of one clock domain read by a register or a memory write of another without a
 * synchronizer. A domain is the clock a register is clocked by, followed through wires and, from
 * the parent, through the child's clock ports; a value's domains are those of the registers it is
 * computed from combinationally, across instance ports in both directions (a child reports, per
 * output, the domains and inputs it comes from, and per input, the domains that sample it).
 *
 * <p>A register that samples another domain on purpose is marked: the first flip-flop of a
 * {@code Synchronizer} (and so of an {@code AsyncFifo}'s pointer synchronizers) carries the
 * {@code async_reg} attribute, and the user marks one with {@code crossClockDomain()}, or a
 * whole module that models asynchronous behaviour on purpose with {@code allowClockCrossings()}. Memory
 * contents are not traced: a memory written in one domain and read in another (a dual-clock RAM)
 * is not a crossing; its address, data and enable are.
 */
public final class CheckClockCrossings implements Pass {
    /** Where a value's bits come from: a register of {@code domain}, or an input of the module. */
    private record Origin(Object domain, boolean input, String what, Locator where) {}

    /** The key of an input among a value's origins (a clock input may also be a domain). */
    private record InKey(Signal input) {}

    /** What a parent needs of a child: per output its origins, per input the domains that sample it. */
    private record Summary(Map<Signal, Map<Object, Origin>> outputs, Map<Signal, Map<Object, Origin>> inputs) {}

    @Override
    public void run(Circuit c) {
        Map<ModuleDef, Summary> done = new IdentityHashMap<>();
        for (ModuleDef m : c.modules()) done.put(m, m.isExternal() ? external(m) : new ModuleCheck(m, done).run());
    }

    private static Summary external(ModuleDef m) {
        Map<Signal, Map<Object, Origin>> outs = new IdentityHashMap<>();
        for (Map.Entry<Signal, Set<Signal>> e : m.combinationalPaths().entrySet()) {
            Map<Object, Origin> o = new LinkedHashMap<>();
            for (Signal in : e.getValue()) o.put(new InKey(in), new Origin(in, true, "input " + in.name(), in.locator()));
            outs.put(e.getKey(), o);
        }
        return new Summary(outs, Map.of());
    }

    /** One module's check, with its children's summaries at hand. */
    private static final class ModuleCheck {
        private final ModuleDef m;
        private final Map<ModuleDef, Summary> children;
        private final Map<Signal, Stmt.Connect> drivers = new IdentityHashMap<>();
        private final Map<Expr, Expr> pinDrivers = new HashMap<>();
        private final Map<Expr, Map<Object, Origin>> memo = new IdentityHashMap<>();
        private final Map<Signal, Map<Object, Origin>> bySignal = new IdentityHashMap<>();
        private final Map<Signal, Map<Object, Origin>> sampledInputs = new IdentityHashMap<>();

        ModuleCheck(ModuleDef m, Map<ModuleDef, Summary> children) {
            this.m = m;
            this.children = children;
            for (Stmt s : m.body())
                if (s instanceof Stmt.Connect k) {
                    if (k.sink() instanceof Expr.Ref r) drivers.put(r.signal(), k);
                    else pinDrivers.put(k.sink(), k.source());
                }
        }

        Summary run() {
            for (Signal r : m.locals()) {
                if (r.kind() != Signal.Kind.REG || r.clock() == null || marked(r)) continue;
                Stmt.Connect k = drivers.get(r);
                if (k == null) continue;
                String reader = "register " + r.name();
                sampled(domain(r.clock()), origins(k.source()), reader, k.locators().isEmpty() ? r.locator() : k.locators().get(0));
            }
            for (Stmt s : m.body())
                if (s instanceof Stmt.MemWrite w && w.memory().clock() != null)
                    for (Expr x : List.of(w.address(), w.data(), w.enable(), w.mask()))
                        sampled(domain(w.memory().clock()), origins(x), "the write of memory " + w.memory().name(), w.locator());
            for (Instance i : m.instances()) {
                Summary child = children.get(i.definition());
                for (Map.Entry<Signal, Map<Object, Origin>> pin : child.inputs().entrySet()) {
                    Expr driver = pinDrivers.get(new Expr.InstRef(i, pin.getKey()));
                    if (driver == null) continue;
                    for (Origin sampler : pin.getValue().values())
                        sampled(childDomain(i, sampler.domain()), origins(driver), sampler.what() + " of " + i.name()
                                + " (input " + pin.getKey().name() + ")", sampler.where());
                }
            }
            Map<Signal, Map<Object, Origin>> outs = new IdentityHashMap<>();
            for (Signal p : m.portSignals()) if (p.kind() == Signal.Kind.OUTPUT) outs.put(p, ofSignal(p));
            return new Summary(outs, sampledInputs);
        }

        private static boolean marked(Signal r) {
            return r.crossesClockDomain() || "true".equals(r.attributes().get("async_reg"));
        }

        /** A reader of domain {@code d} samples values from {@code from}: foreign registers are an error, inputs go up. */
        private void sampled(Object d, Map<Object, Origin> from, String reader, Locator where) {
            if (m.crossingsAllowed()) return;
            for (Origin o : from.values()) {
                if (o.input()) {
                    Signal in = (Signal) o.domain();
                    sampledInputs.computeIfAbsent(in, k -> new LinkedHashMap<>()).putIfAbsent(d, new Origin(d, false, reader, where));
                } else if (!o.domain().equals(d)) {
                    throw new HdlException("clock-domain crossing in module " + m.name() + ": " + reader + " of clock "
                            + name(d) + " reads " + o.what() + " of clock " + name(o.domain()) + " (described at " + o.where()
                            + ") without a synchronizer: bring it through a Synchronizer or an AsyncFifo, or mark the"
                            + " reading register with crossClockDomain() if the crossing is safe by design", where);
                }
            }
        }

        private static String name(Object domain) {
            return domain instanceof Signal s ? s.name() : String.valueOf(domain);
        }

        /** The domain of a clock expression: the signal it is, through wires that copy another. */
        private Object domain(Expr clock) {
            Expr x = clock;
            for (int guard = 0; guard < 64; guard++) {
                if (x instanceof Expr.Ref r && r.signal().kind() == Signal.Kind.WIRE && drivers.containsKey(r.signal()))
                    x = drivers.get(r.signal()).source();
                else if (x instanceof Expr.InstRef p) {
                    Expr down = pinDrivers.get(p);
                    if (down == null) return p.instance().name() + "." + p.port().name();
                    x = down;
                } else break;
            }
            return x instanceof Expr.Ref r ? r.signal() : x;
        }

        /** A child's domain seen from here: its clock input is what drives that pin. */
        private Object childDomain(Instance i, Object d) {
            if (d instanceof Signal s && s.kind() == Signal.Kind.INPUT) {
                Expr driver = pinDrivers.get(new Expr.InstRef(i, s));
                if (driver != null) return domain(driver);
            }
            return i.name() + "." + name(d);
        }

        private Map<Object, Origin> ofSignal(Signal s) {
            Map<Object, Origin> known = bySignal.get(s);
            if (known != null) return known;
            Map<Object, Origin> out = new LinkedHashMap<>();
            bySignal.put(s, out);
            if (s.kind() == Signal.Kind.INPUT) {
                out.put(new InKey(s), new Origin(s, true, "input " + s.name(), s.locator()));
            } else if (s.kind() == Signal.Kind.REG) {
                if (s.clock() != null) {
                    Object d = domain(s.clock());
                    out.put(d, new Origin(d, false, "register " + s.name(), s.locator()));
                }
            } else {
                Stmt.Connect k = drivers.get(s);
                if (k != null) out.putAll(origins(k.source()));
            }
            return out;
        }

        private Map<Object, Origin> origins(Expr e) {
            Map<Object, Origin> known = memo.get(e);
            if (known != null) return known;
            Map<Object, Origin> out = e.accept(new Expr.Visitor<>() {
                public Map<Object, Origin> ref(Expr.Ref x) { return ofSignal(x.signal()); }
                public Map<Object, Origin> instRef(Expr.InstRef x) { return ofPin(x); }
                public Map<Object, Origin> lit(Expr.Lit x) { return Map.of(); }
                public Map<Object, Origin> op(Expr.Op x) { return union(x.args); }
                public Map<Object, Origin> mux(Expr.Mux x) { return union(List.of(x.cond(), x.whenTrue(), x.whenFalse())); }
                public Map<Object, Origin> caseOf(Expr.Case x) {
                    List<Expr> all = new java.util.ArrayList<>(x.values());
                    all.add(x.selector());
                    all.add(x.otherwise());
                    return union(all);
                }
                public Map<Object, Origin> memRead(Expr.MemRead x) { return origins(x.address()); }
                public Map<Object, Origin> invalid(Expr.Invalid x) { return Map.of(); }
            });
            memo.put(e, out);
            return out;
        }

        private Map<Object, Origin> union(List<Expr> parts) {
            if (parts.size() == 1) return origins(parts.get(0));
            Map<Object, Origin> out = new LinkedHashMap<>();
            for (Expr p : parts) origins(p).forEach(out::putIfAbsent);
            return out;
        }

        /** A child's output: its registers' domains seen from here, its inputs replaced by what drives them. */
        private Map<Object, Origin> ofPin(Expr.InstRef pin) {
            Map<Object, Origin> from = children.get(pin.instance().definition()).outputs().get(pin.port());
            if (from == null) return Map.of();
            Map<Object, Origin> out = new LinkedHashMap<>();
            for (Origin o : from.values()) {
                if (o.input()) {
                    Signal in = (Signal) o.domain();
                    Expr driver = pinDrivers.get(new Expr.InstRef(pin.instance(), in));
                    if (driver != null) origins(driver).forEach(out::putIfAbsent);
                } else {
                    Object d = childDomain(pin.instance(), o.domain());
                    out.putIfAbsent(d, new Origin(d, false, o.what() + " of " + pin.instance().name(), o.where()));
                }
            }
            return out;
        }
    }
}
