package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The DSL's vocabulary, meant for {@code import static tagmatch.hdl.core.Hdl.*}: types
 * ({@code UInt(8)}, {@code Bool()}, {@code Vec(4, () -> UInt(8))}), literals, wires, registers,
 * memories, instances, {@code when}/{@code switchOn}, {@code mux} and {@code cat}.
 */
public final class Hdl {
    private Hdl() {}

    // ---- types ---------------------------------------------------------------------------------

    /** An unsigned type of {@code width} bits. */
    public static UInt UInt(int width) { return new UInt(width); }
    /** An unsigned type whose width is inferred from what drives it. */
    public static UInt UInt() { return new UInt(-1); }
    public static SInt SInt(int width) { return new SInt(width); }
    public static Bool Bool() { return new Bool(); }
    public static <T extends Data> Vec<T> Vec(int size, Supplier<T> element) { return new Vec<>(size, element); }
    /** A hardware type whose values are the constants of a Java enum, binary coded (see {@link HwEnum}). */
    public static <E extends Enum<E>> HwEnum<E> Enum(Class<E> type) { return new HwEnum<>(type, HwEnum.Encoding.BINARY); }
    public static <E extends Enum<E>> HwEnum<E> Enum(Class<E> type, HwEnum.Encoding encoding) { return new HwEnum<>(type, encoding); }

    // ---- literals ------------------------------------------------------------------------------

    public static UInt lit(long value, int width) { return UInt.lit(value, width); }
    public static UInt lit(long value) { return UInt.lit(value); }
    public static SInt slit(long value, int width) { return SInt.lit(value, width); }
    public static Bool lit(boolean value) { return Bool.lit(value); }
    public static Bool TRUE() { return Bool.lit(true); }

    /** A named constant (a state of a state machine): emitted as a {@code localparam} and used by name. */
    public static UInt state(String name, long value, int width) {
        UInt l = UInt.lit(value, width);
        return new UInt(new Expr.Lit(((Expr.Lit) l.ref()).value(), width, false, name));
    }
    public static Bool FALSE() { return Bool.lit(false); }

    // ---- storage and wiring --------------------------------------------------------------------

    /** Combinational hardware of the given type; must be driven on every path. */
    public static <T extends Data> T wire(T type) {
        Builder.Frame f = Builder.frame();
        for (Bits b : type.leaves()) b.bind(f.def.addLocal(Signal.Kind.WIRE, null, b.width(), b.signed(), Builder.here()), f.module);
        return type;
    }

    public static <T extends Data> T wire(String name, T type) {
        return wire(type).named(name);
    }

    /** A wire driven by {@code value}, handy to give an expression a name. */
    public static <T extends Data> T wireOf(String name, T value) {
        T w = wire(name, typeOf(value));
        w.set(value);
        return w;
    }

    /**
     * A fresh, unbound type like {@code value}'s (same class, fields and widths), for declaring
     * more hardware of that type: {@code reg(typeOf(in.bits))}. Chisel's {@code chiselTypeOf}.
     */
    @SuppressWarnings("unchecked")
    public static <T extends Data> T typeOf(T value) {
        return (T) value.freshType();
    }

    /** A register without reset: holds its value unless connected. */
    public static <T extends Data> T reg(T type) {
        return register(type, null);
    }

    /** A ground register reset to {@code init}. */
    public static <T extends Bits> T regInit(T type, long init) {
        List<Expr> inits = new ArrayList<>();
        inits.add(type.literalLike(init).ref());
        return register(type, inits);
    }

    /**
     * A register of any type reset to {@code init}, whose every leaf must be a literal: a literal,
     * a named state or enum value, or {@code type.fromBits(lit(...))} for an aggregate.
     */
    public static <T extends Data> T regInit(T type, Data init) {
        if (!Data.sameShape(type, init))
            throw new HdlException("reset value " + init.describe() + " does not have the shape of " + type.describe(), Builder.here());
        List<Expr> inits = new ArrayList<>();
        for (Bits b : init.leaves()) {
            if (!(b.value instanceof Expr.Lit))
                throw new HdlException("a reset value must be a literal, got " + b.describe(), Builder.here());
            inits.add(b.ref());
        }
        return register(type, inits);
    }

