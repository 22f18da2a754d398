package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.InternalSignals;
import tagmatch.sim.peekpoke.Testbench;

/**
 * After dead logic is removed the three backends compute the same outputs; a signal kept with
 * {@code keep()} is probed on each of them, and a probe of a removed one says why it is gone.
 */
class DeadLogicProbeTest {
    static final class Counter extends Module {
        final Bool en = input(Bool());
        final UInt d = input(UInt(8));
        final UInt y = output(UInt(8));

        Counter() {
            UInt unread = regInit(UInt(8), 0).named("unread");
            unread.set(unread.add(d));
            UInt seen = regInit(UInt(8), 0).named("seen").keep();
            when(en, () -> seen.set(seen.add(1)));
            UInt acc = regInit(UInt(8), 0).named("acc");
            when(en, () -> acc.set(acc.xor(d)));
            y.set(acc.add(d));
        }
    }

    static final class Top extends Module {
        final Bool en = input(Bool());
        final UInt d = input(UInt(8));
        final UInt y = output(UInt(8));

        Top() {
            Counter c = instance("c", new Counter());
            c.en.set(en);
            c.d.set(d);
            y.set(c.y);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void backendsAgreeAfterRemovalAndAKeptRegisterIsProbed(String backend) {
        Circuit c = InternalSignals.expose(Elaborator.elaborate(Top::new), "c.seen");
        try (Simulator s = Simulators.of(backend, c)) {
            Testbench tb = Testbench.of(s);
            tb.reset();
            java.util.Random r = new java.util.Random(11);
            long acc = 0, seen = 0;
            for (int cycle = 0; cycle < 40; cycle++) {
                long en = r.nextInt(3) == 0 ? 0 : 1, d = r.nextInt(256);
                s.poke("en", en);
                s.poke("d", d);
                assertEquals((acc + d) & 0xff, s.peek("y"), backend + " cycle " + cycle);
                assertEquals(seen, tb.peekLong(tb.internal("c.seen")), backend + " cycle " + cycle);
                if (en == 1) {
                    acc ^= d;
                    seen = (seen + 1) & 0xff;
                }
                s.step();
            }
        }
    }

    @Test
    void aRemovedSignalCannotBeProbedAndTheErrorSaysWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InternalSignals.expose(Elaborator.elaborate(Top::new), "c.unread"));
        assertTrue(e.getMessage().contains("'unread' of module Counter was removed at elaboration")
                && e.getMessage().contains("keep()"), e.getMessage());
    }
}
