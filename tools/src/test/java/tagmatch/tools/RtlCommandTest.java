package tagmatch.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RtlCommandTest {
    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void writesTopAndPrefixedSubmodulesAndReportsTheTiming(@TempDir Path dir) {
        assertEquals(0, run("rtl", "--cells", "16", "--block", "4", "--match-width", "10", "--tag-width", "4",
                "--variant", "umq", "--top", "my_alpu", "--out", dir.toString(), "--report"), err.toString());
        assertTrue(Files.exists(dir.resolve("my_alpu.v")));
        assertTrue(Files.exists(dir.resolve("my_alpu_CellBlock.v")));
        assertTrue(Files.exists(dir.resolve("my_alpu_UmqCell.v")));
        String report = out.toString();
        assertTrue(report.contains("match latency 5 cycles") && report.contains("match initiation interval 5 cycles")
                && report.contains("insert interval 1 cycle") && report.contains("R9 bound "), report);
    }

    @Test
    void theCommittedReferenceDesignsCanBeRegeneratedWithoutForce() {
        // verilog-out/ is tagmatch's: its manifest names every file, so `rtl --reference` needs no --force
        Path root = Path.of(System.getProperty("tagmatch.root", "..")).resolve("verilog-out");
        try (OutputDir out = OutputDir.claim(root, false, "--out")) {
            assertTrue(Files.exists(root.resolve(OutputDir.MANIFEST)));
        } catch (UsageError e) {
            throw new AssertionError(e.getMessage() + " (run ./tagmatch rtl --reference --force once)", e);
        }
    }

    @Test
    void defaultTopIsNamedForTheVariant(@TempDir Path dir) {
        assertEquals(0, run("rtl", "--cells", "8", "--block", "2", "--out", dir.toString()), err.toString());
        assertTrue(Files.exists(dir.resolve("alpu_prq.v")));
    }

    @Test
    void illegalValuesNameTheParameterValueAndRangeAndWriteNothing(@TempDir Path dir) {
        Path target = dir.resolve("out");
        assertEquals(2, run("rtl", "--cells", "20", "--block", "8", "--out", target.toString()));
        assertEquals("tagmatch rtl: --cells: CELLS must be a multiple of BLOCK (8), got 20", err.toString().strip());
        assertFalse(Files.exists(target));
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--cells", "16", "--block", "3", "--out", target.toString()));
        assertEquals("tagmatch rtl: --block: BLOCK must be a power of two in 2..CELLS, got 3 (CELLS = 16)", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--match-width", "129", "--out", target.toString()));
        assertEquals("tagmatch rtl: --match-width: MATCH_W must be in 1..128, got 129", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--tag-width", "0", "--out", target.toString()));
        assertEquals("tagmatch rtl: --tag-width: TAG_W must be in 1..32, got 0", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--variant", "lifo", "--out", target.toString()));
        assertEquals("tagmatch rtl: --variant must be one of prq, umq, got 'lifo'", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--top", "a-b", "--out", target.toString()));
        assertTrue(err.toString().startsWith("tagmatch rtl: --top: TOP must be a Verilog identifier"), err.toString());
        assertFalse(Files.exists(target));
    }
}
