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
 * Selects the input whose {@code sel} bit is set, as an OR of AND-masked inputs (Chisel's
 * {@code Mux1H}): no priority logic, one level of AND and a tree of ORs. With more than one bit
 * set the result is the OR of the selected inputs; with none it is 0. Inputs of any type are
 * masked and ORed as their bits.
 *
 * <pre>{@code
 * UInt word = OneHotMux.of(grants, words);          // inline
 * Request r = OneHotMux.of(grants, requests);       // bundles too
 * OneHotMux<UInt> m = instance(new OneHotMux<>(4, UInt(8)));   // or as a module: sel, in_0..3, out
 * }</pre>
 */
public final class OneHotMux<T extends Data> extends Module {
    public final UInt sel;
    public final Vec<T> in;
    public final T out;

    public OneHotMux(int inputs, T gen) {
        int width = gen.width();
        if (inputs < 2 || inputs > 65536) throw new IllegalArgumentException("OneHotMux inputs must be 2..65536, got " + inputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("OneHotMux width must be 1.." + Widths.MAX + ", got " + width);
        param("inputs", inputs);
        param("width", width);
        sel = input(UInt(inputs));
        in = input(Vec(inputs, () -> typeOf(gen)));
        out = output(typeOf(gen));
        List<Bool> s = new ArrayList<>();
        for (int i = 0; i < inputs; i++) s.add(sel.bit(i));
        List<T> words = new ArrayList<>();
        for (T w : in) words.add(w);
        out.set(of(s, words));
    }

    /** OR over {@code inputs[i] & fill(sel[i])}, balanced; the result has the type of the inputs. */
    public static <T extends Data> T of(List<Bool> sel, List<T> inputs) {
        if (sel.size() != inputs.size() || sel.isEmpty())
            throw new IllegalArgumentException("OneHotMux.of: " + sel.size() + " selects for " + inputs.size() + " inputs");
        UInt[] terms = new UInt[sel.size()];
        for (int i = 0; i < terms.length; i++) {
            UInt bits = inputs.get(i).asUInt();
            int w = bits.width();
            terms[i] = bits.and(w == 1 ? sel.get(i) : fill(w, sel.get(i)));
        }
        UInt or = BalancedTree.reduce(java.util.Arrays.asList(terms), UInt::or);
        T first = inputs.get(0);
        if (first instanceof UInt && !(first instanceof Bool)) {
            @SuppressWarnings("unchecked")
            T word = (T) or;
            return word;
        }
        return typeOf(first).fromBits(or);
    }
}
