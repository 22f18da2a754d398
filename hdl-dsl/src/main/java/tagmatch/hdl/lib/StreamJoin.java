package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Widths;

import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Joins {@code n} valid/ready streams into one that carries a word of each together: the output
 * is valid when every input is, and every input's word leaves in the cycle the joined word does.
 * Element {@code i} of the output's {@code bits} is input {@code i}'s word.
 *
 * <pre>{@code
 * Stream<Vec<UInt>> pair = Stream.join(List.of(a, b));             // inline
 * StreamJoin<UInt> j = instance(new StreamJoin<>(2, UInt(8)));     // or as a module: in_0_* .. in_1_*, out_*
 * }</pre>
 */
public final class StreamJoin<T extends Data> extends Module {
    public final Vec<Stream<T>> in;
    public final Stream<Vec<T>> out;

    public StreamJoin(int inputs, T gen) {
        int width = gen.width();
        if (inputs < 2 || inputs > 1024) throw new IllegalArgumentException("StreamJoin inputs must be 2..1024, got " + inputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("StreamJoin width must be 1.." + Widths.MAX + ", got " + width);
        param("inputs", inputs);
        param("width", width);
        in = input(Vec(inputs, () -> new Stream<>(typeOf(gen))));
        out = output(new Stream<>(Vec(inputs, () -> typeOf(gen))));
        out.connect(of(List.copyOf(toList(in))));
    }

    private static <T extends Data> List<Stream<T>> toList(Vec<Stream<T>> v) {
        java.util.ArrayList<Stream<T>> l = new java.util.ArrayList<>();
        for (Stream<T> s : v) l.add(s);
        return l;
    }

    /** The join of {@code ins}, inside the current module; drives every input's {@code ready}. */
    public static <T extends Data> Stream<Vec<T>> of(List<Stream<T>> ins) {
        if (ins.isEmpty()) throw new IllegalArgumentException("a stream join needs at least 1 input, got none");
        T first = ins.get(0).bits;
        Stream<Vec<T>> out = wire(new Stream<>(Vec(ins.size(), () -> typeOf(first)))).named("join_out");
        Bool all = null;
        for (int i = 0; i < ins.size(); i++) {
            Stream<T> s = ins.get(i);
            all = all == null ? s.valid : all.and(s.valid);
            out.bits.get(i).set(s.bits);
        }
        if (ins.size() > 1) all = all.named("join_all");
        out.valid.set(all);
        Bool leaves = all.and(out.ready).named("join_leaves");
        for (Stream<T> s : ins) s.ready.set(leaves);
        return out;
    }
}