    /** An enum register reset to {@code init}. */
    public static <E extends Enum<E>> HwEnum<E> regInit(HwEnum<E> type, E init) {
        return regInit(type, type.lit(init));
    }

    /** A register of any type whose every leaf resets to 0. */
    public static <T extends Data> T regZero(T type) {
        List<Expr> inits = new ArrayList<>();
        for (Bits b : type.leaves()) inits.add(b.literalLike(0).ref());
        return register(type, inits);
    }

    /** A register of {@code next}'s type that takes {@code next} every cycle. */
    public static <T extends Data> T regNext(T next) {
        T r = reg(typeOf(next));
        r.set(next);
        return r;
    }

    /** A ground register that takes {@code next} every cycle and resets to {@code init}. */
    public static <T extends Bits> T regNext(T next, long init) {
        T r = regInit(typeOf(next), init);
        r.set(next);
        return r;
    }

    /** A register of any type that takes {@code next} every cycle and resets to the literal {@code init}. */
    public static <T extends Data> T regNext(T next, Data init) {
        T r = regInit(typeOf(next), init);
        r.set(next);
        return r;
    }

    /** A register of {@code next}'s type that takes {@code next} in cycles where {@code enable} is 1. */
    public static <T extends Data> T regEnable(T next, Bool enable) {
        T r = reg(typeOf(next));
        when(enable, () -> r.set(next));
        return r;
    }

    public static <T extends Bits> T regEnable(T next, long init, Bool enable) {
        T r = regInit(typeOf(next), init);
        when(enable, () -> r.set(next));
        return r;
    }

    public static <T extends Data> T regEnable(T next, Data init, Bool enable) {
        T r = regInit(typeOf(next), init);
        when(enable, () -> r.set(next));
        return r;
    }

    private static <T extends Data> T register(T type, List<Expr> inits) {
        Builder.Frame f = Builder.frame();
        List<Bits> leaves = type.leaves();
        for (int i = 0; i < leaves.size(); i++) {
            Bits b = leaves.get(i);
            if (b.width() < 1) throw new HdlException("registers need a known width: " + b.describe(), Builder.here());
            Signal s = f.def.addLocal(Signal.Kind.REG, null, b.width(), b.signed(), Builder.here());
            if (inits != null && f.domain != null && f.domain.reset == null)
                throw new HdlException("register " + b.describe() + " has a reset value but its clock domain (clock "
                        + f.domain.clock.describe() + ") has no reset: give the domain a reset, or use reg(...)", Builder.here());
            s.registerTiming(f.clock(), inits == null ? null : f.reset(), inits == null ? null : inits.get(i));
            s.asyncReset(inits != null && f.resetKind.async);
            b.bind(s, f.module);
        }
        return type;
    }

    /** A memory of {@code depth} words of {@code word}'s type (any {@link Data}: a bundle is stored as its bits). */
    public static <T extends Data> Mem<T> mem(int depth, T word) {
        return new Mem<>(depth, word);
    }

    /**
     * A read-only memory (ROM) holding {@code words}, one word each, of {@code word}'s type;
     * read it with {@link Mem#read} or {@link Mem#readSync}. A negative value is two's complement.
     */
    public static <T extends Data> Mem<T> rom(T word, long... words) {
        return romOf(words.length, word).init(words).readOnly();
    }

    /** {@link #rom(Data, long...)} for words wider than 64 bits. */
    public static <T extends Data> Mem<T> rom(T word, java.math.BigInteger[] words) {
        return romOf(words.length, word).init(words).readOnly();
    }

    /** A read-only memory of {@code depth} words loaded from a {@code $readmemh} file (see {@link Mem#initFile}). */
    public static <T extends Data> Mem<T> rom(int depth, T word, java.nio.file.Path hexFile) {
        return romOf(depth, word).initFile(hexFile).readOnly();
    }

    private static <T extends Data> Mem<T> romOf(int depth, T word) {
        if (depth < 1) throw new HdlException("a ROM needs at least one word, got " + depth, Builder.here());
        return new Mem<>(depth, word);
    }

    /** Instantiates a child module: {@code Fifo q = instance(new Fifo(8, 16));}. */
    public static <T extends Module> T instance(T child) {
        Builder b = Builder.active();
        b.pop(child);
        Elaborator.finish(child);
        Builder.Frame parent = Builder.frame();
        child.instance = place(parent, child.def);
        child.parentModule = parent.module;
        return child;
    }

