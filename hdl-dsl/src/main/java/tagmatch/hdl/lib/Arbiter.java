package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A fixed-priority arbiter of valid/ready streams (Chisel's {@code Arbiter}): of the inputs that
 * are valid, the lowest-numbered one goes to the output, and {@code chosen} is its index. The
 * choice is held while the output waits: once a word is offered it stays offered until taken,
 * whatever other inputs do meanwhile, so the output is a well-behaved stream.
 *
 * <pre>{@code
 * Arbiter.Arbitrated<Request> a = Arbiter.of(List.of(urgent, normal));   // inline: a.out(), a.chosen()
 * Arbiter<UInt> arb = instance(new Arbiter<>(4, UInt(8)));               // or as a module: in_0_* .. in_3_*, out_*, chosen
 * }</pre>
 *
 * Low inputs can starve high ones; {@link RoundRobinArbiter} shares the output fairly.
 */
public final class Arbiter<T extends Data> extends StreamArbiter<T> {
    /** The arbitrated stream and the index of the input it carries this cycle. */
    public record Arbitrated<T extends Data>(Stream<T> out, UInt chosen) {}

    public Arbiter(int inputs, T gen) {
        super(inputs, gen, Arbiter::of);
    }

    /** A fixed-priority arbiter of {@code ins} (input 0 first), inside the current module; drives every input's {@code ready}. */
    public static <T extends Data> Arbitrated<T> of(List<Stream<T>> ins) {
        return arbitrate(ins, valids -> PriorityTree.select("arb_first", valids, null, 2).index(), (chosen, fire) -> {});
    }

    /**
     * The arbitration both arbiters share: {@code pick} chooses among the valid inputs, the choice
     * is held while the output stalls, and {@code onTransfer} sees the chosen index and the
     * transfer pulse (a round-robin pointer advances there).
     */
    static <T extends Data> Arbitrated<T> arbitrate(List<Stream<T>> ins, Function<List<Bool>, UInt> pick,
                                                    BiConsumer<UInt, Bool> onTransfer) {
        int n = ins.size();
        if (n < 2) throw new IllegalArgumentException("an arbiter needs at least 2 inputs, got " + n);
        int iw = Widths.forCount(n);
        List<Bool> valids = new ArrayList<>();
        List<T> words = new ArrayList<>();
        for (Stream<T> s : ins) {
            valids.add(s.valid);
            words.add(s.bits);
        }
        Bool held = regInit(Bool(), 0).named("arb_held");
        UInt heldIndex = regInit(UInt(iw), 0).named("arb_held_index");
        UInt chosen = mux(held, heldIndex, pick.apply(valids)).named("arb_chosen");
        List<Bool> grants = new ArrayList<>();
        for (int i = 0; i < n; i++) grants.add(chosen.eq(i).named("arb_grant_" + i));
        Bool offered = null;
        for (int i = 0; i < n; i++) {
            Bool g = grants.get(i).and(valids.get(i));
            offered = offered == null ? g : offered.or(g);
        }
        Bool valid = offered.named("arb_valid");
        Stream<T> out = wire(new Stream<>(typeOf(ins.get(0).bits))).named("arb_out");
        out.valid.set(valid);
        out.bits.set(OneHotMux.of(grants, words));
        for (int i = 0; i < n; i++) ins.get(i).ready.set(grants.get(i).and(out.ready));
        Bool transfer = valid.and(out.ready).named("arb_transfer");
        held.set(valid.and(out.ready.not()));
        heldIndex.set(chosen);
        onTransfer.accept(chosen, transfer);
        return new Arbitrated<>(out, chosen);
    }
}
