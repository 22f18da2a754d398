package tagmatch.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CosimAlpuTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void soakOfASmallUnitPassesWithAVerdictAndWritesTheWaveform(@TempDir Path dir) throws Exception {
        Path vcd = dir.resolve("alpu.vcd");
        assertEquals(0, run("cosim", "alpu", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2",
                "--variant", "umq", "--ops", "1500", "--seed", "3", "--vcd", vcd.toString()), err.toString());
        String verdict = out.toString().strip();
        assertTrue(verdict.startsWith("PASS: RTL alpu_umq 4x2 match 3 tag 2 on verilator seed 3: "), verdict);
        assertTrue(Files.size(vcd) > 1000);
        assertTrue(Files.readString(vcd).contains("rsp_valid"));
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals(2, run("cosim", "alpu", "--ops", "0"));
        assertEquals("tagmatch alpu: --ops must be >= 1, got 0", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("cosim", "alpu", "--cells", "5000"));
        assertEquals("tagmatch alpu: --cells: CELLS must be in 2..4096, got 5000", err.toString().strip());
    }
}
