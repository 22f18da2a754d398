package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.Valid;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** {@link PriorityTree}: selects the lowest valid input, with that input's payload. */
public final class PriorityTreeProperties extends Module {
    public final Vec<Valid<UInt>> in;
    public final Bool outValid;
    public final UInt outIndex;
    public final UInt outBits;

    public PriorityTreeProperties(int inputs, int width, int radix) {
        param("inputs", inputs);
        param("width", width);
        param("radix", radix);
        in = input(Vec(inputs, () -> new Valid<>(UInt(width))));
        PriorityTree<UInt> dut = instance("dut", new PriorityTree<>(inputs, UInt(width), radix));
        dut.in.set(in);
        outValid = output("out_valid", Bool());
        outIndex = output("out_index", UInt(dut.outIndex.width()));
        outBits = output("out_bits", UInt(width));
        outValid.set(dut.outValid);
        outIndex.set(dut.outIndex);
        outBits.set(dut.outBits);

        List<Bool> valids = new ArrayList<>();
        Bool any = FALSE();
        Bool payloadOk = FALSE();
        for (int i = 0; i < inputs; i++) {
            valids.add(in.get(i).valid);
            any = any.or(in.get(i).valid);
            payloadOk = payloadOk.or(dut.outIndex.eq(i).and(dut.outBits.eq(in.get(i).bits)));
        }
        Assert(dut.outValid.eq(any), "valid exactly when some input is valid");
        Assert(dut.outValid.not().or(LowestValid.selects(dut.outIndex, valids)), "the index is that of the lowest valid input");
        Assert(dut.outValid.not().or(payloadOk), "the payload is that of the selected input");
        Cover(dut.outValid.and(dut.outIndex.eq(inputs - 1)), "the last input is selected");
    }
}
