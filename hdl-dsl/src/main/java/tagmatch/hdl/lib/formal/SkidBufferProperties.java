package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.SkidBuffer;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * {@link SkidBuffer}: holds at most two words, loses and repeats none, delivers them in order,
 * is ready exactly when it has room for the word that may arrive while the consumer stalls, and
 * keeps an offered word offered, unchanged, until it is taken. The words in flight are a
 * formal-only two-entry scoreboard.
 */
public final class SkidBufferProperties extends Module {
    public final Bool inValid;
    public final UInt inBits;
    public final Bool outReady;
    public final Bool inReady;
    public final Bool outValid;
    public final UInt outBits;

    public SkidBufferProperties(int width) {
        param("width", width);
        inValid = input("in_valid", Bool());
        inBits = input("in_bits", UInt(width));
        outReady = input("out_ready", Bool());
        inReady = output("in_ready", Bool());
        outValid = output("out_valid", Bool());
        outBits = output("out_bits", UInt(width));
        SkidBuffer<UInt> dut = instance("dut", new SkidBuffer<>(UInt(width)));
        dut.in.valid.set(inValid);
        dut.in.bits.set(inBits);
        dut.out.ready.set(outReady);
        inReady.set(dut.in.ready);
        outValid.set(dut.out.valid);
        outBits.set(dut.out.bits);

        Bool inFire = inValid.and(dut.in.ready);
        Bool outFire = dut.out.valid.and(outReady);
        UInt[] model = new UInt[2];
        UInt[] held = new UInt[1];
        only(() -> {
            model[0] = reg(UInt(width)).named("model_0");
            model[1] = reg(UInt(width)).named("model_1");
            held[0] = regInit(UInt(2), 0).named("model_count");
            UInt slot = mux(outFire, held[0].sub(1), held[0]);
            model[0].set(mux(inFire.and(slot.eq(0)), inBits, mux(outFire, model[1], model[0])));
            model[1].set(mux(inFire.and(slot.eq(1)), inBits, model[1]));
            held[0].set(held[0].add(inFire.pad(2)).sub(outFire.pad(2)));
        });
        Assert(held[0].le(2), "holds at most two words");
        Assert(dut.out.valid.eq(held[0].ne(0)), "offers a word exactly when it holds one");
        Assert(dut.in.ready.eq(held[0].ne(2)), "ready exactly when the spare register is free");
        when(dut.out.valid, () -> Assert(dut.out.bits.eq(model[0]), "delivers words in the order they came, none lost"));
        when(initial().not().and(past(dut.out.valid.and(outReady.not()))),
                () -> Assert(dut.out.valid.and(stable(dut.out.bits)), "an offered word stays offered, unchanged, until taken"));
        Cover(held[0].eq(2), "the spare register catches a word");
        Cover(inFire.and(outFire), "a word enters and one leaves in the same cycle");
    }
}
