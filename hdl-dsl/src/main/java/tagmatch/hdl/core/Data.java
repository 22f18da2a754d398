package tagmatch.hdl.core;

import java.util.List;

/**
 * Any hardware type or value: ground ({@link UInt}, {@link SInt}, {@link Bool}) or aggregate
 * ({@link Bundle}, {@link Vec}). A freshly made instance is a <em>type</em>; {@code wire},
 * {@code reg}, ports and operators turn types into hardware.
 */
public abstract class Data {
    /** Set on a bundle field declared with {@code flipped(...)}: it flows against the bundle. */
    boolean flipped;

    /** The ground leaves of this value, most significant first in declaration order. */
    public abstract List<Bits> leaves();

    /** Total width of all leaves; -1 while a width is still to be inferred. */
    public int width() {
        int w = 0;
        for (Bits b : leaves()) {
            if (b.width() < 0) return -1;
            w += b.width();
        }
        return w;
    }

    /** Names this hardware explicitly; wins over the Java field name. Aggregates prefix their fields. */
    @SuppressWarnings("unchecked")
    public <T extends Data> T named(String name) {
        nameAs(name, true);
        return (T) this;
    }

    /** Gives names to the leaves: {@code base} for ground values, {@code base_field} inside aggregates. */
    abstract void nameAs(String base, boolean explicit);

    /** Drives every leaf of this hardware from the corresponding leaf of {@code source} (Chisel's {@code :=}). */
    public void set(Data source) {
        List<Bits> mine = leaves(), theirs = source.leaves();
        if (mine.size() != theirs.size())
            throw new tagmatch.hdl.ir.HdlException("cannot connect " + describe() + " to " + source.describe()
                    + ": they have different shapes", Locators.here());
        for (int i = 0; i < mine.size(); i++) mine.get(i).setLeaf(theirs.get(i));
    }

    /** A short human description of the type, e.g. {@code UInt<8>} or {@code Stream}. */
    public abstract String describe();

    /** A fresh, unbound copy of this type (aggregates must be rebuilt by their constructor or a supplier). */
    abstract Data freshType();
}
