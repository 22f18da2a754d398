package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A skid buffer on a valid/ready stream: {@code in.ready}, {@code out.valid} and {@code out.bits}
 * all come from flip-flops, so no combinational path crosses it in either direction, and a word
 * still moves in every cycle. It holds up to two words: the output register, and a spare that
 * catches the word the producer sent in the cycle the consumer stalled (the producer only sees
 * {@code ready} fall a cycle later). The spare drains into the output before new words enter.
 *
 * <pre>{@code
 * Stream<Request> cut = far.skid();                             // inline, inside any module
 * SkidBuffer<UInt> s = instance(new SkidBuffer<>(UInt(16)));    // or as a module: in_*, out_*
 * }</pre>
 */
public final class SkidBuffer<T extends Data> extends Module {
    public final Stream<T> in;
    public final Stream<T> out;

    public SkidBuffer(T gen) {
        int width = gen.width();
        if (width < 1 || width > Widths.MAX) throw new IllegalArgumentException("SkidBuffer width must be 1.." + Widths.MAX + ", got " + width);
        param("width", width);
        in = input(new Stream<>(typeOf(gen)));
        out = output(new Stream<>(typeOf(gen)));
        out.connect(of(in));
    }

    /** A skid buffer fed by {@code in}, inside the current module; drives {@code in.ready}. */
    public static <T extends Data> Stream<T> of(Stream<T> in) {
        Stream<T> out = wire(new Stream<>(typeOf(in.bits))).named("skid_out");
        Bool outValid = regInit(Bool(), 0).named("skid_out_full");
        T outBits = reg(typeOf(in.bits)).named("skid_out_word");
        Bool spareValid = regInit(Bool(), 0).named("skid_spare_full");
        T spareBits = reg(typeOf(in.bits)).named("skid_spare_word");
        // ready is "the spare is empty": registered, and enough, since the output register frees
        // itself whenever the consumer takes it.
        Bool accept = in.valid.and(spareValid.not()).named("skid_accept");
        Bool advance = outValid.not().or(out.ready).named("skid_advance");
        when(advance, () -> {
            when(spareValid, () -> {
                outBits.set(spareBits);
                spareValid.set(0);
            }).otherwise(() -> {
                outValid.set(in.valid);
                outBits.set(in.bits);
            });
        }).elseWhen(accept, () -> {
            spareValid.set(1);
            spareBits.set(in.bits);
        });
        in.ready.set(spareValid.not());
        out.valid.set(outValid);
        out.bits.set(outBits);
        return out;
    }
}
