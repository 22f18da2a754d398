package tagmatch.sim.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.flat.Schedule;

/**
 * Wires that are a bit range of one word ({@link BitView}) are computed where they are read, and a
 * block that reads them depends on those bits only. Every way that can go wrong leaves a value
 * the interpreter, which stores every wire, does not have: a block that misses a change of its
 * bits (of a port, compared; of a register, told), a view a wide helper reads by its slot, a
 * waveform that shows a view's slot unstored.
 */
class BitViewTest {
    private static final String[] IN = {"a", "en", "d"};
    private static final String[] OUT = {"lo", "hi", "mid", "reg_bits", "wide", "any", "b90_out"};

    @TempDir
    Path tmp;

    /** Bits of a wide port and of a register, read by narrow logic, by a register and by wide operations (a helper). */
    static final class Fanout extends Module {
        Fanout() {
            UInt a = input("a", UInt(100));
            Bool en = input("en", Bool());
            UInt d = input("d", UInt(40));
            UInt r = reg(UInt(40)).named("r");
            when(en, () -> r.set(d));
            UInt b3 = wireOf("b3", a.bits(3, 3));
            UInt b70 = wireOf("b70", a.bits(70, 70));
            UInt mid = wireOf("mid_bits", a.bits(69, 66));
            UInt rb = wireOf("r_bits", r.bits(13, 10));
            output("lo", UInt(2)).set(cat(b3, a.bit(5)));
            output("hi", UInt(1)).set(b70);
            output("mid", UInt(4)).set(mid);
            UInt acc = reg(UInt(4)).named("acc");
            acc.set(acc.add(rb));
            output("reg_bits", UInt(4)).set(acc.xor(rb));
            output("wide", UInt(102)).set(cat(b70, a.add(b3)));
            output("any", UInt(1)).set(a.bit(64).or(r.bit(39)).asUInt());
            UInt b90 = wireOf("b90", a.bit(90).asUInt());
            output("b90_out", UInt(1)).set(b90.xor(b3));
        }
    }

    @Test
    void blocksReadingBitsSeeEveryChangeOfThoseBitsAgainstTheInterpreter() {
        Circuit circuit = Elaborator.elaborate(Fanout::new);
        Schedule schedule = new Schedule(circuit, BehaviouralModels.none(), "compiled backend", "test");
        java.util.Collection<BitView> views = BitView.of(schedule, Set.of()).values();
        assertTrue(views.stream().anyMatch(v -> v.shift() == 26 && v.width() == 1), "a[90].asUInt() is no view: " + views);
        assertTrue(views.stream().anyMatch(v -> v.shift() == 10 && v.width() == 4), "r[13:10] is no view: " + views);
        AgainstInterpreter.run(circuit, false, 3000, 11, OUT, (r, reference, poke) -> {
            // Mostly nothing changes; now and then one bit of one input does.
            if (r.nextInt(3) == 0) {
                String p = IN[r.nextInt(IN.length)];
                poke.accept(p, reference.peekWide(reference.port(p)).flipBit(r.nextInt(reference.port(p).width())));
            }
        });
    }

    @Test
    void aWaveformShowsViewsAsTheInterpreterDoes() throws Exception {
        Circuit circuit = Elaborator.elaborate(Fanout::new);
        for (String backend : new String[] {"interpreter", "compiled"}) {
            try (Simulator s = Simulators.of(backend, circuit)) {
                s.openVcd(tmp.resolve(backend + ".vcd"));
                Random r = new Random(3);
                for (int c = 0; c < 50; c++) {
                    s.poke("a", new BigInteger(100, r));
                    s.poke("en", r.nextInt(2));
                    s.poke("d", new BigInteger(40, r));
                    s.step(1);
                }
                s.closeVcd();
            }
        }
        String reference = Files.readString(tmp.resolve("interpreter.vcd"));
        assertEquals(reference, Files.readString(tmp.resolve("compiled.vcd")));
    }
}
