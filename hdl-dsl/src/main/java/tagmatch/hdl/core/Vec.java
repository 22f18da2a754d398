package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * A fixed-size vector of any hardware type, indexable by a Java int or by a hardware index.
 *
 * <pre>{@code
 * Vec<UInt> regs = reg(Vec(4, () -> UInt(8)));
 * regs.at(waddr).set(wdata);          // dynamic write: one element changes
 * UInt rdata = regs.at(raddr);        // dynamic read: a case on raddr
 * }</pre>
 *
 * Reading with an index at or beyond {@link #size()} yields the last element.
 */
public final class Vec<T extends Data> extends Data implements Iterable<T> {
    private final List<T> elements;
    private final Supplier<T> type;

    public Vec(int size, Supplier<T> type) {
        if (size < 1) throw new HdlException("a Vec needs at least one element, got " + size, Locators.here());
        this.type = type;
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) list.add(type.get());
        this.elements = Collections.unmodifiableList(list);
    }

    public int size() {
        return elements.size();
    }

    public T get(int i) {
        if (i < 0 || i >= elements.size())
            throw new HdlException("index " + i + " is outside Vec of " + elements.size() + ": legal 0.." + (elements.size() - 1), Locators.here());
        return elements.get(i);
    }

    /** The element selected by a hardware index; readable and drivable. */
    public T at(UInt index) {
        T proxy = type.get();
        List<Bits> proxyLeaves = proxy.leaves();
        Expr idx = index.ref();
        for (int leaf = 0; leaf < proxyLeaves.size(); leaf++) {
            List<Bits> column = new ArrayList<>();
            for (T e : elements) column.add(e.leaves().get(leaf));
            proxyLeaves.get(leaf).dynamic = new DynamicElement(column, idx);
        }
        return proxy;
    }

    /** All elements concatenated, element 0 least significant (as Chisel's {@code asUInt}). */
    @Override
    public UInt asUInt() {
        List<Bits> parts = new ArrayList<>();
        for (int i = elements.size() - 1; i >= 0; i--) parts.add(elements.get(i).asUInt());
        return Hdl.cat(parts.toArray(new Bits[0]));
    }

    @Override
    public Iterator<T> iterator() {
        return elements.iterator();
    }

    @Override
    public List<Bits> leaves() {
        List<Bits> out = new ArrayList<>();
        for (T e : elements) out.addAll(e.leaves());
        return out;
    }

    @Override
    void collectFlips(boolean flip, List<Boolean> out) {
        for (T e : elements) e.collectFlips(flip ^ e.flipped, out);
    }

    @Override
    void nameAs(String base, boolean explicit) {
        for (int i = 0; i < elements.size(); i++) elements.get(i).nameAs(Pins.join(base, String.valueOf(i)), explicit);
    }

    @Override
    public String describe() {
        return "Vec<" + elements.size() + " x " + elements.get(0).describe() + ">";
    }

    @Override
    @SuppressWarnings("unchecked")
    Data freshType() {
        T first = elements.get(0);
        return new Vec<>(elements.size(), () -> (T) first.freshType());
    }
}

/** One leaf of a vector element selected by a hardware index. */
final class DynamicElement {
    private final List<Bits> column;
    private final Expr index;
    private Expr read;

    DynamicElement(List<Bits> column, Expr index) {
        this.column = column;
        this.index = index;
    }

    int width() {
        return column.get(0).width();
    }

    /** Keys the index can actually take: at most 2^width(index). */
    private int reachable() {
        int w = index.width();
        return w >= 31 ? column.size() : Math.min(column.size(), 1 << w);
    }

    Expr read() {
        if (read == null) {
            int n = reachable();
            List<Expr.Lit> keys = new ArrayList<>();
            List<Expr> values = new ArrayList<>();
            for (int k = 0; k < n - 1; k++) {
                keys.add(Expr.Lit.of(k, index.width()));
                values.add(column.get(k).ref());
            }
            read = n == 1 ? column.get(0).ref() : new Expr.Case(index, keys, values, column.get(n - 1).ref(), Builder.here());
        }
        return read;
    }

    /** From now on every read of this element is {@code name} (a wire the read drives). */
    void nameRead(Expr name) {
        read = name;
    }

    void write(Expr source) {
        int n = reachable();
        List<Expr.Lit> keys = new ArrayList<>();
        List<List<Stmt>> bodies = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            keys.add(Expr.Lit.of(k, index.width()));
            Bits target = column.get(k);
            if (target.signal == null)
                throw new HdlException("cannot drive element of a Vec of values: only wires, registers and ports can be driven", Locators.here());
            bodies.add(new ArrayList<>(List.of(new Stmt.Connect(target.ref(), source, Builder.here()))));
        }
        Builder.add(new Stmt.Switch(index, keys, bodies, new ArrayList<>(), Builder.here()));
    }
}
