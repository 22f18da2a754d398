package tagmatch.eda.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tagmatch.process.UserError;

/** Runs the real yosys (the test fails if it is missing) on small hand-written designs. */
class YosysSynthTest {
    @TempDir
    Path dir;

    /** {@code n} registered inputs ANDed into one registered output. */
    private Path wideAnd(int n) throws IOException {
        Path v = dir.resolve("wide_and" + n + ".v");
        Files.writeString(v, "module wide_and(input clk, input [" + (n - 1) + ":0] d, output reg q);\n"
                + "  reg [" + (n - 1) + ":0] r;\n"
                + "  always @(posedge clk) begin r <= d; q <= &r; end\n"
                + "endmodule\n");
        return v;
    }

    @Test
    void countsFlipFlopsLutsAndFourInputLutDepth() throws IOException {
        YosysSynth y = new YosysSynth();
        SynthReport r16 = y.run(wideAnd(16), "wide_and", "xc2vp");
        assertEquals(17, r16.flipFlops(), r16.cells().toString());
        assertEquals(2, r16.lutDepth(), "16 inputs need two levels of 4-input LUTs");
        assertTrue(r16.luts() >= 5 && r16.luts() <= 6, r16.cells().toString());
        assertEquals("wide_and", r16.top());
        assertTrue(r16.summary().contains("17 FFs, LUT depth 2"), r16.summary());

        SynthReport r64 = y.run(wideAnd(64), "wide_and", YosysSynth.DEFAULT_FAMILY);
        assertEquals(65, r64.flipFlops());
        assertEquals(3, r64.lutDepth(), "64 inputs need three levels");
        // yosys builds wide functions from LUT4s plus the slices' MUXF5..MUXF8, which are not LUTs.
        assertTrue(r64.luts() >= 9 && r64.luts() <= 22, r64.cells().toString());
        assertTrue(r64.luts() > r16.luts());
    }

    @Test
    void badArgumentsAreRefusedWithTheirValue() throws IOException {
        YosysSynth y = new YosysSynth();
        Path v = wideAnd(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> y.run(v, "wide_and", "xc9z"));
        assertTrue(e.getMessage().startsWith("family must be one of xcup, xcu, xc7,"), e.getMessage());
        assertTrue(e.getMessage().endsWith(", got xc9z"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> y.run(v, "bad name", "xc2vp"));
        assertEquals("top must be a Verilog module name, got bad name", e.getMessage());
        UserError u = assertThrows(UserError.class, () -> y.run(dir.resolve("none.v"), "x", "xc2vp"));
        assertEquals("Verilog file " + dir.resolve("none.v") + " does not exist", u.getMessage());
    }

    @Test
    void yosysErrorsAndAMissingYosysAreUserErrors() throws IOException {
        Path broken = dir.resolve("broken.v");
        Files.writeString(broken, "module broken(input a, output b);\n  assign b = a +;\nendmodule\n");
        UserError u = assertThrows(UserError.class, () -> new YosysSynth().run(broken, "broken", "xc2vp"));
        assertTrue(u.getMessage().startsWith("yosys failed on " + broken), u.getMessage());
        UserError missingTop = assertThrows(UserError.class, () -> new YosysSynth().run(wideAnd(4), "other", "xc2vp"));
        assertTrue(missingTop.getMessage().contains("other"), missingTop.getMessage());
        UserError none = assertThrows(UserError.class,
                () -> new YosysSynth("/nonexistent/yosys", 60).run(wideAnd(4), "wide_and", "xc2vp"));
        assertTrue(none.getMessage().contains("'/nonexistent/yosys' was not found on PATH; install it with `apt-get install yosys`"),
                none.getMessage());
    }

    @Test
    void parsesStatCellTableAndLongestPath() {
        String stat = "=== top ===\n\n   Number of wires:  3\n   Number of cells:                 7\n"
                + "     FDRE                            3\n     FDSE                            1\n"
                + "     LUT2                            2\n     LUT4                            1\n\n";
        SynthReport r = YosysSynth.parse("top", "xc2vp", stat, "Longest topological path in top (length=4):\n");
        assertEquals(4, r.flipFlops());
        assertEquals(3, r.luts());
        assertEquals(4, r.lutDepth());
        assertEquals(2, r.cells().get("LUT2"));
        UserError u = assertThrows(UserError.class, () -> YosysSynth.parse("top", "xc2vp", stat, "nothing"));
        assertTrue(u.getMessage().startsWith("yosys ltp output has no longest path"), u.getMessage());
    }
}
