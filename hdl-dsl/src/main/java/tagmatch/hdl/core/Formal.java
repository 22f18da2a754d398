package tagmatch.hdl.core;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Properties in the DSL, for {@code import static tagmatch.hdl.core.Formal.*}: {@code Assert},
 * {@code Assume} and {@code Cover} (capitalized as in Amaranth, since {@code assert} is a Java
 * keyword) and the helpers a property needs: {@code past}, {@code rose}, {@code fell},
 * {@code stable} and {@code initial}.
 *
 * <p>A property is clocked by the module's clock and, like Chisel's, is not checked while the
 * module's reset is high; inside a {@code when} it is checked only when the condition holds. A
 * module without clock gets immediate (combinational) checks. Everything a property adds (its
 * wires, {@code past} registers, logic built in {@link #only}) is formal-only: the Verilog
 * backend puts it under {@code ifdef FORMAL}, so the default output is unchanged; the Java
 * interpreter and Verilator (which defines {@code FORMAL}) check the properties in simulation,
 * and {@code tagmatch prove} proves them with yosys-smtbmc.
 */
public final class Formal {
    private Formal() {}

    /** Per module: the register that is 0 in the first cycle after reset and 1 after that. */
    private static final Map<ModuleDef, Bool> PAST_VALID = new WeakHashMap<>();

    /** {@code cond} holds in every checked cycle. */
    public static void Assert(Bool cond, String message) {
        check(Check.Kind.ASSERT, cond, message);
    }

    /** Restricts the proof to behaviours where {@code cond} holds (an environment rule, e.g. no pop when empty). */
    public static void Assume(Bool cond, String message) {
        check(Check.Kind.ASSUME, cond, message);
    }

    /** {@code cond} is reachable: the prover must find a trace where it holds. */
    public static void Cover(Bool cond, String message) {
        check(Check.Kind.COVER, cond, message);
    }

    /** The value {@code x} had one cycle ago (0 in the first cycle). */
    public static <T extends Bits> T past(T x) {
        return past(x, 1);
    }

    /** The value {@code x} had {@code cycles} cycles ago (0 before the first cycle). */
    @SuppressWarnings("unchecked")
    public static <T extends Bits> T past(T x, int cycles) {
        if (cycles < 1) throw new HdlException("past needs at least 1 cycle, got " + cycles, Builder.here());
        T v = x;
        for (int i = 0; i < cycles; i++) {
            T r = Hdl.reg((T) v.freshType());
            r.signal.name("past", false);
            always(r, v);
            formal(r);
            v = r;
        }
        return v;
    }

    /** {@code x} is 1 now and was 0 a cycle ago. */
    public static Bool rose(Bool x) {
        return x.and(past(x).not());
    }

    /** {@code x} is 0 now and was 1 a cycle ago. */
    public static Bool fell(Bool x) {
        return x.not().and(past(x));
    }

    /** {@code x} has the value it had a cycle ago. */
    public static Bool stable(Bits x) {
        return x.eq(past(x));
    }

    /**
     * 1 in the first cycle after reset (or after power-up, in a module without reset): the cycle
     * in which {@code past} has no history yet. Guard properties over {@code past} with its negation.
     */
    public static Bool initial() {
        Builder.Frame f = Builder.frame();
        Bool valid = PAST_VALID.get(f.def);
        if (valid == null) {
            boolean hasReset = f.resetOverride != null || f.def.reset() != null;
            valid = hasReset ? Hdl.regInit(Bool(), 0) : Hdl.reg(Bool());
            always(valid, Bool.lit(true));
            formal(valid);
            valid.signal.name("past_valid", false);
            PAST_VALID.put(f.def, valid);
        }
        return valid.not();
    }

    /**
     * Describes logic that exists only for properties (a shadow counter, a scoreboard): every
     * wire and register {@code body} declares is formal-only, emitted under {@code ifdef FORMAL}.
     */
    public static void only(Runnable body) {
        ModuleDef def = Builder.frame().def;
        int before = def.locals().size();
        body.run();
        List<Signal> locals = def.locals();
        for (int i = before; i < locals.size(); i++) def.markFormal(locals.get(i));
    }

    /**
     * Drives {@code r} from {@code v} in the module's top block: a {@code past} register inside a
     * {@code when} still samples every cycle.
     */
    private static void always(Bits r, Bits v) {
        Builder.frame().def.body().add(new Stmt.Connect(r.ref(), v.ref(), Builder.here()));
    }

    /**
     * The port {@code name} of the instance {@code child}, as a value of the module being described:
     * read it (an output) or drive it (an input). For properties over a block whose ports are not
     * fields, such as a generator that declares them as locals.
     */
    public static UInt portOf(Module child, String name) {
        for (Signal s : child.def.portSignals()) {
            if (name.equals(s.name())) {
                UInt u = new UInt(s.width());
                u.bind(s, child);
                return u;
            }
        }
        throw new HdlException("module " + child.def.name() + " has no port " + name, Builder.here());
    }

    /**
     * A signal inside the instance {@code child}, read by the properties of the module being
     * described: {@code path} names instances below {@code child} and ends with a signal (a
     * register, wire or port), e.g. {@code "block_0.cell_1.v"}. Verilog has no hierarchical
     * references yosys reads, so the value is brought up as an output port {@code probe_*} at
     * each level; probe the same path twice and the port is shared. The ports are real ports of
     * the definitions in this elaboration, which is why probes belong in a property module built
     * for a proof, never in a design that is emitted for synthesis.
     */
    public static UInt probe(Module child, String path) {
        Locator here = Builder.here();
        String[] parts = path.split("\\.");
        java.util.List<Instance> chain = new java.util.ArrayList<>();
        ModuleDef def = child.def;
        for (int i = 0; i < parts.length - 1; i++) {
            Instance next = null;
            for (Instance in : def.instances()) if (parts[i].equals(in.name())) next = in;
            if (next == null)
                throw new HdlException("cannot probe " + path + ": module " + def.name() + " has no instance " + parts[i]
                        + "; its instances are " + def.instances().stream().map(Instance::name).toList(), here);
            chain.add(next);
            def = next.definition();
        }
        String leaf = parts[parts.length - 1];
        Signal target = null;
        for (Signal s : def.signals()) if (leaf.equals(s.name())) target = s;
        if (target == null)
            throw new HdlException("cannot probe " + path + ": module " + def.name() + " has no signal " + leaf, here);
        if (target.width() < 1)
            throw new HdlException("cannot probe " + path + ": its width is inferred; declare it with a type", here);
        // From the signal's module up to child: each level exports what the level below exports.
        Expr source = new Expr.Ref(target);
        Signal exported = target;
        for (int level = chain.size(); level >= 0; level--) {
            ModuleDef owner = level == 0 ? child.def : chain.get(level - 1).definition();
            if (!(level == chain.size() && target.isPort() && target.kind() == Signal.Kind.OUTPUT)) {
                String name = "probe_" + String.join("_", java.util.Arrays.copyOfRange(parts, level, parts.length));
                Signal port = null;
                for (Signal s : owner.portSignals()) if (s.name().equals(name)) port = s;
                if (port == null) {
                    port = owner.addPort(name, tagmatch.hdl.ir.Direction.OUT, target.width(), target.signed(), here);
                    port.name(name, true);
                    owner.body().add(new Stmt.Connect(new Expr.Ref(port), source, here));
                }
                exported = port;
            }
            if (level > 0) source = new Expr.InstRef(chain.get(level - 1), exported);
        }
        UInt u = new UInt(target.width());
        u.bind(exported, child);
        return u;
    }

    private static Bool Bool() {
        return new Bool();
    }

    private static void formal(Bits b) {
        Builder.frame().def.markFormal(b.signal);
    }

    private static void check(Check.Kind kind, Bool cond, String message) {
        Locator here = Builder.here();
        if (message == null || message.isBlank() || message.chars().anyMatch(c -> c < 0x20 || c == '"' || c == '\\'))
            throw new HdlException("a property needs a one-line message without quotes or backslashes, got "
                    + (message == null ? "null" : "\"" + message + "\""), here);
        Builder.Frame f = Builder.frame();
        Expr predicate = cond.ref();
        boolean clocked = f.clockOverride != null || f.def.clock() != null;
        Bool en = Hdl.wire(Bool());
        Bool p = Hdl.wire(Bool());
        en.signal.name(kind.keyword + "_en", false);
        p.signal.name(kind.keyword + "_cond", false);
        formal(en);
        formal(p);
        // Off by default (first in the body, so any path's connect wins), on where this statement is.
        f.def.body().add(0, new Stmt.Connect(en.ref(), Expr.Lit.of(0, 1), here));
        boolean hasReset = f.resetOverride != null || f.def.reset() != null;
        Expr active = clocked && hasReset ? new Expr.Op(PrimOp.NOT, List.of(f.reset()), 0, 0, here) : Expr.Lit.of(1, 1);
        f.add(new Stmt.Connect(en.ref(), active, here));
        f.def.body().add(new Stmt.Connect(p.ref(), predicate, here));
        f.def.addCheck(new Check(kind, clocked ? f.clock() : null, en.signal, p.signal, message, here));
    }
}
