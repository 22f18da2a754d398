package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.PrimOp;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Any hardware type or value: ground ({@link UInt}, {@link SInt}, {@link Bool}) or aggregate
 * ({@link Bundle}, {@link Vec}). A freshly made instance is a <em>type</em>; {@code wire},
 * {@code reg}, ports and operators turn types into hardware.
 *
 * <p>Every type has one bit layout, used by {@link #asUInt()}, {@link #fromBits(UInt)} and
 * memories: a bundle's first field is most significant, a vector's element 0 least significant
 * (as in Chisel).
 */
public abstract class Data {
    /** Set on a bundle field declared with {@code flipped(...)}: it flows against the bundle. */
    boolean flipped;

    /**
     * Whether this value was declared as a {@code flipped} bundle field (it flows against the
     * bundle). Lets code outside the DSL derive port directions from a bundle type.
     */
    public final boolean isFlipped() {
        return flipped;
    }

    /** The ground leaves of this value, in declaration order (bundle fields first to last, vector elements 0 up). */
    public abstract List<Bits> leaves();

    /**
     * For each of {@link #leaves()}, whether it flows against this value's own direction: the XOR
     * of the {@code flipped} marks between this value and the leaf.
     */
    final List<Boolean> leafFlips() {
        List<Boolean> out = new ArrayList<>();
        collectFlips(false, out);
        return out;
    }

    abstract void collectFlips(boolean flip, List<Boolean> out);

    /** Total width of all leaves; -1 while a width is still to be inferred. */
    public int width() {
        int w = 0;
        for (Bits b : leaves()) {
            if (b.width() < 0) return -1;
            w += b.width();
        }
        return w;
    }

    /**
     * Names this hardware explicitly (Chisel's {@code suggestName}); wins over the Java field
     * name. Aggregates prefix their fields ({@code name_field}). Java cannot see local variable
     * names, so a value kept in a local and used more than once would otherwise be an anonymous
     * {@code _T} in the Verilog: name it where it is made.
     *
     * <pre>{@code
     * Bool pop  = outFree.and(stored.ne(0)).named("pop");        // wire pop; assign pop = ...;
     * UInt pick = mux(sel, a, b).named("pick");                   // muxes, Vec reads, memory reads too
     * Request r = new Request().fromBits(word).named("req");      // req_tag, req_wild
     * }</pre>
     *
     * Works on every kind of hardware: a port, wire or register takes the name; an operator result
     * is declared under it; a mux, a {@code Vec} element read with a hardware index, a memory read
     * or (named explicitly) a literal becomes a wire of that name. Taken names get a suffix
     * ({@code pop_1}); illegal characters and Verilog keywords are legalized.
     */
    /**
     * Adds a synthesis attribute to every signal of this value (a port, wire or register),
     * emitted as {@code (* key = "value" *)} on its declaration:
     * {@code regNext(x, 0).named("s0").attribute("async_reg", "true")}.
     */
    @SuppressWarnings("unchecked")
    public <T extends Data> T attribute(String key, String value) {
        Attributes.check(key, value, Locators.here());
        for (Bits b : leaves()) {
            if (b.signal == null)
                throw new HdlException("attributes go on ports, wires and registers, not on " + b.describe()
                        + ": give the value a wire with wireOf(name, value)", Locators.here());
            b.signal.attribute(key, value);
        }
        return (T) this;
    }

    /**
     * Keeps every signal of this value (a port, wire or register) in the Verilog even when nothing
     * that matters reads it: logic with no effect on an output, a memory, a print or a property is
     * removed at elaboration, and a removed signal cannot be probed. {@code reg(UInt(8)).keep()}.
     */
    @SuppressWarnings("unchecked")
    public <T extends Data> T keep() {
        for (Bits b : leaves()) {
            if (b.signal == null)
                throw new HdlException("keep() goes on ports, wires and registers, not on " + b.describe()
                        + ": give the value a wire with wireOf(name, value)", Locators.here());
            b.signal.keep();
        }
        return (T) this;
    }

    /**
     * Marks the registers of this value as sampling a value of another clock domain on purpose.
     * Elaboration refuses a register that reads another domain's value without a
     * {@link tagmatch.hdl.lib.Synchronizer}, an {@link tagmatch.hdl.lib.AsyncFifo} or this mark;
     * use it where the design makes the crossing safe (a value held stable while a synchronized
     * flag says it is ready): {@code reg(UInt(8)).named("captured").crossClockDomain()}.
     */
    @SuppressWarnings("unchecked")
    public <T extends Data> T crossClockDomain() {
        for (Bits b : leaves()) {
            if (b.signal == null || b.signal.kind() != tagmatch.hdl.ir.Signal.Kind.REG)
                throw new HdlException("crossClockDomain() goes on registers, not on " + b.describe(), Locators.here());
            b.signal.crossClockDomain();
        }
        return (T) this;
    }

    @SuppressWarnings("unchecked")
    public <T extends Data> T named(String name) {
        nameAs(name, true);
        return (T) this;
    }

    /** Gives names to the leaves: {@code base} for ground values, {@code base_field} inside aggregates. */
    abstract void nameAs(String base, boolean explicit);

    /**
     * Drives every leaf of this hardware from the corresponding leaf of {@code source}, flipped
     * fields included (Chisel's {@code :#=}): for wires and registers, and for ports when every
     * leaf of this side is drivable from here. For a valid/ready channel use {@link #connect}.
     */
    public void set(Data source) {
        List<Bits> mine = leaves(), theirs = shapeOf(source);
        for (int i = 0; i < mine.size(); i++) mine.get(i).setLeaf(theirs.get(i));
    }

    /**
     * Bidirectional bulk connection, {@code consumer.connect(producer)} (Chisel's {@code :<>=}):
     * aligned leaves flow from {@code producer} into this value, flipped leaves (such as a
     * stream's {@code ready}) flow from this value back into {@code producer}.
     *
     * <pre>{@code
     * fifo.enq.connect(in);    // enq_valid, enq_bits <- in; in.ready <- enq_ready
     * out.connect(fifo.deq);
     * }</pre>
     */
    public void connect(Data producer) {
        List<Bits> mine = leaves(), theirs = shapeOf(producer);
        List<Boolean> flips = leafFlips();
        for (int i = 0; i < mine.size(); i++) {
            if (flips.get(i)) theirs.get(i).setLeaf(mine.get(i));
            else mine.get(i).setLeaf(theirs.get(i));
        }
    }

    private List<Bits> shapeOf(Data other) {
        List<Bits> theirs = other.leaves();
        if (!sameShape(this, other))
            throw new HdlException("cannot connect " + describe() + " to " + other.describe()
                    + ": they have different shapes", Locators.here());
        return theirs;
    }

    static boolean sameShape(Data a, Data b) {
        List<Bits> x = a.leaves(), y = b.leaves();
        if (x.size() != y.size()) return false;
        List<Boolean> fx = a.leafFlips(), fy = b.leafFlips();
        return fx.equals(fy);
    }

    /** A short human description of the type, e.g. {@code UInt<8>} or {@code Stream}. */
    public abstract String describe();

    /**
     * All bits of this value as one unsigned word (see the class comment for the layout). A
     * ground value gives its own bits.
     */
    public abstract UInt asUInt();

    /**
     * A value of this type read from the bits of {@code bits} (the inverse of {@link #asUInt()};
     * Chisel's {@code asTypeOf}). {@code this} only supplies the type; the result is a new,
     * read-only value. A literal gives literal leaves, so the result can be a reset value.
     *
     * <pre>{@code
     * Request r = new Request(cfg).fromBits(fifo.deq.bits);
     * Request zero = new Request(cfg).fromBits(lit(0, new Request(cfg).width()));
     * }</pre>
     */
    @SuppressWarnings("unchecked")
    public <T extends Data> T fromBits(UInt bits) {
        int w = width();
        if (w < 0) throw new HdlException("fromBits: the width of " + describe() + " is not known yet", Locators.here());
        if (bits.width() != w)
            throw new HdlException("fromBits: " + describe() + " is " + w + " bits, got " + bits.describe(), Locators.here());
        T out = (T) freshType();
        List<Bits> leaves = out.leaves();
        Expr src = bits.ref();
        // The layout puts the first leaf at the top: walk from the least significant end.
        int lo = 0;
        for (int i = leaves.size() - 1; i >= 0; i--) {
            Bits leaf = leaves.get(i);
            int lw = leaf.width();
            Expr slice;
            if (src instanceof Expr.Lit lit) {
                BigInteger v = lit.value().shiftRight(lo).and(Bits.mask(lw));
                slice = new Expr.Lit(v, lw, leaf.signed(), null);
            } else {
                slice = lw == w ? src : new Expr.Op(PrimOp.BITS, List.of(src), lo + lw - 1, lo, Builder.here());
                if (leaf.signed()) slice = new Expr.Op(PrimOp.AS_SINT, List.of(slice), 0, 0, Builder.here());
            }
            leaf.becomeValue(slice);
            lo += lw;
        }
        return out;
    }

    /**
     * True when every leaf is hardware (a port, wire, register, operator result or literal);
     * false for a type.
     */
    public boolean isHardware() {
        for (Bits b : leaves()) if (!b.isHardware()) return false;
        return true;
    }

    /** A fresh, unbound copy of this type with the same widths (see {@link Hdl#typeOf}). */
    abstract Data freshType();
}
