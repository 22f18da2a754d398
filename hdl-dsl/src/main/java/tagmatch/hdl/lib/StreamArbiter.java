package tagmatch.hdl.lib;

import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The module form both arbiters share: {@code inputs} streams in ({@code in_0_*} ..), one out,
 * and {@code chosen}, wired to an inline arbitration ({@link Arbiter#of}, {@link RoundRobinArbiter#of}).
 *
 * <pre>{@code
 * RoundRobinArbiter<UInt> arb = instance(new RoundRobinArbiter<>(2, UInt(8)));
 * arb.in.get(0).connect(fromCore0);
 * arb.in.get(1).connect(fromCore1);
 * toMemory.connect(arb.out);                  // arb.chosen: which core's word it is
 * }</pre>
 */
abstract class StreamArbiter<T extends Data> extends Module {
    public final Vec<Stream<T>> in;
    public final Stream<T> out;
    public final UInt chosen;

    StreamArbiter(int inputs, T gen, Function<List<Stream<T>>, Arbiter.Arbitrated<T>> arbitrate) {
        String kind = getClass().getSimpleName();
        int width = gen.width();
        if (inputs < 2 || inputs > 1024) throw new IllegalArgumentException(kind + " inputs must be 2..1024, got " + inputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException(kind + " width must be 1.." + Widths.MAX + ", got " + width);
        param("inputs", inputs);
        param("width", width);
        in = input(Vec(inputs, () -> new Stream<>(typeOf(gen))));
        out = output(new Stream<>(typeOf(gen)));
        chosen = output(UInt(Widths.forCount(inputs)));
        List<Stream<T>> ins = new ArrayList<>();
        for (Stream<T> s : in) ins.add(s);
        Arbiter.Arbitrated<T> a = arbitrate.apply(ins);
        out.connect(a.out());
        chosen.set(a.chosen());
    }
}
