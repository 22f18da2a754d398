package tagmatch.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HdlAndDemoCommandsTest {
    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void hdlWritesOneFilePerModuleAndLintsClean(@TempDir Path dir) {
        assertEquals(0, run("hdl", "fifo", "--param", "depth=4", "--param", "width=12", "--out", dir.toString(), "--lint"));
        assertTrue(Files.exists(dir.resolve("SyncFifo.v")), out.toString());
        assertTrue(out.toString().contains("verilator  clean"), out.toString());
        assertTrue(out.toString().contains("iverilog   clean"), out.toString());
    }

    @Test
    void anUnknownBlockIsNamedWithTheLegalOnesAndNothingIsWritten(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out");
        assertEquals(2, run("hdl", "fido", "--out", target.toString()));
        assertEquals("tagmatch hdl: unknown block 'fido'; blocks are [fifo, priority-tree, priority-encoder, "
                + "one-hot-mux, counter, pipe, state-machine, arbiter, round-robin-arbiter, stream-pipe, skid-buffer, stream-fork, "
                + "stream-join, lfsr, one-hot-decoder, synchronizer]", err.toString().strip());
        assertFalse(Files.exists(target));
    }

    @Test
    void anIllegalParameterIsNamedWithItsRangeAndNothingIsWritten(@TempDir Path dir) {
        Path target = dir.resolve("out");
        assertEquals(2, run("hdl", "priority-tree", "--param", "radix=3", "--out", target.toString()));
        assertEquals("tagmatch hdl: parameter radix of priority-tree must be a power of two in 2..16, got 3", err.toString().strip());
        assertFalse(Files.exists(target));
        assertEquals(2, run("hdl", "counter", "--param", "size=3", "--out", target.toString()));
        assertTrue(err.toString().contains("block counter has no parameter 'size'; its parameters are [n]"), err.toString());
        assertFalse(Files.exists(target));
    }

    @Test
    void hdlWithoutOutIsAnErrorAndListNamesEveryBlock() {
        assertEquals(2, run("hdl", "fifo"));
        assertTrue(err.toString().contains("--out DIR is required"), err.toString());
        assertEquals(0, run("hdl", "--list"));
        for (String b : new String[] {"fifo", "priority-tree", "priority-encoder", "one-hot-mux", "counter", "pipe", "state-machine", "arbiter",
                "round-robin-arbiter", "stream-pipe", "skid-buffer", "stream-fork", "stream-join", "lfsr", "one-hot-decoder",
                "synchronizer"})
            assertTrue(out.toString().contains(b), out.toString());
    }

    @Test
    void demoRunsTheWholeMainJobIntoTheGivenDirectories(@TempDir Path dir) {
        int rc = run("demo", "--out", dir.resolve("lib").toString(), "--alpu-out", dir.resolve("alpu").toString(),
                "--firmware-out", dir.resolve("fw").toString(), "--ops", "2000");
        String o = out.toString();
        assertEquals(0, rc, o + err);
        assertTrue(o.contains("demo: all blocks generated and clean"), o);
        for (var shown : tagmatch.hdl.lib.Showcase.all()) assertTrue(Files.isDirectory(dir.resolve("lib").resolve(shown.name())), shown.name());
        assertTrue(Files.exists(dir.resolve("alpu").resolve("alpu_prq.v")), o);
        // the timing the generator derives for the default configuration, not a number copied here
        assertTrue(o.contains(tagmatch.alpu.rtl.AlpuTiming.report(new AlpuOptions().config(), "alpu_prq")), o);
        assertTrue(o.contains("every response and idle status as the datasheet requires"), o);
        assertTrue(Files.exists(dir.resolve("fw").resolve("otm.c")), o);
        assertTrue(o.contains("demo: everything generated, clean and equal to its reference"), o);
    }
}