    /** Names an instance explicitly (otherwise the Java field name, or the module name, is used). */
    public static <T extends Module> T instance(String name, T child) {
        T c = instance(child);
        c.instance.name(name, true);
        return c;
    }

    /** Places one more instance of a shared definition in the module being described. */
    public static <T extends Module> Instance<T> instance(Definition<T> definition) {
        if (definition.builder != Builder.active())
            throw new HdlException("a definition belongs to the elaboration that made it", Builder.here());
        Builder.Frame parent = Builder.frame();
        return new Instance<>(definition, place(parent, definition.module.def), parent.module);
    }

    /** {@link #instance(Definition)} with an explicit instance name. */
    public static <T extends Module> Instance<T> instance(String name, Definition<T> definition) {
        Instance<T> i = instance(definition);
        i.ir.name(name, true);
        return i;
    }

    /**
     * Adds an instance of {@code def} to {@code parent} with its clock and reset wired to the
     * domain in force: the reset signal as it is, or inverted where the child's implicit reset is
     * of the other polarity.
     */
    private static tagmatch.hdl.ir.Instance place(Builder.Frame parent, tagmatch.hdl.ir.ModuleDef def) {
        tagmatch.hdl.ir.Instance inst = new tagmatch.hdl.ir.Instance(null, def, Builder.here());
        parent.def.addInstance(inst);
        if (def.clock() != null)
            parent.add(new Stmt.Connect(new Expr.InstRef(inst, def.clock()), parent.clock(), inst.locator()));
        if (def.reset() != null) {
            Expr r = parent.resetSignal();
            if (def.resetActiveLow() != parent.resetKind.activeLow) r = new Expr.Op(PrimOp.NOT, List.of(r), 0, 0, inst.locator());
            parent.add(new Stmt.Connect(new Expr.InstRef(inst, def.reset()), r, inst.locator()));
        }
        return inst;
    }

    // ---- control -------------------------------------------------------------------------------

    public static When when(Bool cond, Runnable body) {
        return new When(cond, body);
    }

    public static Switch switchOn(Bits selector) {
        return new Switch(selector);
    }

    /**
     * Registers described in {@code body} use {@code reset} (synchronous, active high) instead of
     * the module's {@code rst}; children built in {@code body} inherit it.
     */
    public static void withReset(Bool reset, Runnable body) {
        Builder.Frame f = Builder.frame();
        Expr r = reset.ref();
        f.within(f.clockOverride, r, r, ResetKind.SYNC_HIGH, f.domain, body);
    }

    /**
     * The clock in force: the module's implicit {@code clk} (created on first use), or the clock of
     * the domain or {@code withClock} being described.
     */
    public static Bool clock() {
        return Builder.frame().clockValue();
    }

    /**
     * The reset signal in force, as it is (0 asserts an active-low one): the module's implicit
     * {@code rst} or {@code rst_n} (created on first use), or the reset of the domain being described.
     */
    public static Bool reset() {
        return Builder.frame().resetValue();
    }

    /** The reset kind in force: the module's implicit one, or the kind of the domain being described. */
    public static ResetKind resetKind() {
        return Builder.frame().resetKind;
    }

    /**
     * The domain in force as a value: {@code withDomain(currentDomain(), ...)} describes more in it,
     * from a nested domain for instance. Outside any domain it is the implicit clock and reset.
     */
    public static ClockDomain currentDomain() {
        Builder.Frame f = Builder.frame();
        if (f.domain != null) return f.domain;
        return new ClockDomain(f.clockValue(), f.resetValue(), f.resetKind);
    }

    /** A clock domain: {@code clock} (a port or wire), {@code reset} and how it acts (see {@link ClockDomain}). */
    public static ClockDomain domain(Bool clock, Bool reset, ResetKind kind) {
        if (reset == null || kind == null)
            throw new HdlException("domain(clock, reset, kind) needs a reset and its kind; use domain(clock) for none", Builder.here());
        return new ClockDomain(clock, reset, kind);
    }

    /** A clock domain without reset: its registers take no reset value. */
    public static ClockDomain domain(Bool clock) {
        return new ClockDomain(clock, null, null);
    }

