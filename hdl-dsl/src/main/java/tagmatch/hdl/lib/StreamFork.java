package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Copies one valid/ready stream to {@code n} consumers; the input word leaves once every output
 * has taken it. Outputs take it independently (an eager fork, SpinalHDL's {@code StreamFork}):
 * each remembers that it has taken the current word and stops offering it, so a slow consumer
 * never makes a fast one see the word twice, and no output's {@code valid} waits on another's
 * {@code ready}.
 *
 * <pre>{@code
 * List<Stream<Request>> copies = in.fork(2);                        // inline
 * StreamFork<UInt> f = instance(new StreamFork<>(3, UInt(8)));      // or as a module: in_*, out_0_* .. out_2_*
 * }</pre>
 */
public final class StreamFork<T extends Data> extends Module {
    public final Stream<T> in;
    public final Vec<Stream<T>> out;

    public StreamFork(int outputs, T gen) {
        int width = gen.width();
        if (outputs < 2 || outputs > 1024) throw new IllegalArgumentException("StreamFork outputs must be 2..1024, got " + outputs);
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("StreamFork width must be 1.." + Widths.MAX + ", got " + width);
        param("outputs", outputs);
        param("width", width);
        in = input(new Stream<>(typeOf(gen)));
        out = output(Vec(outputs, () -> new Stream<>(typeOf(gen))));
        List<Stream<T>> copies = of(in, outputs);
        for (int i = 0; i < outputs; i++) out.get(i).connect(copies.get(i));
    }

    /** {@code n} copies of {@code in}, inside the current module; drives {@code in.ready}. */
    public static <T extends Data> List<Stream<T>> of(Stream<T> in, int n) {
        if (n < 1) throw new IllegalArgumentException("a stream fork needs at least 1 output, got " + n);
        List<Stream<T>> outs = new ArrayList<>();
        List<Bool> taken = new ArrayList<>();
        Bool all = null;
        for (int i = 0; i < n; i++) {
            Stream<T> o = wire(new Stream<>(typeOf(in.bits))).named("fork_" + i);
            Bool done = regInit(Bool(), 0).named("fork_" + i + "_done");
            o.valid.set(in.valid.and(done.not()));
            o.bits.set(in.bits);
            Bool ok = done.or(o.ready).named("fork_" + i + "_ok");
            all = all == null ? ok : all.and(ok);
            outs.add(o);
            taken.add(done);
        }
        if (n > 1) all = all.named("fork_all");
        Bool leaves = in.valid.and(all).named("fork_leaves");
        for (int i = 0; i < n; i++) {
            Bool done = taken.get(i);
            Stream<T> o = outs.get(i);
            when(leaves, () -> done.set(0)).elseWhen(o.valid.and(o.ready), () -> done.set(1));
        }
        in.ready.set(all);
        return outs;
    }
}
