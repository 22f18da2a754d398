package example.tone;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.Handle;
import tagmatch.sim.peekpoke.Testbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The design the library promises can be written from its README: an external Verilog module,
 * an asynchronous active-low reset, two clocks and an initialised memory. Its Verilog is clean
 * for Verilator's lint, yosys and Icarus; Verilator (with {@code crc8.v}), the interpreter and
 * the compiled backend (with {@link Crc8Model}) give the same outputs at every step, and the CRC
 * is always the CRC of the samples counted so far.
 */
class ToneChecksumTest {
    private static final int STEPS = 1500;

    @Test
    void itsVerilogIsCleanUnderVerilatorYosysAndIverilog(@TempDir Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(ToneChecksum::new);
        List<Path> files = new ArrayList<>(VerilogEmitter.writeFiles(c, dir));
        files.add(Crc8.SOURCE);
        for (VerilogTools.Result r : VerilogTools.readers(files, c.top().name()))
            assertTrue(r.ok(), () -> r.tool() + " rejected it:\n" + r.output());
    }

    @Test
    void theVerilogAndTheJavaModelAgreeAndEverySampleIsChecked() {
        Circuit c = Elaborator.elaborate(ToneChecksum::new);
        List<long[]> verilated = run(Simulators.verilator(c));
        BehaviouralModels models = BehaviouralModels.of("crc8", Crc8Model::new);
        for (String backend : List.of("interpreter", "compiled")) {
            List<long[]> modelled = run(Simulators.of(backend, c, models));
            for (int i = 0; i < STEPS; i++)
                assertEquals(List.of(verilated.get(i)[0], verilated.get(i)[1], verilated.get(i)[2]),
                        List.of(modelled.get(i)[0], modelled.get(i)[1], modelled.get(i)[2]),
                        "count, crc, preview at step " + i + ": Verilator (expected), " + backend + " (actual)");
        }
        long samples = verilated.get(STEPS - 1)[0];
        assertTrue(samples > 100, "samples through: " + samples);
    }

    /**
     * Resets, then ticks the sample clock every 2 steps (faster than the FIFO drains, so the
     * source stalls) and later every 9 (slower, so the FIFO runs empty), the output clock every
     * 7; after each step checks the CRC against the samples counted and records the outputs.
     */
    private static List<long[]> run(Simulator sim) {
        Testbench tb = Testbench.of(sim);
        Handle<UInt> sclk = tb.port("sclk");
        Handle<UInt> oclk = tb.port("oclk");
        Handle<UInt> count = tb.port("count");
        Handle<UInt> crc = tb.port("crc");
        Handle<UInt> preview = tb.port("preview");
        tb.poke(tb.port("rst_n"), 0);
        tb.step();
        tb.poke(tb.port("rst_n"), 1);
        List<long[]> trace = new ArrayList<>();
        tb.run(() -> {
            tb.fork("sclk", () -> {
                for (int i = 0; ; i++) {
                    tb.tick(sclk);
                    tb.step(i < 150 ? 2 : 9);
                }
            });
            tb.fork("oclk", () -> {
                for (;; tb.step(7)) tb.tick(oclk);
            });
            for (int i = 0; i < STEPS; i++) {
                tb.step();
                long n = tb.peekLong(count);
                long expected = 0;
                for (int k = 0; k < n; k++) expected = Crc8Model.step(expected, ToneChecksum.SINE[k % 16], ToneChecksum.POLY);
                tb.expect(crc, expected, "the CRC of the first " + n + " samples");
                trace.add(new long[] {n, tb.peekLong(crc), tb.peekLong(preview)});
            }
        });
        return trace;
    }
}
