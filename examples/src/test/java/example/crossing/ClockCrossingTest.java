package example.crossing;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.UInt;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.Handle;
import tagmatch.sim.peekpoke.Testbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two clocks from two testbench threads at unrelated rates; the count arrives whole and in order. */
class ClockCrossingTest {
    @ParameterizedTest
    @ValueSource(strings = {"verilator", "interpreter"})
    void everyWordCrossesInOrder(String backend) {
        Testbench tb = Testbench.of(Simulators.of(backend, Elaborator.elaborate(() -> new ClockCrossing(8))));
        Handle<UInt> wclk = tb.port("wclk");
        Handle<UInt> rclk = tb.port("rclk");
        Handle<UInt> received = tb.port("received");
        tb.poke(tb.port("wrst_n"), 0);
        tb.poke(tb.port("rrst_n"), 0);
        tb.step();
        tb.poke(tb.port("wrst_n"), 1);
        tb.poke(tb.port("rrst_n"), 1);
        tb.run(() -> {
            tb.fork("wclk", () -> { for (;; tb.step(2)) tb.tick(wclk); });
            tb.fork("rclk", () -> { for (;; tb.step(7)) tb.tick(rclk); });
            tb.waitUntil(() -> tb.peekLong(received) >= 300);
            tb.expect(tb.port("error"), 0, "every word is the one after the last");
        });
        assertTrue(tb.peekLong(received) >= 300);
    }
}
