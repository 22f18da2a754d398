package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.verilator.VerilatorOptions;

class VcdTest {
    @TempDir
    Path tmp;

    /** Resets, pokes, peeks between pokes (two settles in one cycle), steps and a batched run with a wide input. */
    private static void drive(Simulator s) {
        s.reset(2);
        s.poke("x", 3);
        s.poke("we", 1);
        s.step(2);
        s.poke("x", 5);
        s.peek("m");
        s.poke("x", 6);
        s.step(1);
        s.poke("we", 0);
        s.step(1);
        Random r = new Random(7);
        long[] rows = new long[40 * 4];
        for (int i = 0; i < rows.length; i += 4) {
            rows[i] = r.nextInt(256);
            rows[i + 1] = r.nextInt(2);
            rows[i + 2] = r.nextLong();
            rows[i + 3] = r.nextLong() >>> 28;
        }
        s.run(Stimulus.builder().drive(s.port("x"), s.port("we"), s.port("d")).inputs(rows).build());
    }

    private Vcd dump(Simulator sim, String name) throws Exception {
        Path file = tmp.resolve(name + ".vcd");
        try (Simulator s = sim) {
            s.openVcd(file);
            drive(s);
            s.closeVcd();
        }
        return Vcd.read(file);
    }

    @Test
    void javaBackendsDumpTheValuesVerilatorDumpsUnderItsNames() throws Exception {
        Circuit c = Elaborator.elaborate(WaveDesign::new);
        Vcd verilator = dump(Simulators.verilator(c, VerilatorOptions.defaults().withTrace(true)), "verilator");
        for (String backend : List.of("interpreter", "compiled")) {
            Vcd java = dump(Simulators.of(backend, c), backend);
            assertEquals(verilator.endTime(), java.endTime(), backend + ": last timestamp");
            for (String name : List.of("WaveDesign.clk", "WaveDesign.d", "WaveDesign.WaveDesign.held",
                    "WaveDesign.WaveDesign.ram[3]", "WaveDesign.WaveDesign.wide[0]", "WaveDesign.WaveDesign.first.sum",
                    "WaveDesign.WaveDesign.first.w", "WaveDesign.WaveDesign.pair.inner.big", "WaveDesign.WaveDesign.pair.inner.acc", "WaveDesign.WaveDesign.pair.a")) {
                assertTrue(java.signals().containsKey(name), backend + " dumps " + name + ": " + java.signals().keySet());
            }
            for (Vcd.Signal s : java.signals().values()) {
                Vcd.Signal v = verilator.signals().get(s.name());
                assertTrue(v != null, backend + " dumps " + s.name() + ", which Verilator does not");
                assertEquals(v.width(), s.width(), backend + ": width of " + s.name());
                for (long t = 0; t <= java.endTime(); t += 5) {
                    assertEquals(v.valueAt(t), s.valueAt(t), backend + ": " + s.name() + " at time " + t);
                }
            }
            // Verilator also shows the wires the emitted Verilog adds to connect an instance's ports
            Set<String> missing = new TreeSet<>(verilator.signals().keySet());
            missing.removeAll(java.signals().keySet());
            missing.removeIf(name -> name.matches(".*\\.(first|pair|inner)_[^.]*"));
            assertEquals(Set.of(), missing, backend + " leaves out values Verilator shows");
        }
    }

    @Test
    void aWaveformThatCannotBeWrittenIsRefusedNamingTheFile() {
        Circuit c = Elaborator.elaborate(WaveDesign::new);
        Path file = tmp.resolve("missing").resolve("w.vcd");
        for (String backend : List.of("interpreter", "compiled")) {
            try (Simulator s = Simulators.of(backend, c)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.openVcd(file));
                assertTrue(e.getMessage().startsWith("openVcd: could not open " + file + " for writing"), e.getMessage());
                s.step(1); // the simulator runs on without a waveform
            }
        }
    }

    @Test
    void javaBackendsWriteTheSameBytesForTheSameRun() throws Exception {
        Circuit c = Elaborator.elaborate(WaveDesign::new);
        for (String backend : List.of("interpreter", "compiled")) {
            dump(Simulators.of(backend, c), backend + "1");
            dump(Simulators.of(backend, c), backend + "2");
            assertEquals(Files.readString(tmp.resolve(backend + "1.vcd")), Files.readString(tmp.resolve(backend + "2.vcd")),
                    backend);
        }
    }

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
