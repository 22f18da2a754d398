package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A valid/data pipeline of {@code latency} register stages for data of any type (Chisel's
 * {@code Pipe}): what enters with valid appears at the output {@code latency} cycles later.
 * Valid bits reset to 0; data registers load only with valid, so idle stages do not toggle, and
 * have no reset. The output's data is 0 while its valid is 0: a stage that has never held a
 * word is X in a four-state simulator, and the gate keeps that X inside the pipe.
 *
 * <pre>{@code
 * Valid<Request> late = Pipe.delay(early, 3);               // inline, any payload type
 * Pipe<UInt> p = instance(new Pipe<>(UInt(16), 2));         // or as a module: in_*, out_*
 * }</pre>
 */
public final class Pipe<T extends Data> extends Module {
    public final Valid<T> in;
    public final Valid<T> out;

    public Pipe(T gen, int latency) {
        int width = gen.width();
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("Pipe width must be 1.." + Widths.MAX + ", got " + width);
        if (latency < 1 || latency > 64) throw new IllegalArgumentException("Pipe latency must be 1..64, got " + latency);
        param("width", width);
        param("latency", latency);
        in = input(new Valid<>(typeOf(gen)));
        out = output(new Valid<>(typeOf(gen)));
        out.set(delay(in, latency));
    }

    /** {@code latency} stages of valid/data registers inside the current module. */
    public static <T extends Data> Valid<T> delay(Valid<T> in, int latency) {
        Bool valid = in.valid;
        T bits = in.bits;
        for (int i = 0; i < latency; i++) {
            T b = regEnable(bits, valid).named("stage" + i + "_bits");
            valid = regNext(valid, 0).named("stage" + i + "_valid");
            bits = b;
        }
        Valid<T> out = wire(new Valid<>(typeOf(in.bits)));
        out.valid.set(valid);
        UInt raw = bits.asUInt();
        out.bits.set(typeOf(in.bits).fromBits(raw.and(raw.width() == 1 ? valid : fill(raw.width(), valid)).named("out_gated")));
        return out;
    }
}
