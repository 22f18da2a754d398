package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Widths;

import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Selects the input whose {@code sel} bit is set, as an OR of AND-masked inputs: no priority
 * logic, one level of AND and a tree of ORs. With more than one bit set the result is the OR of
 * the selected inputs; with none it is 0.
 *
 * <pre>{@code
 * UInt word = OneHotMux.of(grants, words);   // inline
 * }</pre>
 */
public final class OneHotMux extends Module {
    public final UInt sel;
    public final Vec<UInt> in;
    public final UInt out;

    public OneHotMux(int inputs, int width) {
        if (inputs < 2 || inputs > 65536) throw new IllegalArgumentException("OneHotMux inputs must be 2..65536, got " + inputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("OneHotMux width must be 1.." + Widths.MAX + ", got " + width);
        param("inputs", inputs);
        param("width", width);
        sel = input(UInt(inputs));
        in = input(Vec(inputs, () -> UInt(width)));
        out = output(UInt(width));
        Bool[] s = new Bool[inputs];
        for (int i = 0; i < inputs; i++) s[i] = sel.bit(i);
        List<UInt> words = new java.util.ArrayList<>();
        for (UInt w : in) words.add(w);
        out.set(of(List.of(s), words));
    }

    /** OR over {@code inputs[i] & fill(sel[i])}, balanced. */
    public static UInt of(List<Bool> sel, List<UInt> inputs) {
        if (sel.size() != inputs.size() || sel.isEmpty())
            throw new IllegalArgumentException("OneHotMux.of: " + sel.size() + " selects for " + inputs.size() + " inputs");
        UInt[] terms = new UInt[sel.size()];
        for (int i = 0; i < terms.length; i++) {
            int w = inputs.get(i).width();
            terms[i] = inputs.get(i).and(w == 1 ? sel.get(i) : fill(w, sel.get(i)));
        }
        return orTree(terms, 0, terms.length);
    }

    private static UInt orTree(UInt[] t, int from, int to) {
        if (to - from == 1) return t[from];
        int mid = (from + to) >>> 1;
        return orTree(t, from, mid).or(orTree(t, mid, to));
    }
}
