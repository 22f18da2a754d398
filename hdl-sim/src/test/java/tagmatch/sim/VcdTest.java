package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.verilator.VerilatorOptions;

class VcdTest {
    @TempDir
    Path tmp;

    @Test
    void waveformOfACounterShowsClockResetAndCount() throws Exception {
        Path file = tmp.resolve("counter.vcd");
        VerilatorOptions traced = VerilatorOptions.defaults().withTrace(true);
        try (Simulator s = Simulators.verilator(TestDesigns.counter(), traced)) {
            s.openVcd(file);
            s.reset();                      // cycle 0
            s.poke("en", 1);
            s.step(4);                      // cycles 1..4
            s.run(Stimulus.builder().drive(s.port("en")).row(0).row(1).build()); // cycles 5, 6
            s.closeVcd();
        }
        Vcd vcd = Vcd.read(file);
        Vcd.Signal clk = vcd.signal("clk");
        Vcd.Signal count = vcd.signal("count");
        assertEquals(8, count.width());
        assertEquals("counter.count", count.name(), "top-level ports sit in the scope named after the top module");
        assertEquals(8, vcd.signal("counter.counter.c").width(), "internal registers are traced too");
        // Cycle c settles at time 10c (clock low) and clocks at 10c+5.
        for (int c = 0; c < 7; c++) {
            assertEquals(BigInteger.ZERO, clk.valueAt(10L * c), "clk low at cycle " + c);
            assertEquals(BigInteger.ONE, clk.valueAt(10L * c + 5), "clk high at cycle " + c);
        }
        assertEquals(BigInteger.ONE, vcd.signal("reset").valueAt(0));
        assertEquals(BigInteger.ZERO, vcd.signal("reset").valueAt(10));
        long[] expected = {0, 0, 1, 2, 3, 4, 4, 5};
        for (int c = 0; c < expected.length; c++) {
            assertEquals(BigInteger.valueOf(expected[c]), count.valueAt(10L * c), "count at cycle " + c);
        }
        assertEquals(BigInteger.ZERO, vcd.signal("en").valueAt(50));
        assertEquals(70, vcd.endTime(), "closing dumps the final settled state");
    }

    @Test
    void parserReadsVectorsScopesAndRejectsUnknownIds() {
        String text = String.join("\n", "$timescale 1ps $end", "$scope module TOP $end", "$var wire 1 ! clk $end",
                "$scope module top $end", "$var wire 4 \" q [3:0] $end", "$upscope $end", "$upscope $end",
                "$enddefinitions $end", "#0", "$dumpvars", "0!", "b0101 \"", "$end", "#5", "1!", "bx1 \"", "");
        Vcd v = Vcd.parse(text);
        assertEquals(BigInteger.valueOf(5), v.signal("TOP.top.q").valueAt(4));
        assertEquals(BigInteger.ONE, v.signal("q").valueAt(5));
        assertEquals(BigInteger.ONE, v.signal("clk").valueAt(100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Vcd.parse(text + "#9\n1%\n"));
        assertEquals("VCD: value change for undeclared id '%' at time 9", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> v.signal("nope"));
        assertTrue(e.getMessage().startsWith("no signal 'nope' in the VCD; signals are [TOP.clk, TOP.top.q]"), e.getMessage());
    }
}
