package tagmatch.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.UsageError;

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
        assertTrue(report.contains("match latency 6 cycles") && report.contains("match initiation interval 4 cycles")
                && report.contains("insert interval 1 cycle") && report.contains("R9 bound "), report);
    }

    @Test
    void theCommittedReferenceDesignsCanBeRegeneratedWithoutForce() {
        // verilog-out/ is tagmatch's: its manifest names every file, so `rtl --reference` needs no --force
        Path root = Path.of(System.getProperty("tagmatch.root", "..")).resolve("verilog-out");
        try {
            OutputDir.claim(root, false, "--out").close();
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
        assertEquals("tagmatch rtl: --cells must be a multiple of BLOCK (8), got 20", err.toString().strip());
        assertFalse(Files.exists(target));
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--cells", "16", "--block", "3", "--out", target.toString()));
        assertEquals("tagmatch rtl: --block must be a power of two in 2..CELLS, got 3 (CELLS = 16)", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--match-width", "129", "--out", target.toString()));
        assertEquals("tagmatch rtl: --match-width must be in 1..128, got 129", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--tag-width", "0", "--out", target.toString()));
        assertEquals("tagmatch rtl: --tag-width must be in 1..32, got 0", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--variant", "lifo", "--out", target.toString()));
        assertEquals("tagmatch rtl: --variant must be one of prq, umq, got 'lifo'", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--top", "a-b", "--out", target.toString()));
        assertTrue(err.toString().startsWith("tagmatch rtl: --top must be a Verilog identifier"), err.toString());
        assertFalse(Files.exists(target));
    }

    @Test
    void pipeliningAndFifoDepthsFromTheCommandLineShowInTheReportAndTheHeader(@TempDir Path dir) throws Exception {
        assertEquals(0, run("rtl", "--cells", "32", "--block", "8", "--match-width", "6", "--tag-width", "3", "--out",
                dir.toString(), "--stages", "fanout,compare,block,split", "--no-overlap", "--fifo-depths", "2,8,4", "--report"),
                err.toString());
        String report = out.toString();
        assertTrue(report.contains("register stages fanout,compare,block,split, FIFO depths 2/8/4"), report);
        assertTrue(report.contains("match latency 7 cycles") && report.contains("match initiation interval 6 cycles"), report);
        String header = Files.readString(dir.resolve("alpu_prq.v")).lines().limit(3).reduce("", String::concat);
        assertTrue(header.contains("pipelining=fanout,compare,block,split") && header.contains("match_interval=6")
                && header.contains("fifo_depths=2/8/4"), header);
        out.getBuffer().setLength(0);
        assertEquals(0, run("rtl", "--cells", "8", "--block", "2", "--out", dir.resolve("n").toString(), "--stages", "none",
                "--report"), err.toString());
        assertTrue(out.toString().contains("register stages none,") && out.toString().contains("match initiation interval 2 cycles"),
                out.toString());
    }

    @Test
    void badPipeliningOptionsAreNamedAndWriteNothing(@TempDir Path dir) {
        Path target = dir.resolve("out");
        assertEquals(2, run("rtl", "--stages", "fanout,decode", "--out", target.toString()));
        assertEquals("tagmatch rtl: --stages must be one of fanout, compare, block, split, or none, got 'decode'",
                err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--fifo-depths", "4,4", "--out", target.toString()));
        assertEquals("tagmatch rtl: --fifo-depths must be three depths REQ,CMD,RSP, got 2 value(s) 4,4", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("rtl", "--fifo-depths", "4,3,4", "--out", target.toString()));
        assertEquals("tagmatch rtl: --fifo-depths must be a power of two >= 2, got 3 (CMD_FIFO_DEPTH)", err.toString().strip());
        assertFalse(Files.exists(target));
    }
}
