package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.Pipe;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** {@link Pipe}: what enters with valid leaves exactly {@code latency} cycles later, and nothing else. */
public final class PipeProperties extends Module {
    public final Bool inValid;
    public final UInt inBits;
    public final Bool outValid;
    public final UInt outBits;

    public PipeProperties(int width, int latency) {
        param("width", width);
        param("latency", latency);
        inValid = input("in_valid", Bool());
        inBits = input("in_bits", UInt(width));
        outValid = output("out_valid", Bool());
        outBits = output("out_bits", UInt(width));
        Pipe<UInt> dut = instance("dut", new Pipe<>(UInt(width), latency));
        dut.in.valid.set(inValid);
        dut.in.bits.set(inBits);
        outValid.set(dut.out.valid);
        outBits.set(dut.out.bits);

        // The pipe is refilled after a reset: compare only once every stage has seen an input since.
        Bool fresh = initial();
        for (int k = 1; k < latency; k++) fresh = fresh.or(past(initial(), k));
        when(fresh.not(), () -> {
            Assert(dut.out.valid.eq(past(inValid, latency)), "valid leaves exactly latency cycles after it entered");
            when(dut.out.valid, () -> Assert(dut.out.bits.eq(past(inBits, latency)), "the data leaves with its valid"));
        });
        Cover(dut.out.valid, "a word comes out");
    }
}
