package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Widths;

import java.math.BigInteger;
import java.util.List;

/**
 * A ground hardware value of some width: the common part of {@link UInt}, {@link SInt} and
 * {@link Bool}. Exactly one of three things makes it hardware: a bound signal (port, wire,
 * register), a value expression (operator result or literal), or a vector element selected by a
 * hardware index.
 */
public abstract class Bits extends Data {
    private final int declaredWidth;
    Signal signal;
    Module owner;
    /** Set on a port reached through an {@link Instance} of a shared {@link Definition}. */
    Instance<?> through;
    Expr value;
    DynamicElement dynamic;
    /** Storage behind this value (a registered read's registers) named after it when it is named. */
    java.util.function.BiConsumer<String, Boolean> onNamed;

    Bits(int width) {
        Widths.check(width, "a " + getClass().getSimpleName(), Locators.here());
        this.declaredWidth = width;
    }

    Bits(Expr value) {
        this.declaredWidth = value.width();
        this.value = value;
        Builder.Frame f = Builder.frameOrNull();
        this.owner = f == null ? null : f.module;
    }

    /** Whether arithmetic and comparisons treat this value as two's complement. */
    public abstract boolean signed();

    /** A value of the same kind (UInt, SInt, Bool) computed by {@code e}. */
    abstract Bits wrap(Expr e);

    @Override
    public int width() {
        if (signal != null) return signal.width();
        if (value != null) return value.width();
        if (dynamic != null) return dynamic.width();
        return declaredWidth;
    }

    /** True for wires, registers, ports, operator results and literals; false for a bare type. */
    @Override
    public boolean isHardware() {
        return signal != null || value != null || dynamic != null;
    }

    @Override
    public List<Bits> leaves() {
        return List.of(this);
    }

    @Override
    void collectFlips(boolean flip, List<Boolean> out) {
        out.add(flip);
    }

    /** Turns this fresh type into the read-only value computed by {@code e} (used by {@code fromBits} and {@code mux}). */
    void becomeValue(Expr e) {
        if (isHardware()) throw new AssertionError("already hardware: " + describe());
        value = e;
        Builder.Frame f = Builder.frameOrNull();
        owner = f == null ? null : f.module;
    }

    /**
     * Names this value. A signal takes the name; an operator result carries it as a hint, so the
     * backend declares it as {@code wire base} wherever it is first needed. A mux, a case (a
     * hardware-indexed {@code Vec} read) or a memory read has no place for a name in the IR, so it
     * becomes a wire of that name driven by the value, unconditionally (a value does not depend on
     * the enclosing {@code when}); so do the reads of a {@code Vec} element selected by a hardware
     * index, which stays writable. Literals and references to other signals become such a wire only
     * when named explicitly: a field holding a constant is not worth a wire.
     */
    @Override
    void nameAs(String base, boolean explicit) {
        if (onNamed != null) onNamed.accept(base, explicit);
        Naming.Way way = signal != null || value == null ? Naming.Way.NONE : value.accept(new Naming(explicit));
        if (signal != null) signal.name(base, explicit);
        else if (way == Naming.Way.HINT) {
            Expr.Op op = (Expr.Op) value;
            if (explicit || op.name() == null) op.name(base);
        } else if (way == Naming.Way.WIRE) {
            signal = wireFor(value, base, explicit);
            value = null;
        } else if (dynamic != null && explicit) {
            // An element selected by a hardware index stays writable; its reads go through the name.
            dynamic.nameRead(new Expr.Ref(wireFor(dynamic.read(), base, true)));
        }
    }

    /** How a value takes a name, by kind: as a hint an operator carries, as a wire it drives, or not at all. */
    private record Naming(boolean explicit) implements Expr.Visitor<Naming.Way> {
        enum Way { HINT, WIRE, NONE }

        @Override public Way op(Expr.Op x) { return Way.HINT; }
        @Override public Way mux(Expr.Mux x) { return Way.WIRE; }
        @Override public Way caseOf(Expr.Case x) { return Way.WIRE; }
        @Override public Way memRead(Expr.MemRead x) { return Way.WIRE; }
        @Override public Way ref(Expr.Ref x) { return explicit ? Way.WIRE : Way.NONE; }
        @Override public Way instRef(Expr.InstRef x) { return explicit ? Way.WIRE : Way.NONE; }
        @Override public Way lit(Expr.Lit x) { return explicit ? Way.WIRE : Way.NONE; }
        @Override public Way invalid(Expr.Invalid x) { return Way.NONE; }
    }

    /** A wire called {@code base} that {@code v} drives, in the module this value belongs to. */
    private Signal wireFor(Expr v, String base, boolean explicit) {
        Builder.Frame f = Builder.frameOrNull();
        ModuleDef def = owner != null ? owner.def : f != null ? f.def : null;
        if (def == null)
            throw new HdlException("cannot name " + describe() + " '" + base + "' outside a module: name it where it is used",
                    Locators.here());
        Locator loc = v instanceof Expr.Mux m && m.locator() != Locator.UNKNOWN ? m.locator()
                : v instanceof Expr.Case c && c.locator() != Locator.UNKNOWN ? c.locator() : Locators.here();
        Signal s = def.addLocal(Signal.Kind.WIRE, null, v.width(), v.signed(), loc);
        s.name(base, explicit);
        def.body().add(new tagmatch.hdl.ir.Stmt.Connect(new Expr.Ref(s), v, loc));
        return s;
    }

