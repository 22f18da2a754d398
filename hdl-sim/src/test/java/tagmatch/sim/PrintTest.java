package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.sim.backends.Simulators;

/** {@code printf} prints the same text on every backend, into the stream the simulator is given. */
class PrintTest {

    @Test
    void everyBackendPrintsTheSameTextToTheStreamItIsGiven() {
        Circuit c = Elaborator.elaborate(PrintDesigns.Counting::new);
        String interpreted = printed(Simulators.interpreter(c));
        assertTrue(interpreted.contains("n=2 hex=2 bin=10 wide=20000000000000002 100% signed 2 2 10 "
                + "9223372036854775808\n"), interpreted);
        assertTrue(interpreted.contains("seven \"quoted\"\\ 7\t|"), interpreted);
        assertTrue(interpreted.contains("100% signed -8 8 1000 -36893488147419103232\n"), interpreted);
        assertEquals(interpreted, printed(Simulators.verilator(c)), "verilator");
        assertEquals(interpreted, printed(Simulators.compiled(c)), "compiled");
    }

    private static String printed(Simulator sim) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (Simulator s = sim) {
            s.printTo(new PrintStream(captured, true, StandardCharsets.UTF_8));
            PrintDesigns.drive(s);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /**
     * In a child JVM whose output is read whole: Verilator's prints and a failed assertion reach
     * the Java side only (the stream given to printTo, a PropertyFailure), nothing the process's
     * standard output or error, where under Maven they would corrupt the fork's channel or show as
     * an {@code [ERROR]} line.
     */
    @Test
    void verilatorWritesNothingToTheProcessOwnOutput(@TempDir Path dir) throws Exception {
        Circuit c = Elaborator.elaborate(PrintDesigns.Counting::new);
        String interpreted = printed(Simulators.interpreter(c));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path")));
        if (System.getProperty("tagmatch.cache") != null) {
            cmd.add("-Dtagmatch.cache=" + System.getProperty("tagmatch.cache"));
        }
        cmd.add(PrintDesigns.class.getName());
        Path err = dir.resolve("stderr");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out + java.nio.file.Files.readString(err));
        assertEquals("CAPTURED:" + interpreted + "FAILED:count stays within the limit", out);
        String errors = java.nio.file.Files.readString(err);
        assertFalse(errors.contains("%Error") || errors.contains("Assertion failed"), errors);
    }

    @Test
    void badConversionIsNamed() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new tagmatch.hdl.core.Module() {
            {
                tagmatch.hdl.core.Hdl.printf(tagmatch.hdl.core.Hdl.TRUE(), "%s", tagmatch.hdl.core.Hdl.lit(1, 1));
            }
        }));
        assertTrue(e.getMessage().contains("has %s at 0; the legal conversions are %d, %x, %h, %b and %%"), e.getMessage());
    }

    @Test
    void printfVerilogIsCleanUnderVerilatorYosysAndIverilog(@TempDir Path dir) throws java.io.IOException {
        Circuit c = Elaborator.elaborate(PrintDesigns.Counting::new);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        String top = c.top().name();
        for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                VerilogTools.iverilog(files, top))) {
            assertTrue(r.ok(), () -> r.tool() + " rejected " + top + ":\n" + r.output());
        }
    }
}
