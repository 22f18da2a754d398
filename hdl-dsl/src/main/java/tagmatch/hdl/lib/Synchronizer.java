package tagmatch.hdl.lib;

import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Brings a signal from another clock domain into this module's clock: a chain of {@code stages}
 * flip-flops (two by default), each marked {@code (* async_reg = "true" *)} so that synthesis
 * keeps them together and timing tools know them. The first flip-flop may go metastable; the
 * chain gives it a clock period to settle. Only for a single bit, or a value that changes one
 * bit at a time between samples (a Gray-coded count): other multi-bit values can be seen torn.
 * As a module it has one clock, {@code clk} (the input simply comes from elsewhere), so it is the
 * {@link Catalog} block {@code synchronizer}.
 *
 * <pre>{@code
 * Synchronizer s = instance(new Synchronizer(1));
 * s.in.set(otherDomainFlag);
 * Bool flag = s.out.bit(0);                       // two clk cycles later, in clk's domain
 * UInt g = Synchronizer.sync(grayPointer, 2, "wptr_sync");   // inline, in the current domain
 * }</pre>
 */
public final class Synchronizer extends Module {
    public final UInt in;
    public final UInt out;

    public Synchronizer(int width) {
        this(width, 2);
    }

    public Synchronizer(int width, int stages) {
        if (stages < 2) throw new IllegalArgumentException("Synchronizer stages must be >= 2, got " + stages);
        param("width", width);
        param("stages", stages);
        in = input("in", UInt(width));
        out = output("out", UInt(width));
        out.set(sync(in, stages, "sync"));
    }

    /**
     * {@code value} through {@code stages} flip-flops of the clock domain in force, reset to 0 with
     * it, named {@code name_0} (the first) to {@code name_<stages-1>}; returns the last.
     */
    public static UInt sync(UInt value, int stages, String name) {
        if (stages < 2) throw new IllegalArgumentException("a synchronizer needs at least 2 stages, got " + stages);
        UInt x = value;
        for (int i = 0; i < stages; i++) {
            x = regNext(x, 0).named(name + "_" + i).attribute("async_reg", "true");
        }
        return x;
    }
}
