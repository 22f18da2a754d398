package tagmatch.sim.verilator;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.SimBuildException;
import tagmatch.sim.SimDesign;
import tagmatch.sim.SimPort;
import tagmatch.sim.TestDesigns;

/** Build failures show the tool's own message and where the generated files are. */
class VerilatorBuildErrorsTest {
    @TempDir
    Path tmp;

    @Test
    void verilogErrorShowsVerilatorsMessageAndTheGeneratedFiles() {
        SimDesign bad = new SimDesign("broken", "module broken(input clk, output [3:0] q);\n  assign q = nosuch;\nendmodule\n",
                List.of(SimPort.in("clk", 1), SimPort.out("q", 4)), "clk", null);
        VerilatorBuild b = new VerilatorBuild(VerilatorOptions.defaults(), new BuildCache(tmp));
        SimBuildException e = assertThrows(SimBuildException.class, () -> b.design(bad));
        String m = e.getMessage();
        assertTrue(m.startsWith("Verilator rejected broken.v (exit "), m);
        assertTrue(m.contains("%Error: broken.v:2:14: Can't find definition of variable: 'nosuch'"), m);
        Path dir = Path.of(m.lines().filter(l -> l.startsWith("Generated files: ")).findFirst().orElseThrow()
                .substring("Generated files: ".length()));
        assertTrue(Files.isRegularFile(dir.resolve("broken.v")), dir.toString());
        assertTrue(Files.isRegularFile(dir.resolve("shim.cpp")), dir.toString());
    }

    @Test
    void compilerErrorShowsItsMessageAndTheGeneratedFiles() {
        VerilatorOptions o = VerilatorOptions.defaults().withFlags(List.of(), List.of("-fno-such-option-xyz"));
        VerilatorBuild b = new VerilatorBuild(o, new BuildCache(tmp));
        SimBuildException e = assertThrows(SimBuildException.class, () -> b.design(TestDesigns.counter()));
        assertTrue(e.getMessage().startsWith("compiling Verilator's runtime (exit 1)."), e.getMessage());
        assertTrue(e.getMessage().contains("unrecognized command-line option '-fno-such-option-xyz'"), e.getMessage());
        assertTrue(e.getMessage().contains("Generated files: " + tmp), e.getMessage());
    }
}
