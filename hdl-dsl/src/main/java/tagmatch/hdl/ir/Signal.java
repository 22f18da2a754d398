package tagmatch.hdl.ir;

/**
 * A named ground signal of one module: a port, wire or register. Identity matters (two signals
 * with the same name are different until name legalization proves otherwise), so this is a
 * class, not a record. Width -1 means "to be inferred".
 */
public final class Signal extends Named {
    /** What kind of storage or connection the signal is. */
    public enum Kind { INPUT, OUTPUT, WIRE, REG }

    private final Kind kind;
    private int width;
    private final boolean signed;
    private final ModuleDef owner;
    /** Registers only: value loaded while reset is high, or null for a register without reset. */
    private Expr resetValue;
    /** Registers only: the clock (a 1-bit signal reference) and the reset condition, or null. */
    private Expr clock;
    private Expr reset;
    /** Registers only: the reset acts at once (Verilog: in the sensitivity list), not at the clock edge. */
    private boolean asyncReset;
    /** Synthesis attributes, written {@code (* key = "value" *)} before the declaration. */
    private final java.util.Map<String, String> attributes = new java.util.LinkedHashMap<>();
    /** Kept on purpose: never removed as dead logic. */
    private boolean kept;
    /** Registers only: samples a value of another clock domain on purpose. */
    private boolean crossesClockDomain;

    Signal(ModuleDef owner, Kind kind, String name, int width, boolean signed, Locator locator) {
        super(name, locator);
        this.owner = owner;
        this.kind = kind;
        this.width = width;
        this.signed = signed;
    }

    public Kind kind() { return kind; }
    public int width() { return width; }
    public boolean signed() { return signed; }
    public ModuleDef owner() { return owner; }
    public Expr resetValue() { return resetValue; }
    public Expr clock() { return clock; }
    public Expr reset() { return reset; }

    /**
     * Whether the reset is asynchronous. Its condition is then a signal ({@link Expr.Ref}, active
     * high) or the inverse of one ({@code NOT} of a Ref, active low), so that the backend can
     * put the signal in a sensitivity list and simulators can watch it.
     */
    public boolean asyncReset() { return asyncReset; }

    public void asyncReset(boolean async) { this.asyncReset = async; }

    /** The signal an asynchronous reset condition watches ({@code rst} in {@code rst} or {@code !rst}). */
    public static Signal resetSignal(Expr condition) {
        if (condition instanceof Expr.Ref r) return r.signal();
        if (condition instanceof Expr.Op op && op.op == PrimOp.NOT && op.args.get(0) instanceof Expr.Ref r) return r.signal();
        throw new IllegalArgumentException("an asynchronous reset must be a signal or its inverse, got " + condition);
    }

    /** Whether an asynchronous reset condition is active low ({@code !rst_n}). */
    public static boolean resetActiveLow(Expr condition) {
        return condition instanceof Expr.Op;
    }

    public java.util.Map<String, String> attributes() { return java.util.Collections.unmodifiableMap(attributes); }

    public void attribute(String key, String value) { attributes.put(key, value); }

    /** Whether the signal stays even when nothing reads it (see {@code DeadLogicRemoval}). */
    public boolean kept() { return kept; }

    public void keep() { kept = true; }

    /** Whether the register samples another clock domain on purpose (see {@code CheckClockCrossings}). */
    public boolean crossesClockDomain() { return crossesClockDomain; }

    public void crossClockDomain() { crossesClockDomain = true; }

    public boolean isPort() { return kind == Kind.INPUT || kind == Kind.OUTPUT; }

    public void width(int w) { this.width = w; }


    /** Sets (or, in a pass, rewrites) a register's clock, reset condition and reset value. */
    public void registerTiming(Expr clock, Expr reset, Expr resetValue) {
        this.clock = clock;
        this.reset = reset;
        this.resetValue = resetValue;
    }

    @Override
    public String toString() {
        return name();
    }
}
