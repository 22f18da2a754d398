package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.lib.OneHotMux;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** {@link OneHotMux}: with at most one select bit set, the output is the selected input, or 0. */
public final class OneHotMuxProperties extends Module {
    public final UInt sel;
    public final Vec<UInt> in;
    public final UInt out;

    public OneHotMuxProperties(int inputs, int width) {
        param("inputs", inputs);
        param("width", width);
        sel = input(UInt(inputs));
        in = input(Vec(inputs, () -> UInt(width)));
        out = output(UInt(width));
        OneHotMux<UInt> dut = instance("dut", new OneHotMux<>(inputs, UInt(width)));
        dut.sel.set(sel);
        dut.in.set(in);
        out.set(dut.out);

        Assume(sel.and(sel.sub(1)).eq(0), "at most one select bit is set");
        for (int i = 0; i < inputs; i++) {
            int k = i;
            when(sel.bit(k), () -> Assert(dut.out.eq(in.get(k)), "the output is the selected input"));
        }
        Assert(sel.ne(0).or(dut.out.eq(0)), "the output is 0 when nothing is selected");
        Cover(sel.bit(inputs - 1).and(dut.out.ne(0)), "the last input passes a nonzero word");
    }
}
