package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.PriorityEncoder;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** {@link PriorityEncoder}: valid exactly when a bit is set, and then the index of the lowest set bit. */
public final class PriorityEncoderProperties extends Module {
    public final UInt in;
    public final UInt out;
    public final Bool valid;

    public PriorityEncoderProperties(int width) {
        param("width", width);
        in = input(UInt(width));
        PriorityEncoder dut = instance("dut", new PriorityEncoder(width));
        dut.in.set(in);
        out = output(UInt(dut.out.width()));
        valid = output(Bool());
        out.set(dut.out);
        valid.set(dut.valid);

        Assert(dut.valid.eq(in.orR()), "valid exactly when some bit is set");
        Assert(dut.valid.not().or(LowestValid.selects(dut.out, bitsOf(in))), "the index is that of the lowest set bit");
        Cover(dut.valid.and(dut.out.eq(width - 1)), "the highest index is selected");
    }

    private static java.util.List<Bool> bitsOf(UInt x) {
        java.util.List<Bool> bits = new java.util.ArrayList<>();
        for (int i = 0; i < x.width(); i++) bits.add(x.bit(i));
        return bits;
    }
}