    /** The IR expression for this value as seen from the module being described now. */
    Expr ref() {
        if (signal != null) {
            Builder.Frame f = Builder.frameOrNull();
            if (through != null && f != null && f.module == through.parent)
                return new Expr.InstRef(through.ir, signal);
            if (through == null && f != null && owner != f.module && owner.parentModule == f.module && signal.isPort())
                return new Expr.InstRef(owner.instance, signal);
            // A foreign reference stays a plain Ref; the scope check reports it with both module names.
            return new Expr.Ref(signal);
        }
        if (value != null) return value;
        if (dynamic != null) return dynamic.read();
        throw new HdlException(describe() + " is a hardware type, not a value: wrap it in wire(...), reg(...) "
                + "or a port before using it", Locators.here());
    }

    /** Makes this fresh type the port {@code s} of one instance of a shared definition. */
    void bindThrough(Signal s, Instance<?> inst) {
        bind(s, inst.definition.module);
        through = inst;
    }

    void bind(Signal s, Module m) {
        if (isHardware())
            throw new HdlException(describe() + " is already hardware; pass a fresh type such as UInt(8) instead",
                    Locators.here());
        signal = s;
        owner = m;
    }

    /** Rejects a source this value cannot be driven from (another kind, another enum). */
    void checkAssignable(Bits source) {
        if (signed() != source.signed())
            throw new HdlException("cannot connect " + source.describe() + " to " + describe()
                    + ": convert with asUInt() or asSInt() first", Locators.here());
    }

    void setLeaf(Bits source) {
        checkAssignable(source);
        Expr src = source.ref();
        if (dynamic != null) {
            dynamic.write(src);
            return;
        }
        if (signal == null)
            throw new HdlException("cannot drive " + describe() + ": only wires, registers and ports can be driven, "
                    + "not the result of an operation or a literal", Locators.here());
        Builder.add(new tagmatch.hdl.ir.Stmt.Connect(ref(), src, Builder.here()));
    }

    /** Drives this wire, register or port with the constant {@code v}, sized to this width. */
    public void set(long v) {
        setLeaf(literalLike(v));
    }

    /** A literal of this value's kind holding {@code v}, as wide as this value when that is known. */
    abstract Bits literalLike(long v);

    // ---- operators shared by all ground kinds -------------------------------------------------

    Expr op(PrimOp op, int n, int m, Bits... args) {
        Expr[] exprs = new Expr[args.length];
        for (int i = 0; i < args.length; i++) exprs[i] = args[i].ref();
        return new Expr.Op(op, List.of(exprs), n, m, Builder.here());
    }

    void sameKind(Bits other, String what) {
        if (signed() != other.signed())
            throw new HdlException("cannot " + what + " " + describe() + " and " + other.describe()
                    + ": convert with asUInt() or asSInt() first", Locators.here());
    }

    /** Bit {@code i} (0 is least significant). */
    public Bool bit(int i) {
        checkRange(i, i);
        return new Bool(op(PrimOp.BITS, i, i, this));
    }

    /** Bits {@code hi} down to {@code lo}, inclusive, as an unsigned value. */
    public UInt bits(int hi, int lo) {
        checkRange(hi, lo);
        return new UInt(op(PrimOp.BITS, hi, lo, this));
    }

    private void checkRange(int hi, int lo) {
        int w = width();
        if (lo < 0 || hi < lo || (w >= 0 && hi >= w))
            throw new HdlException("bit range [" + hi + ":" + lo + "] is outside " + describe()
                    + ": legal bits are " + (w - 1) + " down to 0, with hi >= lo", Locators.here());
    }

    /** The most significant bit. */
    public Bool msb() {
        return bit(width() - 1);
    }

    public Bool andR() { return new Bool(op(PrimOp.ANDR, 0, 0, this)); }
    public Bool orR() { return new Bool(op(PrimOp.ORR, 0, 0, this)); }
    public Bool xorR() { return new Bool(op(PrimOp.XORR, 0, 0, this)); }

    /** The same bits, unsigned. */
    @Override
    public UInt asUInt() {
        return this instanceof UInt && !(this instanceof Bool) ? (UInt) this : new UInt(op(PrimOp.AS_UINT, 0, 0, this));
    }

    /** The same bits, two's complement. */
    public SInt asSInt() {
        return new SInt(op(PrimOp.AS_SINT, 0, 0, this));
    }

    public Bool eq(Bits o) { sameKind(o, "compare"); return new Bool(op(PrimOp.EQ, 0, 0, this, o)); }
    public Bool ne(Bits o) { sameKind(o, "compare"); return new Bool(op(PrimOp.NE, 0, 0, this, o)); }
    public Bool lt(Bits o) { sameKind(o, "compare"); return new Bool(op(PrimOp.LT, 0, 0, this, o)); }
    public Bool le(Bits o) { sameKind(o, "compare"); return new Bool(op(PrimOp.LE, 0, 0, this, o)); }
    public Bool gt(Bits o) { sameKind(o, "compare"); return new Bool(op(PrimOp.GT, 0, 0, this, o)); }
    public Bool ge(Bits o) { sameKind(o, "compare"); return new Bool(op(PrimOp.GE, 0, 0, this, o)); }

    public Bool eq(long v) { return eq(literalLike(v)); }
    public Bool ne(long v) { return ne(literalLike(v)); }
    public Bool lt(long v) { return lt(literalLike(v)); }
    public Bool le(long v) { return le(literalLike(v)); }
    public Bool gt(long v) { return gt(literalLike(v)); }
    public Bool ge(long v) { return ge(literalLike(v)); }

    @Override
    Data freshType() {
        throw new AssertionError("overridden");
    }

    static BigInteger mask(int width) {
        return BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
    }
}
