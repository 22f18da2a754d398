package tagmatch.hdl.lib;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Port;
import tagmatch.process.Exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every library block in a four-state event-driven simulator (Icarus Verilog): after reset, with
 * defined inputs, no output is ever X, whatever storage the block has never written (a FIFO's
 * memory, a pipe's data registers). Inputs are seeded pseudo-random values, new every cycle;
 * every output is checked every cycle after the reset cycles.
 */
class LibraryFourStateTest {
    private static final int RESET_CYCLES = 2;
    private static final int CYCLES = 300;

    static Stream<LibraryLintTest.Case> cases() {
        return LibraryLintTest.cases();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void noOutputIsXAfterReset(LibraryLintTest.Case c, @TempDir Path dir) throws IOException {
        Catalog.Block b = Catalog.block(c.block());
        Circuit circuit = b.elaborate(b.resolve(c.params()));
        List<Path> files = new ArrayList<>(VerilogEmitter.writeFiles(circuit, dir));
        Path bench = dir.resolve("bench.v");
        Files.writeString(bench, bench(circuit));
        files.add(bench);
        Path vvp = dir.resolve("bench.vvp");
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-s", "bench", "-o", vvp.toString()));
        files.forEach(f -> cmd.add(f.toString()));
        Exec.Result compiled = Exec.of(cmd).hint("iverilog").timeout(Duration.ofMinutes(5)).run();
        assertTrue(compiled.ok(), () -> "iverilog rejected the bench of " + c + ":\n" + compiled.output());
        Exec.Result run = Exec.of("vvp", "-n", vvp.toString()).hint("iverilog").timeout(Duration.ofMinutes(5)).run();
        assertTrue(run.ok(), () -> "vvp failed on " + c + ":\n" + run.tail(20));
        List<String> xs = run.output().lines().filter(l -> l.startsWith("X ")).toList();
        assertTrue(run.output().contains("DONE"), () -> c + ": the bench did not finish:\n" + run.tail(20));
        assertTrue(xs.isEmpty(), () -> c + ": " + xs.size() + " X outputs after reset, first: "
                + String.join("; ", xs.subList(0, Math.min(8, xs.size()))));
    }

    /** Resets, then drives every input with seeded random values each cycle and reports any X output with its cycle. */
    private static String bench(Circuit circuit) {
        List<Port> ports = circuit.top().ports();
        StringBuilder v = new StringBuilder("module bench;\n");
        // a combinational block has no clock or reset: the bench keeps its own to count cycles
        for (String own : List.of("clk", "rst"))
            if (ports.stream().noneMatch(p -> p.name().equals(own))) v.append("  reg ").append(own).append(";\n");
        for (Port p : ports) {
            String range = p.width() == 1 ? "" : "[" + (p.width() - 1) + ":0] ";
            v.append(p.direction() == Direction.IN ? "  reg " : "  wire ").append(range).append(p.name()).append(";\n");
        }
        v.append("  ").append(circuit.top().name()).append(" dut (");
        List<String> conns = new ArrayList<>();
        for (Port p : ports) conns.add("." + p.name() + "(" + p.name() + ")");
        v.append(String.join(", ", conns)).append(");\n");
        v.append("  integer cycle, seed;\n");
        v.append("  initial begin\n    seed = 1; clk = 1'b0;\n");
        v.append("    for (cycle = 0; cycle < ").append(RESET_CYCLES + CYCLES).append("; cycle = cycle + 1) begin\n");
        v.append("      rst = cycle < ").append(RESET_CYCLES).append(";\n");
        for (Port p : ports) {
            if (p.direction() != Direction.IN || p.name().equals("clk") || p.name().equals("rst")) continue;
            List<String> words = new ArrayList<>();
            for (int i = 0; i < (p.width() + 31) / 32; i++) words.add("$random(seed)");
            v.append("      ").append(p.name()).append(" = {").append(String.join(", ", words)).append("};\n");
        }
        v.append("      #4;\n");
        for (Port p : ports) {
            if (p.direction() == Direction.IN) continue;
            v.append("      if (!rst && (^").append(p.name()).append(") === 1'bx) $display(\"X ").append(p.name())
                    .append(" at cycle %0d\", cycle);\n");
        }
        v.append("      #1 clk = 1'b1;\n      #5 clk = 1'b0;\n    end\n");
        v.append("    $display(\"DONE\");\n    $finish;\n  end\nendmodule\n");
        return v.toString();
    }
}
