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

/** Runs the real yosys and nextpnr-ice40 (the test fails if they are missing) on small hand-written designs. */
class Ice40PnrTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path v = dir.resolve(name + ".v");
        Files.writeString(v, text);
        return v;
    }

    /** {@code n} registered inputs, a registered AND of them: n + 1 flip-flops, a LUT tree between. */
    private Path wideAnd(int n) throws IOException {
        return write("wide_and" + n, "module wide_and(input clk, input [" + (n - 1) + ":0] d, output reg q);\n"
                + "  reg [" + (n - 1) + ":0] r;\n"
                + "  always @(posedge clk) begin r <= d; q <= &r; end\n"
                + "endmodule\n");
    }

    @Test
    void aDeeperLogicTreeRoutesToALowerFmax() throws IOException {
        Ice40Pnr pnr = new Ice40Pnr();
        PnrReport narrow = pnr.run(wideAnd(4), "wide_and", 1);
        PnrReport wide = pnr.run(wideAnd(64), "wide_and", 1);
        assertEquals(7680, narrow.lcCapacity());
        assertTrue(narrow.logicCells() >= 5 && narrow.logicCells() < 20, narrow.summary());
        assertTrue(wide.logicCells() >= 65 + 21, "64 flip-flops, a 21-LUT tree and the output: " + wide.summary());
        assertTrue(narrow.ios() >= 6, narrow.summary());
        // One LUT level against three: the routed clock must show it.
        assertTrue(narrow.fmaxMhz() > wide.fmaxMhz(), narrow.summary() + " / " + wide.summary());
        assertTrue(wide.fmaxMhz() > 20 && narrow.fmaxMhz() < 1000, wide.summary());
        assertEquals(1000.0 / wide.fmaxMhz(), wide.periodNs(), 1e-9);
        assertTrue(wide.summary().startsWith("wide_and (hx8k-ct256, seed 1): "), wide.summary());
    }

    @Test
    void aDesignWithMoreIosThanThePackageIsRefused() throws IOException {
        Path v = write("wide_io", "module wide_io(input clk, input [299:0] d, output reg [299:0] q);\n"
                + "  always @(posedge clk) q <= d;\nendmodule\n");
        UserError e = assertThrows(UserError.class, () -> new Ice40Pnr().run(v, "wide_io", 1));
        assertTrue(e.getMessage().contains("wide_io"), e.getMessage());
    }

    @Test
    void utilisationAndTheLastFmaxAreReadFromTheLog() {
        String log = "Info: Device utilisation:\nInfo: \t         ICESTORM_LC:  4675/ 7680    60%\n"
                + "Info: \t               SB_IO:   182/  256    71%\n"
                + "Info: Max frequency for clock 'clk$SB_IO_IN_$glb_clk': 60.10 MHz (FAIL at 200.00 MHz)\n"
                + "Warning: Max frequency for clock 'clk$SB_IO_IN_$glb_clk': 50.07 MHz (FAIL at 200.00 MHz)\n";
        PnrReport r = Ice40Pnr.parse("alpu_prq", 3, log, true);
        assertEquals(4675, r.logicCells());
        assertEquals(182, r.ios());
        assertEquals(50.07, r.fmaxMhz(), 1e-9, "the post-route figure is the last one");
        assertEquals(3, r.seed());
        String over = "Info: \t         ICESTORM_LC:  9000/ 7680   117%\nERROR: Unable to place cell\n";
        UserError e = assertThrows(UserError.class, () -> Ice40Pnr.parse("big", 1, over, false));
        assertEquals("big does not fit the iCE40 HX8K CT256: 9000 logic cells, the device has 7680", e.getMessage());
        UserError none = assertThrows(UserError.class, () -> Ice40Pnr.parse("x", 1, "ERROR: boom\n", false));
        assertTrue(none.getMessage().startsWith("nextpnr-ice40 failed on x:\nERROR: boom"), none.getMessage());
    }
}