    /** Describes {@code body} in {@code domain}: {@code domain.run(body)}. */
    public static void withDomain(ClockDomain domain, Runnable body) {
        domain.run(body);
    }


    /** Registers and memories described in {@code body} are clocked by {@code clock} (a port or wire). */
    public static void withClock(Bool clock, Runnable body) {
        if (clock.signal == null) throw new HdlException("a clock must be a port or a wire, not " + clock.describe(), Builder.here());
        Builder.Frame f = Builder.frame();
        Expr saved = f.clockOverride;
        f.clockOverride = clock.ref();
        try {
            body.run();
        } finally {
            f.clockOverride = saved;
        }
    }

    // ---- combinational helpers ----------------------------------------------------------------

    /**
     * {@code cond ? a : b}. Ground values: both of the same kind, the result as wide as the wider.
     * Aggregates: both of the same shape, the result a read-only value of {@code a}'s type, muxed
     * leaf by leaf.
     */
    @SuppressWarnings("unchecked")
    public static <T extends Data> T mux(Bool cond, T a, T b) {
        if (a instanceof Bits x && b instanceof Bits y) {
            x.sameKind(y, "mux");
            Bits kind = x instanceof Bool && !(y instanceof Bool) ? y : x;
            return (T) kind.wrap(new Expr.Mux(cond.ref(), x.ref(), y.ref(), Builder.here()));
        }
        if (!Data.sameShape(a, b) || a.getClass() != b.getClass())
            throw new HdlException("cannot mux " + a.describe() + " and " + b.describe() + ": they have different shapes",
                    Builder.here());
        T out = typeOf(a);
        List<Bits> la = a.leaves(), lb = b.leaves(), lo = out.leaves();
        Expr c = cond.ref();
        Locator here = Builder.here();
        for (int i = 0; i < lo.size(); i++) {
            la.get(i).sameKind(lb.get(i), "mux");
            lo.get(i).becomeValue(new Expr.Mux(c, la.get(i).ref(), lb.get(i).ref(), here));
        }
        return out;
    }

    /** Concatenation, first argument most significant. */
    public static UInt cat(Bits... parts) {
        if (parts.length == 0) throw new HdlException("cat needs at least one argument", Builder.here());
        if (parts.length == 1) return parts[0].asUInt();
        Expr[] exprs = new Expr[parts.length];
        for (int i = 0; i < parts.length; i++) exprs[i] = parts[i].ref();
        return new UInt(new Expr.Op(PrimOp.CAT, List.of(exprs), 0, 0, Builder.here()));
    }

    /** {@code n} copies of {@code bit} side by side. */
    public static UInt fill(int n, Bool bit) {
        Bits[] parts = new Bits[n];
        java.util.Arrays.fill(parts, bit);
        return cat(parts);
    }

    // ---- simulation output -----------------------------------------------------------------------

    /**
     * Prints {@code format} at each rising clock edge where {@code cond} is 1 (and the enclosing
     * {@code when}s hold), with the values just before the edge. Conversions: {@code %d} decimal,
     * {@code %x} or {@code %h} lower-case hexadecimal, {@code %b} binary, each in as few digits as
     * the value needs, of the value's bits (see {@link Data#asUInt()}), except that {@code %d} of
     * an {@link SInt} prints its signed value ({@code -5}), as {@code $display} does; {@code %%} is a
     * percent sign. No newline is added. Emitted as {@code $write}; the simulators print the same text.
     */
    public static void printf(Bool cond, String format, Data... args) {
        Builder.Frame f = Builder.frame();
        tagmatch.hdl.ir.PrintFormat parsed;
        try {
            parsed = tagmatch.hdl.ir.PrintFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new HdlException(e.getMessage(), Builder.here());
        }
        if (parsed.arguments() != args.length)
            throw new HdlException("printf format \"" + format + "\" has " + parsed.arguments() + " conversions but "
                    + args.length + " values were given", Builder.here());
        List<Expr> values = new ArrayList<>();
        boolean[] signed = new boolean[args.length];
        for (int i = 0; i < args.length; i++) {
            values.add(args[i].asUInt().ref());
            signed[i] = args[i] instanceof SInt;
        }
        Builder.add(new Stmt.Print(f.clock(), cond.ref(), parsed.withSigned(signed), values, Builder.here()));
    }
}
