package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Picks the highest-priority valid input (input 0 is highest) and returns its payload (of any
 * type {@code T}), its
 * encoded index and whether any input is valid. Each node of the tree chooses among
 * {@code radix} children with a chain of 2:1 muxes, so a radix-2 tree of N inputs is log2(N)
 * levels of 2:1 muxes; the index is assembled from each level's local choice, so no adder or
 * comparator is needed. The ALPU uses it to find the oldest matching cell.
 *
 * <pre>{@code
 * PriorityTree.Selection<UInt> s = PriorityTree.select(matchBits, tags, 2);     // inline, in any module
 * PriorityTree.Selection<Entry> e = PriorityTree.select(hits, entries, 4);      // bundle payloads
 * PriorityTree<UInt> t = instance(new PriorityTree<>(256, UInt(16), 4));       // or as a module
 * }</pre>
 */
public final class PriorityTree<T extends Data> extends Module {
    /** The outcome of a selection: any input valid, the index of the first valid, its payload (or null). */
    public record Selection<T extends Data>(Bool valid, UInt index, T payload) {}

    public final Vec<Valid<T>> in;
    public final Bool outValid;
    public final UInt outIndex;
    public final T outBits;

    public PriorityTree(int inputs, T gen, int radix) {
        int width = gen.width();
        checkRadix(radix);
        if (inputs < 2 || inputs > 65536) throw new IllegalArgumentException("PriorityTree inputs must be 2..65536, got " + inputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("PriorityTree width must be 1.." + Widths.MAX + ", got " + width);
        param("inputs", inputs);
        param("width", width);
        param("radix", radix);
        in = input(Vec(inputs, () -> new Valid<>(typeOf(gen))));
        outValid = output("out_valid", Bool());
        outIndex = output("out_index", UInt(Widths.forCount(inputs)));
        outBits = output("out_bits", typeOf(gen));
        List<Bool> v = new ArrayList<>();
        List<T> p = new ArrayList<>();
        for (Valid<T> x : in) {
            v.add(x.valid);
            p.add(x.bits);
        }
        Selection<T> s = select(v, p, radix);
        outValid.set(s.valid());
        outIndex.set(s.index());
        outBits.set(s.payload());
    }

    /**
     * Selects among {@code valids.size()} inputs inside the module being described.
     * {@code payloads} may be null when only the index is wanted; the index is
     * {@code ceil(log2(n))} bits wide (1 bit for a single input).
     */
    public static <T extends Data> Selection<T> select(List<Bool> valids, List<T> payloads, int radix) {
        checkRadix(radix);
        int n = valids.size();
        if (n == 0) throw new IllegalArgumentException("PriorityTree.select needs at least one input");
        if (payloads != null && payloads.size() != n)
            throw new IllegalArgumentException("PriorityTree.select: " + n + " valids but " + payloads.size() + " payloads");
        int k = Integer.numberOfTrailingZeros(radix);
        List<Selection<T>> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) nodes.add(new Selection<>(valids.get(i), null, payloads == null ? null : payloads.get(i)));
        if (n == 1) return new Selection<>(valids.get(0), lit(0, 1), nodes.get(0).payload());
        while (nodes.size() > 1) {
            int localBits = nodes.size() <= radix ? Widths.forCount(nodes.size()) : k;
            List<Selection<T>> next = new ArrayList<>();
            for (int start = 0; start < nodes.size(); start += radix) {
                List<Selection<T>> group = nodes.subList(start, Math.min(start + radix, nodes.size()));
                next.add(group.size() == 1 ? tag(group.get(0), 0, localBits) : choose(group, localBits));
            }
            nodes = next;
        }
        return nodes.get(0);
    }

    /** A chain of 2:1 muxes: the first valid child wins. */
    private static <T extends Data> Selection<T> choose(List<Selection<T>> group, int localBits) {
        int last = group.size() - 1;
        Selection<T> r = tag(group.get(last), last, localBits);
        Bool any = group.get(last).valid();
        for (int j = last - 1; j >= 0; j--) {
            Selection<T> c = tag(group.get(j), j, localBits);
            UInt idx = mux(c.valid(), c.index(), r.index());
            T pay = c.payload() == null ? null : mux(c.valid(), c.payload(), r.payload());
            any = c.valid().or(any);
            r = new Selection<>(any, idx, pay);
        }
        return r;
    }

    /** Prefixes a child's index with its position in the group. */
    private static <T extends Data> Selection<T> tag(Selection<T> s, int position, int localBits) {
        UInt local = lit(position, localBits);
        return new Selection<>(s.valid(), s.index() == null ? local : cat(local, s.index()), s.payload());
    }

    private static void checkRadix(int radix) {
        if (radix < 2 || radix > 16 || Integer.bitCount(radix) != 1)
            throw new IllegalArgumentException("PriorityTree radix must be 2, 4, 8 or 16, got " + radix);
    }
}
