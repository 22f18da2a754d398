package tagmatch.hdl.backend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/**
 * Simulation-only statements stay out of synthesis: a {@code printf} is emitted under
 * {@code ifndef SYNTHESIS}, so each reader takes the Verilog without a warning, and a reader that
 * does warn is reported as such, not as passed.
 */
class SimulationGuardTest {
    static final class Talker extends Module {
        final Bool en = input(Bool());
        final UInt q = output(UInt(4));

        Talker() {
            UInt c = regInit(UInt(4), 0).named("c");
            when(en, () -> c.set(c.add(1)));
            printf(en, "c=%d\n", c);
            q.set(c);
        }
    }

    @Test
    void aPrintfIsReadByEveryToolWithoutAWarning(@TempDir Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(Talker::new);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        String v = Files.readString(files.get(0));
        assertTrue(v.contains("`ifndef SYNTHESIS"), v);
        for (VerilogTools.Result r : VerilogTools.readers(files, "Talker"))
            assertTrue(r.ok(), () -> r.verdict() + ":\n" + r.output() + "\n" + v);
    }

    @Test
    void aReaderThatWarnsIsNotReportedAsPassed(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("Loud.v");
        Files.writeString(f, "module Loud(input wire clk, input wire [3:0] x, output wire [3:0] y);\n"
                + "  assign y = x;\n  always @(posedge clk) $write(\"x=%0d\\n\", x);\nendmodule\n");
        VerilogTools.Result yosys = VerilogTools.yosys(List.of(f), "Loud");
        assertTrue(yosys.ran(), yosys.output());
        assertFalse(yosys.ok(), yosys.output());
        assertEquals(1, yosys.warnings().size(), yosys.output());
        assertTrue(yosys.verdict().startsWith("yosys: 1 warning"), yosys.verdict());
    }
}
