package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Widths;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * A hardware value of a Java enum type (Chisel's {@code ChiselEnum}, SpinalHDL's
 * {@code SpinalEnum}): the constants are its only values, each with a code given by the
 * {@link Encoding}. In the Verilog every constant used by a module is a {@code localparam} named
 * after it. Values compare only with the same enum ({@link #is}), drive only from the same enum,
 * and work as ports, wires, registers, {@code switchOn} selectors and bundle fields.
 *
 * <pre>{@code
 * enum Op { LOOKUP, INSERT, DELETE }
 * HwEnum<Op> op = input(Enum(Op.class));                 // a 2-bit port
 * HwEnum<Op> last = regInit(Enum(Op.class), Op.LOOKUP);  // reset to LOOKUP
 * when(op.is(Op.INSERT), () -> last.set(Op.INSERT));
 * switchOn(op).is(Op.LOOKUP, () -> ...).is(Op.DELETE, () -> ...).otherwise(() -> ...);
 * Op decoded = ...; UInt raw = op.asUInt(); HwEnum<Op> back = Enum(Op.class).fromBits(raw);
 * }</pre>
 */
public final class HwEnum<E extends Enum<E>> extends Bits {
    /** How constants are coded: {@code BINARY} is the ordinal in the fewest bits, {@code ONE_HOT} one bit per constant. */
    public enum Encoding { BINARY, ONE_HOT }

    private final Class<E> type;
    private final Encoding encoding;

    HwEnum(Class<E> type, Encoding encoding) {
        super(widthOf(type, encoding));
        this.type = type;
        this.encoding = encoding;
    }

    private HwEnum(Class<E> type, Encoding encoding, Expr value) {
        super(value);
        this.type = type;
        this.encoding = encoding;
    }

    private static <E extends Enum<E>> int widthOf(Class<E> type, Encoding encoding) {
        int n = constants(type).size();
        if (n == 0) throw new HdlException("enum " + type.getSimpleName() + " has no constants", Locators.here());
        return encoding == Encoding.ONE_HOT ? n : Widths.forCount(n);
    }

    private static <E extends Enum<E>> List<E> constants(Class<E> type) {
        return new ArrayList<>(EnumSet.allOf(type));
    }

    /** The Java enum this hardware type is made of. */
    public Class<E> enumClass() { return type; }

    public Encoding encoding() { return encoding; }

    /** The code of {@code constant} under this type's encoding. */
    public BigInteger code(E constant) {
        return encoding == Encoding.ONE_HOT ? BigInteger.ONE.shiftLeft(constant.ordinal()) : BigInteger.valueOf(constant.ordinal());
    }

    /** {@code constant} as a literal of this type, emitted as the {@code localparam} of that name. */
    public HwEnum<E> lit(E constant) {
        return new HwEnum<>(type, encoding, new Expr.Lit(code(constant), width(), false, constant.name()));
    }

    /**
     * 1 when this value is {@code constant}. A one-hot value is always one of its constants (it is
     * driven only from constants of its enum), so the test reads the constant's own bit, written
     * {@code |(state & CONSTANT)}: one flip-flop instead of a compare of every bit (SpinalHDL's
     * one-hot enums do the same), which keeps state decodes off a controller's critical paths.
     */
    public Bool is(E constant) {
        if (encoding == Encoding.ONE_HOT) return new UInt(ref()).and(new UInt(lit(constant).ref())).orR();
        return eq(lit(constant));
    }

    /** 1 when this value is any of {@code constants}. */
    @SafeVarargs
    public final Bool isOneOf(E... constants) {
        if (constants.length == 0) throw new HdlException("isOneOf needs at least one constant", Locators.here());
        Bool any = is(constants[0]);
        for (int i = 1; i < constants.length; i++) any = any.or(is(constants[i]));
        return any;
    }

    /** Drives this wire, register or port with {@code constant}. */
    public void set(E constant) {
        setLeaf(lit(constant));
    }

    @Override
    void checkAssignable(Bits source) {
        if (!sameEnum(source))
            throw new HdlException("cannot connect " + source.describe() + " to " + describe()
                    + ": drive an enum from the same enum, or convert bits with " + describe() + ".fromBits(...)", Locators.here());
    }

    private boolean sameEnum(Bits other) {
        return other instanceof HwEnum<?> h && h.type == type && h.encoding == encoding;
    }

    @Override
    public Bool eq(Bits o) {
        comparable(o);
        return super.eq(o);
    }

    @Override
    public Bool ne(Bits o) {
        comparable(o);
        return super.ne(o);
    }

    private void comparable(Bits o) {
        if (!sameEnum(o))
            throw new HdlException("cannot compare " + describe() + " with " + o.describe() + ": use is(...) with a constant of "
                    + type.getSimpleName(), Locators.here());
    }

    @Override
    public boolean signed() {
        return false;
    }

    @Override
    Bits wrap(Expr e) {
        return new HwEnum<>(type, encoding, e);
    }

    @Override
    Bits literalLike(long v) {
        throw new HdlException(describe() + " takes constants of " + type.getSimpleName() + ", not the number " + v, Locators.here());
    }

    @Override
    public String describe() {
        return type.getSimpleName() + (signal != null && signal.name() != null ? " '" + signal.name() + "'" : "");
    }

    @Override
    Data freshType() {
        return new HwEnum<>(type, encoding);
    }
}
