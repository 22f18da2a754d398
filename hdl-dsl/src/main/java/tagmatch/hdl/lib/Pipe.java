package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A valid/data pipeline of {@code latency} register stages: what enters with valid appears at
 * the output {@code latency} cycles later. Valid bits reset to 0; data registers load only with
 * valid, so idle stages do not toggle.
 *
 * <pre>{@code
 * Valid<UInt> late = Pipe.delay(early, 3);   // inline
 * }</pre>
 */
public final class Pipe extends Module {
    public final Valid<UInt> in;
    public final Valid<UInt> out;

    public Pipe(int width, int latency) {
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("Pipe width must be 1.." + Widths.MAX + ", got " + width);
        if (latency < 1 || latency > 64) throw new IllegalArgumentException("Pipe latency must be 1..64, got " + latency);
        param("width", width);
        param("latency", latency);
        in = input(new Valid<>(UInt(width)));
        out = output(new Valid<>(UInt(width)));
        out.set(delay(in, latency));
    }

    /** {@code latency} stages of valid/data registers inside the current module. */
    public static Valid<UInt> delay(Valid<UInt> in, int latency) {
        Bool valid = in.valid;
        UInt bits = in.bits;
        for (int i = 0; i < latency; i++) {
            UInt b = regEnable(bits, valid).named("stage" + i + "_bits");
            valid = regNext(valid, 0).named("stage" + i + "_valid");
            bits = b;
        }
        Valid<UInt> out = wire(new Valid<>(UInt(in.bits.width())));
        out.valid.set(valid);
        out.bits.set(bits);
        return out;
    }
}
