package example.parity;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.Stream;
import tagmatch.hdl.lib.Synchronizer;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Bytes in and out on the main clock, their parity counted on a second one. Each byte taken from
 * {@code in} leaves on {@code out} with its parity on top (bit 8), computed by an existing Verilog
 * module ({@link Parity8}). The odd bytes are counted on the main clock; the count crosses to
 * {@code clk_b} in Gray code (one bit changes per step) through a two-flip-flop
 * {@link Synchronizer}, where it is turned back into binary, held in {@code odd_seen} and printed
 * whenever it changes. The second domain has its own asynchronous active-low reset.
 */
public final class ParityLink extends Module {
    final Bool clkB = input("clk_b", Bool());
    final Bool rstBN = input("rst_b_n", Bool());
    final Stream<UInt> in = input(new Stream<>(UInt(8)));
    final Stream<UInt> out = output(new Stream<>(UInt(9)));
    final UInt oddSeen = output("odd_seen", UInt(8));

    public ParityLink() {
        Stream<UInt> held = in.pipe();
        Parity8 parity = instance("parity", new Parity8());
        parity.d.set(held.bits);
        out.valid.set(held.valid);
        out.bits.set(cat(parity.odd, held.bits));
        held.ready.set(out.ready);
        UInt odd = regInit(UInt(8), 0).named("odd_count");
        when(out.fire().and(parity.odd), () -> odd.set(odd.add(1)));
        UInt gray = regNext(odd.xor(odd.shr(1).pad(8)), 0).named("odd_gray");

        ClockDomain b = domain(clkB, rstBN, ResetKind.ASYNC_LOW);
        b.run(() -> {
            UInt synced = Synchronizer.sync(gray, 2, "gray_sync");   // reading gray here directly is refused
            UInt binary = synced;
            for (int shift = 1; shift < 8; shift *= 2) binary = binary.xor(binary.shr(shift).pad(8));
            UInt count = regNext(binary.named("odd_binary"), 0).named("count");
            printf(binary.ne(count), "clk_b: odd bytes %d\n", binary);
            oddSeen.set(count);
        });
    }
}
