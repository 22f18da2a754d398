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
 * comparator is needed.
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
     * {@code ceil(log2(n))} bits wide (1 bit for a single input). The levels below the root are
     * named {@code sel_l1_0_valid}, {@code sel_l1_0_index}, ...; see {@link #select(String, List, List, int)}.
     */
    public static <T extends Data> Selection<T> select(List<Bool> valids, List<T> payloads, int radix) {
        return select("sel", valids, payloads, radix);
    }

    /**
     * Like {@link #select(List, List, int)}, naming each node below the root the way a designer
     * names the levels of a priority tree: {@code NAME_lL_J_valid} (some input of node {@code J}
     * of level {@code L} is valid, level 1 next to the inputs) and {@code NAME_lL_J_index} (the
     * first valid input under it). A node's index is its local choice followed by the chosen
     * child's index; for radix 2 the local choice is simply "the first child is not valid":
     *
     * <pre>{@code
     * assign oldest_l2_0_index = {~oldest_l1_0_valid, oldest_l1_0_valid ? oldest_l1_0_index : oldest_l1_1_index};
     * }</pre>
     *
     * The root is left unnamed for the caller to name (a register, an output). Names are hints:
     * what is never read is never emitted.
     */
    public static <T extends Data> Selection<T> select(String name, List<Bool> valids, List<T> payloads, int radix) {
        checkRadix(radix);
        int n = valids.size();
        if (n == 0) throw new IllegalArgumentException("PriorityTree.select needs at least one input");
        if (payloads != null && payloads.size() != n)
            throw new IllegalArgumentException("PriorityTree.select: " + n + " valids but " + payloads.size() + " payloads");
        int k = Integer.numberOfTrailingZeros(radix);
        List<Selection<T>> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) nodes.add(new Selection<>(valids.get(i), null, payloads == null ? null : payloads.get(i)));
        if (n == 1) return new Selection<>(valids.get(0), lit(0, 1), nodes.get(0).payload());
        for (int level = 1; nodes.size() > 1; level++) {
            boolean root = nodes.size() <= radix;
            int localBits = root ? Widths.forCount(nodes.size()) : k;
            List<Selection<T>> next = new ArrayList<>();
            for (int start = 0; start < nodes.size(); start += radix) {
                List<Selection<T>> group = nodes.subList(start, Math.min(start + radix, nodes.size()));
                String node = name + "_l" + level + "_" + next.size();
                next.add(group.size() == 1 ? passThrough(group.get(0), localBits) : choose(group, localBits, node, root));
            }
            nodes = next;
        }
        return nodes.get(0);
    }

    /**
     * One node: the first valid child wins. The local choice is a chain of 2:1 muxes over the
     * children's positions (for two children, the first child's valid inverted); the chosen
     * child's index and payload are 2:1 mux chains on the same valids.
     */
    private static <T extends Data> Selection<T> choose(List<Selection<T>> group, int localBits, String node, boolean root) {
        int last = group.size() - 1;
        boolean twoWay = group.size() == 2 && localBits == 1;
        Selection<T> tail = group.get(last);
        UInt local = twoWay ? group.get(0).valid().not() : lit(last, localBits);
        UInt child = tail.index();
        T pay = tail.payload();
        Bool any = tail.valid();
        for (int j = last - 1; j >= 0; j--) {
            Selection<T> c = group.get(j);
            if (!twoWay) local = mux(c.valid(), lit(j, localBits), local);
            if (child != null) child = mux(c.valid(), c.index(), child);
            if (pay != null) pay = mux(c.valid(), c.payload(), pay);
            any = c.valid().or(any);
        }
        // A chain of more than two children is a level of its own in the Verilog: the local
        // choice and the chosen child's index get names; a pair reads well inline.
        if (group.size() > 2) {
            if (child != null) child = child.named(node + "_child");
            if (!twoWay && child != null) local = local.named(node + "_choice");
        }
        UInt index = child != null ? cat(local, child) : local;
        // The root's outputs are the caller's to name (a register, an output port).
        if (root) return new Selection<>(any, index, pay);
        if (pay != null) pay = pay.named(node + "_bits");
        return new Selection<>(any.named(node + "_valid"), index.named(node + "_index"), pay);
    }

    /** A lone child moves up a level unchanged, its index prefixed with local position 0. */
    private static <T extends Data> Selection<T> passThrough(Selection<T> s, int localBits) {
        UInt local = lit(0, localBits);
        return new Selection<>(s.valid(), s.index() == null ? local : cat(local, s.index()), s.payload());
    }

    private static void checkRadix(int radix) {
        if (radix < 2 || radix > 16 || Integer.bitCount(radix) != 1)
            throw new IllegalArgumentException("PriorityTree radix must be 2, 4, 8 or 16, got " + radix);
    }
}
