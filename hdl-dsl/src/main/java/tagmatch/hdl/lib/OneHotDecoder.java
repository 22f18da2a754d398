package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Decodes an index into {@code n} one-hot lines (Chisel's {@code UIntToOH}): bit {@code i} of
 * {@code out} is 1 exactly when {@code in == i}; an index of {@code n} or more sets no bit.
 * {@link OneHotMux} and {@link PriorityEncoder} go the other way.
 *
 * <pre>{@code
 * UInt sel = OneHotDecoder.decode(index, 6);                  // inline: 6 lines from a 3-bit index
 * OneHotDecoder d = instance(new OneHotDecoder(6));           // or as a module: in (3 bits), out (6 bits)
 * }</pre>
 */
public final class OneHotDecoder extends Module {
    public final UInt in;
    public final UInt out;

    public OneHotDecoder(int outputs) {
        if (outputs < 2 || outputs > 4096) throw new IllegalArgumentException("OneHotDecoder outputs must be 2..4096, got " + outputs);
        param("outputs", outputs);
        in = input(UInt(Widths.forCount(outputs)));
        out = output(UInt(outputs));
        out.set(decode(in, outputs));
    }

    /** {@code n} lines, bit {@code i} set when {@code index == i}, inside the current module. */
    public static UInt decode(UInt index, int n) {
        if (n < 1) throw new IllegalArgumentException("OneHotDecoder.decode needs at least 1 line, got " + n);
        Bits[] lines = new Bits[n];
        for (int i = 0; i < n; i++) lines[n - 1 - i] = index.eq(i);
        return cat(lines);
    }
}
