package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.Stmt;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A memory of {@code depth} words (any depth from 1) of any type, with any number of read and
 * write ports; an aggregate word is stored as its {@link Data#asUInt()} bits.
 * {@link #read} is combinational and sees the contents before the clock edge; {@link #readSync}
 * registers the word (block-RAM style) with a chosen {@link ReadDuringWrite} behaviour (OLD by
 * default). Writes happen at the clock edge, under the enclosing {@code when}, optionally
 * masked lane by lane. The memory is clocked by the clock in force where it is declared.
 *
 * <p>Depth that is not a power of two: an address at or beyond the depth reads 0 and a write
 * there is dropped, in every simulator and in the emitted Verilog (which guards the read).
 *
 * <pre>{@code
 * Mem<UInt> ram = mem(16, UInt(8)).init(new long[] {1, 2, 3});   // words 3..15 are 0
 * when(we, () -> ram.write(waddr, wdata));
 * UInt q = ram.readSync(raddr, re);
 * Mem<UInt> sine = rom(UInt(8), table);                            // read-only, depth table.length
 * Mem<UInt> boot = mem(4096, UInt(32)).initFile(Path.of("boot.hex")); // initial $readmemh
 * }</pre>
 */
public final class Mem<T extends Data> {
    final Memory memory;
    private final T type;
    private final Module owner;
    /** Every write port, in the order described, for transparent reads. */
    private final List<WritePort> writes = new ArrayList<>();

    private record WritePort(Stmt.MemWrite stmt) {}

    Mem(int depth, T type) {
        if (depth < 1) throw new HdlException("memory depth must be at least 1 word, got " + depth, Locators.here());
        if (type.width() < 1) throw new HdlException("memory words need a known width", Locators.here());
        this.type = type;
        Builder.Frame f = Builder.frame();
        this.owner = f.module;
        this.memory = new Memory(null, depth, type.width(), Locators.here());
        memory.clock(f.clock());
        f.def.addMemory(memory);
    }

    // ---- contents --------------------------------------------------------------------------------

    /**
     * Contents at time zero, from address 0: {@code words[i]} is word {@code i}, the rest are 0.
     * A negative value is taken as two's complement in the word's width. Emitted as an
     * {@code initial} block; synthesis tools turn it into the RAM's initial contents.
     */
    public Mem<T> init(long[] words) {
        BigInteger[] big = new BigInteger[words.length];
        for (int i = 0; i < words.length; i++) big[i] = BigInteger.valueOf(words[i]);
        return init(big);
    }

    /** {@link #init(long[])} for words wider than 64 bits. */
    public Mem<T> init(BigInteger[] words) {
        noContentsYet();
        if (words.length > memory.depth())
            throw new HdlException("memory " + name() + " has " + memory.depth() + " words, cannot initialise "
                    + words.length, Locators.here());
        List<BigInteger> out = new ArrayList<>(words.length);
        BigInteger span = BigInteger.ONE.shiftLeft(memory.width());
        for (int i = 0; i < words.length; i++) {
            BigInteger v = words[i];
            if (v == null) throw new HdlException("initial word " + i + " of memory " + name() + " is null", Locators.here());
            BigInteger bits = v.signum() < 0 ? v.add(span) : v;
            if (bits.signum() < 0 || bits.compareTo(span) >= 0)
                throw new HdlException("initial word " + i + " of memory " + name() + " is " + v + ", which does not fit in "
                        + memory.width() + " bits", Locators.here());
            out.add(bits);
        }
        memory.init(out, null);
        return this;
    }

    /**
     * Contents at time zero from a {@code $readmemh} file (hexadecimal words, {@code @address},
     * comments). Emitted as {@code initial $readmemh("<hexFile as given>", mem)}: a relative path is
     * resolved by each tool against its working directory (the JVM's for the Verilator backend).
     * The file is read now too, checked against the depth and width, and its words feed the
     * interpreter.
     */
    public Mem<T> initFile(Path hexFile) {
        noContentsYet();
        String text = hexFile.toString();
        if (text.contains("\"") || text.contains("\\") || text.contains("\n"))
            throw new HdlException("memory image path " + text + " cannot be written in a Verilog string: "
                    + "use a path without quotes, backslashes or newlines", Locators.here());
        memory.init(HexFile.read(hexFile, memory.depth(), memory.width(), Locators.here()), text);
        return this;
    }

    private void noContentsYet() {
        if (!memory.init().isEmpty() || memory.initFile() != null)
            throw new HdlException("memory " + name() + " already has initial contents", Locators.here());
    }

    /** Makes this a read-only memory; its contents are what {@link #init} gave. */
    Mem<T> readOnly() {
        memory.readOnly(true);
        return this;
    }

    // ---- reads -----------------------------------------------------------------------------------

    /** Combinational read: the word before the coming clock edge; 0 beyond the depth. */
    @SuppressWarnings("unchecked")
    public T read(UInt address) {
        Expr word = new Expr.MemRead(memory, checked(address));
        if (!powerOfTwo()) word = new Expr.Mux(address.lt(memory.depth()).ref(), word, Expr.Lit.of(0, memory.width()),
                Builder.here());
        if (type instanceof Bits b) return (T) b.wrap(word);
        return type.fromBits(new UInt(word));
    }

    /** {@link #readSync(UInt, Bool, ReadDuringWrite)} with {@link ReadDuringWrite#OLD}. */
    public T readSync(UInt address, Bool enable) {
        return readSync(address, enable, ReadDuringWrite.OLD);
    }

    /**
     * Read registered at the clock edge when {@code enable} is 1; the value holds otherwise. The
     * register sits right after the memory so that synthesis maps the pair to a block RAM;
     * beyond a non-power-of-two depth a second, 1-bit register zeroes the result.
     */
    @SuppressWarnings("unchecked")
    public T readSync(UInt address, Bool enable, ReadDuringWrite readDuringWrite) {
        Expr a = checked(address);
        T data = Hdl.reg(Hdl.typeOf(type));
        if (readDuringWrite == ReadDuringWrite.NEW) {
            UInt next = Hdl.wire(UInt(memory.width()));
            Hdl.when(enable, () -> data.set(fromWord(next)));
            Builder.frame().finishers.add(() -> next.set(transparent(a)));
        } else {
            Hdl.when(enable, () -> data.set(fromWord(new UInt(new Expr.MemRead(memory, a)))));
        }
        if (powerOfTwo()) return data;
        Bool inRange = Hdl.regEnable(address.lt(memory.depth()), enable);
        T out = Hdl.mux(inRange, data, fromWord(UInt.lit(0, memory.width())));
        // Named, the read names its registers too: word_data, word_valid.
        List<Bits> outs = out.leaves(), regs = data.leaves();
        for (int i = 0; i < outs.size(); i++) {
            Bits reg = regs.get(i);
            outs.get(i).onNamed = (base, explicit) -> {
                reg.signal.name(base + "_data", explicit);
                inRange.signal.name(base + "_valid", explicit);
            };
        }
        return out;
    }

    private static UInt UInt(int width) {
        return new UInt(width);
    }

    @SuppressWarnings("unchecked")
    private T fromWord(UInt word) {
        if (type instanceof Bits b) return (T) b.wrap(word.ref());
        return Hdl.typeOf(type).fromBits(word);
    }

    /** The word at {@code address} after this edge's writes: each write that hits overrides its lanes. */
    private UInt transparent(Expr address) {
        UInt word = new UInt(new Expr.MemRead(memory, address));
        UInt at = new UInt(address);
        for (WritePort w : writes) {
            Bool hit = pathCondition(Builder.frame().def.body(), w.stmt(), Bool.lit(true));
            if (hit == null) continue;
            hit = hit.and(new UInt(w.stmt().address()).eq(at));
            UInt data = new UInt(w.stmt().data());
            if (w.stmt().wholeWord()) {
                word = Hdl.mux(hit, data, word);
                continue;
            }
            int lanes = w.stmt().mask().width();
            int g = w.stmt().laneWidth();
            UInt mask = new UInt(w.stmt().mask());
            UInt[] parts = new UInt[lanes];
            for (int i = 0; i < lanes; i++) {
                int lo = i * g;
                parts[lanes - 1 - i] = Hdl.mux(hit.and(mask.bit(i)), data.bits(lo + g - 1, lo), word.bits(lo + g - 1, lo));
            }
            word = Hdl.cat(parts);
        }
        return word;
    }

    /** The condition under which {@code target}, somewhere in {@code block}, takes effect, or null if absent. */
    private static Bool pathCondition(List<Stmt> block, Stmt target, Bool cond) {
        for (Stmt s : block) {
            if (s == target) return cond;
            if (s instanceof Stmt.When w) {
                Bool c = new Bool(w.cond());
                Bool found = pathCondition(w.then(), target, cond.and(c));
                if (found == null) found = pathCondition(w.otherwise(), target, cond.and(c.not()));
                if (found != null) return found;
            } else if (s instanceof Stmt.Switch sw) {
                UInt sel = new UInt(sw.selector());
                Bool none = Bool.lit(true);
                for (int k = 0; k < sw.keys().size(); k++) {
                    Bool is = sel.eq(new UInt(sw.keys().get(k)));
                    Bool found = pathCondition(sw.bodies().get(k), target, cond.and(is));
                    if (found != null) return found;
                    none = none.and(is.not());
                }
                Bool found = pathCondition(sw.otherwise(), target, cond.and(none));
                if (found != null) return found;
            }
        }
        return null;
    }

    // ---- writes ----------------------------------------------------------------------------------

    /** Writes the whole word at the clock edge (under the enclosing {@code when}). */
    public void write(UInt address, T data) {
        writePort(address, data, Expr.Lit.of(1, 1));
    }

    /**
     * Writes only the lanes whose {@code mask} bit is 1: the word splits into {@code mask.width()}
     * lanes of equal width, bit {@code i} of the mask guarding bits {@code [i*g, (i+1)*g)}. A
     * 32-bit word with a 4-bit mask has byte lanes.
     */
    public void write(UInt address, T data, UInt mask) {
        if (mask.width() < 1 || memory.width() % mask.width() != 0)
            throw new HdlException("write mask of memory " + name() + " must have one bit per lane of equal width, "
                    + "a width that divides " + memory.width() + ", got " + mask.describe(), Locators.here());
        writePort(address, data, mask.ref());
    }

    private void writePort(UInt address, T data, Expr mask) {
        if (memory.readOnly())
            throw new HdlException("memory " + name() + " is read-only (a ROM): for a writable memory with initial contents "
                    + "use mem(depth, word).init(...)", Locators.here());
        if (data.width() != memory.width() || !Data.sameShape(type, data))
            throw new HdlException("memory " + name() + " holds " + memory.width() + "-bit " + type.describe()
                    + " words, cannot write " + data.describe(), Locators.here());
        Expr word = data instanceof Bits b ? b.ref() : data.asUInt().ref();
        Stmt.MemWrite w = new Stmt.MemWrite(memory, checked(address), word, Expr.Lit.of(1, 1), mask, Builder.here());
        writes.add(new WritePort(w));
        Builder.add(w);
    }

    private Expr checked(UInt address) {
        if (Builder.frame().module != owner) throw new HdlException("memory " + name() + " is used outside its module", Locators.here());
        if (address.width() != memory.addressWidth())
            throw new HdlException("address of memory " + name() + " must be " + memory.addressWidth() + " bits for "
                    + memory.depth() + " words, got " + address.describe(), Locators.here());
        return address.ref();
    }

    private boolean powerOfTwo() {
        return Integer.bitCount(memory.depth()) == 1 && memory.depth() > 1;
    }

    public Mem<T> named(String name) {
        memory.name(name, true);
        return this;
    }

    /** Adds a synthesis attribute, emitted as {@code (* key = "value" *)} on the memory: {@code attribute("ram_style", "block")}. */
    public Mem<T> attribute(String key, String value) {
        Attributes.check(key, value, Locators.here());
        memory.attribute(key, value);
        return this;
    }

    private String name() {
        return memory.name() == null ? "(unnamed)" : memory.name();
    }

    public int depth() { return memory.depth(); }
}
