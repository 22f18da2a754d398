package tagmatch.hdl.testdesigns;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.lib.Stream;

import static tagmatch.hdl.core.Hdl.*;

/** One of each construct, for the golden-file test: bundles, vecs, SInt, memory, switch, when. */
public final class KitchenSink extends Module {
    final Stream<UInt> in = input(new Stream<>(UInt(8)));
    final Stream<UInt> out = output(new Stream<>(UInt(8)));
    final SInt s = input(SInt(6));
    final SInt sOut = output(SInt(7));
    final UInt sel = input(UInt(2));
    final UInt picked = output(UInt(8));
    final Bool parity = output(Bool());

    public KitchenSink() {
        param("kind", "golden");
        Vec<UInt> slots = regZero(Vec(4, () -> UInt(8)));
        UInt wptr = regInit(UInt(2), 0);
        Mem<UInt> ram = mem(4, UInt(8));
        when(in.fire(), () -> {
            slots.at(wptr).set(in.bits);
            ram.write(wptr, in.bits.xor(lit(0x5a, 8)));
            wptr.set(wptr.add(1));
        });
        in.ready.set(out.ready);
        out.valid.set(in.valid);
        out.bits.set(ram.read(sel));
        UInt choice = wire(UInt(8));
        switchOn(sel)
                .is(0, () -> choice.set(slots.get(0)))
                .is(1, () -> choice.set(slots.get(1).shr(1).pad(8)))
                .is(2, () -> choice.set(cat(slots.get(2).bits(3, 0), slots.get(3).bits(7, 4))))
                .otherwise(() -> choice.set(slots.at(sel)));
        picked.set(choice);
        sOut.set(s.addExpand(slit(-3, 6)));
        parity.set(slots.asUInt().xorR());
    }
}
