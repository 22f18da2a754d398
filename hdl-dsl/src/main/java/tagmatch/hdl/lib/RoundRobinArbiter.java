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
 * A round-robin arbiter of valid/ready streams (Chisel's {@code RRArbiter}): the input after the
 * one granted last has the highest priority, so an input that stays valid is served within
 * {@code n} transfers whatever the others do. Like {@link Arbiter} it holds its choice while the
 * output waits; {@code chosen} is the index of the input on the output. After reset input 0 is
 * first.
 *
 * <pre>{@code
 * Arbiter.Arbitrated<Request> a = RoundRobinArbiter.of(List.of(a, b, c));   // inline: a.out(), a.chosen()
 * RoundRobinArbiter<UInt> arb = instance(new RoundRobinArbiter<>(4, UInt(8)));   // in_0_* .. in_3_*, out_*, chosen
 * }</pre>
 *
 * The choice is two priority selections: the first valid input above the last granted one, else
 * the first valid input.
 */
public final class RoundRobinArbiter<T extends Data> extends Module {
    public final Vec<Stream<T>> in;
    public final Stream<T> out;
    public final UInt chosen;

    public RoundRobinArbiter(int inputs, T gen) {
        int width = gen.width();
        if (inputs < 2 || inputs > 1024) throw new IllegalArgumentException("RoundRobinArbiter inputs must be 2..1024, got " + inputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("RoundRobinArbiter width must be 1.." + Widths.MAX + ", got " + width);
        param("inputs", inputs);
        param("width", width);
        in = input(Vec(inputs, () -> new Stream<>(typeOf(gen))));
        out = output(new Stream<>(typeOf(gen)));
        chosen = output(UInt(Widths.forCount(inputs)));
        List<Stream<T>> ins = new ArrayList<>();
        for (Stream<T> s : in) ins.add(s);
        Arbiter.Arbitrated<T> a = of(ins);
        out.connect(a.out());
        chosen.set(a.chosen());
    }

    /** A round-robin arbiter of {@code ins}, inside the current module; drives every input's {@code ready}. */
    public static <T extends Data> Arbiter.Arbitrated<T> of(List<Stream<T>> ins) {
        int n = ins.size();
        int iw = Widths.forCount(Math.max(n, 2));
        UInt last = regInit(UInt(iw), n - 1).named("rr_last");
        return Arbiter.arbitrate(ins, valids -> {
            List<Bool> above = new ArrayList<>();
            for (int i = 0; i < n; i++) above.add(i == 0 ? FALSE() : valids.get(i).and(last.lt(i)).named("rr_above_" + i));
            PriorityTree.Selection<Data> next = PriorityTree.select("rr_next", above, null, 2);
            PriorityTree.Selection<Data> first = PriorityTree.select("rr_first", valids, null, 2);
            return mux(next.valid(), next.index(), first.index());
        }, (chosen, transfer) -> when(transfer, () -> last.set(chosen)));
    }
}
