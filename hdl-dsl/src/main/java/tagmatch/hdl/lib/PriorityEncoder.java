package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.List;

/**
 * The index of the lowest set bit of {@code in}, and whether any bit is set; a
 * {@link PriorityTree} without payload, so its depth is logarithmic in the width.
 *
 * <pre>{@code
 * PriorityEncoder e = instance(new PriorityEncoder(8));
 * e.in.set(requests);   // e.out is the lowest requester, e.valid says there is one
 * }</pre>
 */
public final class PriorityEncoder extends Module {
    public final UInt in;
    public final UInt out;
    public final Bool valid;

    public PriorityEncoder(int width) {
        if (width < 2 || width > 65536) throw new IllegalArgumentException("PriorityEncoder width must be 2..65536, got " + width);
        param("width", width);
        in = input(tagmatch.hdl.core.Hdl.UInt(width));
        out = output(tagmatch.hdl.core.Hdl.UInt(Widths.forCount(width)));
        valid = output(tagmatch.hdl.core.Hdl.Bool());
        List<Bool> bits = new ArrayList<>();
        for (int i = 0; i < width; i++) bits.add(in.bit(i));
        PriorityTree.Selection s = PriorityTree.select(bits, null, 2);
        out.set(s.index());
        valid.set(s.valid());
    }
}
