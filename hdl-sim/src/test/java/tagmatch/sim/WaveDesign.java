package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

/**
 * A design whose waveform has every kind of value: ports, registers and named wires in two
 * levels of instances, a wide port and a wide register, a 300-bit wire, memories that
 * are traced word by word (a narrow and a wide one) and one too deep to trace.
 */
final class WaveDesign extends Module {
    /** An accumulator with a named sum wire and a wide output cut from a 300-bit wire. */
    static final class Stage extends Module {
        final UInt a = input("a", UInt(8));
        final UInt q = output("q", UInt(8));
        final UInt w = output("w", UInt(100));

        Stage() {
            UInt acc = regInit(UInt(8), 0).named("acc");
            UInt sum = wire("sum", UInt(8));
            sum.set(acc.add(a).bits(7, 0));
            acc.set(sum);
            q.set(acc);
            UInt big = wire("big", UInt(300));
            big.set(a.pad(300).shl(290).bits(299, 0));
            w.set(big.bits(299, 200));
        }
    }

    /** A stage one level further down. */
    static final class Pair extends Module {
        final UInt a = input("a", UInt(8));
        final UInt q = output("q", UInt(8));

        Pair() {
            Stage inner = instance("inner", new Stage());
            inner.a.set(a.xor(lit(0x5a, 8)));
            q.set(inner.q);
        }
    }

    WaveDesign() {
        UInt x = input("x", UInt(8));
        Bool we = input("we", Bool());
        UInt d = input("d", UInt(100));
        Stage first = instance("first", new Stage());
        Pair pair = instance("pair", new Pair());
        first.a.set(x);
        pair.a.set(first.q);
        output("y", UInt(8)).set(pair.q);
        UInt held = regInit(UInt(100), 0).named("held");
        held.set(d.xor(first.w));
        output("h", UInt(100)).set(held);
        Mem<UInt> ram = mem(4, UInt(8)).named("ram");
        Mem<UInt> wide = mem(4, UInt(80)).named("wide");
        Mem<UInt> deep = mem(40, UInt(8)).named("deep");
        when(we, () -> {
            ram.write(x.bits(1, 0), x);
            wide.write(x.bits(2, 1), d.bits(79, 0));
            deep.write(x.bits(5, 0), x);
        });
        output("m", UInt(8)).set(ram.read(x.bits(2, 1)));
        output("n", UInt(80)).set(wide.read(x.bits(1, 0)));
        output("o", UInt(8)).set(deep.read(x.bits(6, 1)));
    }
}
