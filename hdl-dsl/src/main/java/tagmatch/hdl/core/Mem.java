package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.Stmt;

/**
 * A memory of {@code depth} words (a power of two) of any type, with any number of read and
 * write ports; an aggregate word is stored as its {@link Data#asUInt()} bits.
 * {@link #read} is combinational; {@link #readSync} registers the word (block-RAM style).
 * Writes happen at the clock edge, under the enclosing {@code when}.
 *
 * <pre>{@code
 * Mem<UInt> ram = mem(16, UInt(8));
 * when(we, () -> ram.write(waddr, wdata));
 * UInt q = ram.readSync(raddr, re);
 * }</pre>
 */
public final class Mem<T extends Data> {
    final Memory memory;
    private final T type;
    private final Module owner;

    Mem(int depth, T type) {
        if (depth < 2 || Integer.bitCount(depth) != 1)
            throw new HdlException("memory depth must be a power of two >= 2, got " + depth, Locators.here());
        if (type.width() < 1) throw new HdlException("memory words need a known width", Locators.here());
        this.type = type;
        Builder.Frame f = Builder.frame();
        this.owner = f.module;
        this.memory = new Memory(null, depth, type.width(), Locators.here());
        memory.clock(f.clock());
        f.def.addMemory(memory);
    }

    /** Combinational read. */
    @SuppressWarnings("unchecked")
    public T read(UInt address) {
        Expr word = new Expr.MemRead(memory, checked(address));
        if (type instanceof Bits b) return (T) b.wrap(word);
        return type.fromBits(new UInt(word));
    }

    /** Read registered at the clock edge when {@code enable} is 1; the value holds otherwise. */
    @SuppressWarnings("unchecked")
    public T readSync(UInt address, Bool enable) {
        T data = Hdl.reg(Hdl.typeOf(type));
        Hdl.when(enable, () -> data.set(read(address)));
        return data;
    }

    public void write(UInt address, T data) {
        if (data.width() != memory.width() || !Data.sameShape(type, data))
            throw new HdlException("memory " + name() + " holds " + memory.width() + "-bit " + type.describe()
                    + " words, cannot write " + data.describe(), Locators.here());
        Expr word = data instanceof Bits b ? b.ref() : data.asUInt().ref();
        Builder.add(new Stmt.MemWrite(memory, checked(address), word, Expr.Lit.of(1, 1), Builder.here()));
    }

    private Expr checked(UInt address) {
        if (Builder.frame().module != owner) throw new HdlException("memory " + name() + " is used outside its module", Locators.here());
        if (address.width() != memory.addressWidth())
            throw new HdlException("address of memory " + name() + " must be " + memory.addressWidth() + " bits for "
                    + memory.depth() + " words, got " + address.describe(), Locators.here());
        return address.ref();
    }

    public Mem<T> named(String name) {
        memory.name(name, true);
        return this;
    }

    private String name() {
        return memory.name() == null ? "(unnamed)" : memory.name();
    }

    public int depth() { return memory.depth(); }
}
