package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static tagmatch.hdl.core.Hdl.*;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.InternalSignals;
import tagmatch.sim.peekpoke.Testbench;

/**
 * Every value the description names can be probed by its hierarchical name on every backend:
 * a named operator result used many times, a wire, and memory read ports, registered or not,
 * of a power-of-two depth or not; and the Verilog declares them under those names.
 */
class NamedProbeTest {
    static final class Rx extends Module {
        final Bool en = input(Bool());
        final UInt d = input(UInt(8));
        final UInt q = output(UInt(8));
        final UInt n = output(UInt(3));

        Rx() {
            UInt cnt = regInit(UInt(3), 0).named("cnt");
            Bool bitDone = cnt.eq(lit(5, 3)).named("bit_done");
            when(en, () -> cnt.set(mux(bitDone, lit(0, 3), cnt.add(1))));
            Mem<UInt> ram = mem(8, UInt(8)).named("ram");
            Mem<UInt> odd = mem(6, UInt(8)).named("odd");
            when(en, () -> {
                ram.write(cnt, d);
                odd.write(cnt, d.xor(lit(0xff, 8)));
            });
            UInt word = ram.readSync(cnt, TRUE()).named("word");
            UInt oddWord = odd.readSync(cnt, TRUE()).named("odd_word");
            UInt now = ram.read(cnt).named("now");
            UInt mixed = wireOf("mixed", word.xor(oddWord));
            q.set(mux(bitDone, mixed, now).xor(mux(bitDone.and(en), word, oddWord)));
            n.set(mux(bitDone.or(en.not()), cnt, lit(0, 3)).or(mux(bitDone, lit(1, 3), lit(2, 3))));
        }
    }

    static final class Top extends Module {
        final Bool en = input(Bool());
        final UInt d = input(UInt(8));
        final UInt q = output(UInt(8));
        final UInt n = output(UInt(3));

        Top() {
            Rx u2 = instance("u2", new Rx());
            u2.en.set(en);
            u2.d.set(d);
            q.set(u2.q);
            n.set(u2.n);
        }
    }

    private static final String[] PROBES = {"u2.bit_done", "u2.cnt", "u2.word", "u2.odd_word", "u2.now", "u2.mixed"};

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void everyNamedValueIsProbedByItsName(String backend) {
        Circuit plain = Elaborator.elaborate(Top::new);
        String v = VerilogEmitter.emit(plain);
        assertFalse(v.contains("_REG"), v);
        for (String p : PROBES) {
            String leaf = p.substring(3);
            assertFalse(!v.contains(" " + leaf + ";") && !v.contains(" " + leaf + " ="), leaf + " not declared:\n" + v);
        }
        Circuit c = InternalSignals.expose(Elaborator.elaborate(Top::new), PROBES);
        long[] ram = new long[8];
        long[] odd = new long[6];
        long cnt = 0, word = 0, oddWord = 0;
        try (Simulator s = Simulators.of(backend, c)) {
            Testbench tb = Testbench.of(s);
            tb.reset();
            java.util.Random r = new java.util.Random(5);
            for (int cycle = 0; cycle < 60; cycle++) {
                long en = r.nextInt(4) == 0 ? 0 : 1;
                long d = r.nextInt(256);
                s.poke("en", en);
                s.poke("d", d);
                assertEquals(cnt == 5 ? 1 : 0, tb.peekLong(tb.internal("u2.bit_done")), backend + " cycle " + cycle);
                assertEquals(cnt, tb.peekLong(tb.internal("u2.cnt")), backend);
                assertEquals(word, tb.peekLong(tb.internal("u2.word")), backend + " cycle " + cycle);
                assertEquals(oddWord, tb.peekLong(tb.internal("u2.odd_word")), backend + " cycle " + cycle);
                assertEquals(ram[(int) cnt], tb.peekLong(tb.internal("u2.now")), backend);
                assertEquals(word ^ oddWord, tb.peekLong(tb.internal("u2.mixed")), backend);
                long nextWord = ram[(int) cnt];
                long nextOdd = cnt < 6 ? odd[(int) cnt] : 0;
                if (en == 1) {
                    ram[(int) cnt] = d;
                    if (cnt < 6) odd[(int) cnt] = d ^ 0xff;
                    cnt = cnt == 5 ? 0 : cnt + 1;
                }
                word = nextWord;
                oddWord = nextOdd;
                s.step();
            }
        }
    }
}
