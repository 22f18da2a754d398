package example.parity;

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
import tagmatch.sim.peekpoke.StreamDriver;
import tagmatch.sim.peekpoke.Testbench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * Two clock domains, a synchronizer, a printf, an external module with its Java model and a
 * stream testbench: the Verilog is clean for the three readers, and Verilator, the compiled
 * backend and the interpreter give the same stream, the same count on the second clock and the
 * same printed lines, each as the bytes sent say.
 */
class ParityLinkTest {
    private static final int BYTES = 48;

    @Test
    void itsVerilogIsCleanUnderVerilatorYosysAndIverilog(@TempDir Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(ParityLink::new);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        for (VerilogTools.Result r : VerilogTools.readers(files, c.top().name()))
            assertTrue(r.ok(), () -> r.tool() + " rejected it:\n" + r.output());
    }

    @Test
    void everyBackendGivesTheSameStreamCountAndPrints() {
        Circuit c = Elaborator.elaborate(ParityLink::new);
        BehaviouralModels models = BehaviouralModels.of("parity8", at -> new Parity8Model());
        List<Long> bytes = new ArrayList<>();
        Random r = new Random(7);
        long odd = 0;
        for (int i = 0; i < BYTES; i++) {
            long b = r.nextInt(256);
            bytes.add(b);
            odd += Long.bitCount(b) & 1;
        }
        String verilator = run(Simulators.verilator(c), bytes, odd);
        assertTrue(verilator.endsWith("clk_b: odd bytes " + odd + "\n"), verilator);
        for (String backend : List.of("compiled", "interpreter"))
            assertEquals(verilator, run(Simulators.of(backend, c, models), bytes, odd), backend + " against Verilator");
    }

    /**
     * Sends {@code bytes} into {@code in} while {@code out} is drained under back-pressure and
     * {@code clk_b} ticks every third cycle; returns what {@code odd_seen} was after each of its
     * ticks, then the printed lines.
     */
    private static String run(Simulator sim, List<Long> bytes, long odd) {
        try (sim) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            sim.printTo(new PrintStream(printed, true, StandardCharsets.UTF_8));
            Testbench tb = Testbench.of(sim);
            Handle<UInt> clkB = tb.port("clk_b");
            Handle<UInt> rstBN = tb.port("rst_b_n");
            Handle<UInt> oddSeen = tb.port("odd_seen");
            tb.poke(rstBN, 0);
            tb.tick(clkB);
            tb.poke(rstBN, 1);
            tb.reset();
            StreamDriver<UInt> in = StreamDriver.of(tb, "in", UInt(8));
            StreamDriver<UInt> out = StreamDriver.of(tb, "out", UInt(9)).backPressure(new Random(3), 0.4);
            StringBuilder trace = new StringBuilder();
            tb.run(() -> {
                tb.fork("clk_b", () -> {
                    for (;; tb.step(3)) {
                        tb.tick(clkB);
                        trace.append(tb.peekLong(oddSeen)).append(' ');
                    }
                });
                tb.fork("send", () -> bytes.forEach(in::enqueue));
                for (long b : bytes) out.expectDequeue((long) (Long.bitCount(b) & 1) << 8 | b);
                tb.waitUntil(() -> tb.peekLong(oddSeen) == odd);
            });
            return trace + "\n" + printed.toString(StandardCharsets.UTF_8);
        }
    }
}
