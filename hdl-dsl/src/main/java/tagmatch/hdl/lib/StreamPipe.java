package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * One register stage on a valid/ready stream (Chisel's {@code Queue(gen, 1, pipe = true)}): the
 * output's {@code valid} and {@code bits} come from flip-flops, and a word moves in every cycle,
 * because the stage takes a new word in the cycle its word leaves. {@code in.ready} is
 * {@code !out.valid || out.ready}, a combinational path from the consumer; where that path is too
 * long, use a {@link SkidBuffer}.
 *
 * <pre>{@code
 * Stream<Request> late = early.pipe();                          // inline, inside any module
 * StreamPipe<UInt> p = instance(new StreamPipe<>(UInt(16)));    // or as a module: in_*, out_*
 * }</pre>
 */
public final class StreamPipe<T extends Data> extends Module {
    public final Stream<T> in;
    public final Stream<T> out;

    public StreamPipe(T gen) {
        int width = gen.width();
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("StreamPipe width must be 1.." + Widths.MAX + ", got " + width);
        param("width", width);
        in = input(new Stream<>(typeOf(gen)));
        out = output(new Stream<>(typeOf(gen)));
        out.connect(of(in));
    }

    /** A register stage fed by {@code in}, inside the current module; drives {@code in.ready}. */
    public static <T extends Data> Stream<T> of(Stream<T> in) {
        Stream<T> out = wire(new Stream<>(typeOf(in.bits))).named("pipe_out");
        Bool full = regInit(Bool(), 0).named("pipe_full");
        Bool take = full.not().or(out.ready).named("pipe_take");
        when(take, () -> full.set(in.valid));
        out.valid.set(full);
        // Loaded on every take, not only with a valid word: the register then holds what the
        // producer drives from the first cycle on, never a never-written X (four-state simulation).
        out.bits.set(regEnable(in.bits, take).named("pipe_bits"));
        in.ready.set(take);
        return out;
    }
}
