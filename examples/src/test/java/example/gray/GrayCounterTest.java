package example.gray;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.Handle;
import tagmatch.sim.peekpoke.Testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The external Verilog runs under Verilator; consecutive Gray codes differ in exactly one bit. */
class GrayCounterTest {
    @Test
    void theExternalEncoderGivesOneBitChangePerCount() {
        Circuit c = Elaborator.elaborate(GrayCounter::new);
        Testbench tb = Testbench.of(Simulators.verilator(c));
        Handle<UInt> count = tb.port("count");
        Handle<UInt> gray = tb.port("gray");
        tb.reset();
        tb.poke(tb.port("en"), 1);
        long previous = tb.peekLong(gray);
        for (int i = 0; i < 130; i++) {
            long n = tb.peekLong(count);
            tb.expect(gray, n ^ (n >> 1), "Gray code of " + n);
            if (i > 0) assertEquals(1, Long.bitCount(previous ^ tb.peekLong(gray)), "one bit changes at count " + n);
            previous = tb.peekLong(gray);
            tb.step();
        }
    }

    @Test
    void theInterpreterRefusesTheExternalModuleByName() {
        Circuit c = Elaborator.elaborate(GrayCounter::new);
        RuntimeException e = assertThrows(RuntimeException.class, () -> Simulators.interpreter(c));
        assertTrue(e.getMessage().contains("gray_enc"), e.getMessage());
    }
}
