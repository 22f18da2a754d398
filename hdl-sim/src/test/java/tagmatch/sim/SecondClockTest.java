package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tagmatch.hdl.core.Hdl.*;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/**
 * A register clocked by a second clock input counts that clock's rising edges, not the main
 * clock's, on every backend: an edge happens when the testbench pokes the clock from 0 to 1 and
 * the design is next evaluated, as Verilator steps it.
 */
class SecondClockTest {
    static final class TwoClocks extends Module {
        TwoClocks() {
            Bool clk2 = input("clk2", Bool());
            UInt fast = output("fast", UInt(8));
            UInt slow = output("slow", UInt(8));
            UInt a = regInit(UInt(8), 0).named("a");
            a.set(a.add(1));
            fast.set(a);
            UInt[] b = new UInt[1];
            withClock(clk2, () -> b[0] = reg(UInt(8)).named("b"));
            b[0].set(b[0].add(1));
            slow.set(b[0]);
        }
    }

    @Test
    void aSecondClockDomainCountsOnlyItsOwnEdges() {
        Circuit c = Elaborator.elaborate(TwoClocks::new);
        for (String backend : Simulators.BACKENDS) {
            try (Simulator s = Simulators.of(backend, c)) {
                s.reset();
                s.step(10);
                assertEquals(10, s.peek("fast"), backend);
                assertEquals(0, s.peek("slow"), backend + ": ten main-clock cycles with clk2 held low");
                for (int i = 0; i < 5; i++) {
                    s.poke("clk2", 1);
                    s.step();
                    s.poke("clk2", 0);
                    s.step();
                }
                assertEquals(5, s.peek("slow"), backend + ": five clk2 edges");
                s.poke("clk2", 1);
                assertEquals(6, s.peek("slow"), backend + ": an edge shows at the next evaluation, without a main-clock cycle");
            }
        }
    }
}
