package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FirmwareCommandTest {
    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void writesTheFirmwareAndReportsItsFootprintAgainstTheSeed(@TempDir Path dir) {
        Path target = dir.resolve("fw");
        assertEquals(0, run("firmware", "--bins", "128", "--max-recvs", "8192", "--out", target.toString(), "--report"), err.toString());
        assertTrue(Files.exists(target.resolve("otm.c")) && Files.exists(target.resolve("Makefile")));
        String o = out.toString();
        assertTrue(o.contains("otm_ctx_bytes() = 387520 B"), o);
        assertTrue(o.contains("seed's 128 bins / 8 K receives: 531968 B = 519.5 KiB"), o);
        assertTrue(o.contains("like for like with the seed (bins + descriptors): 332300 B"), o);
    }

    @Test
    void anIllegalParameterIsNamedAndNothingIsWritten(@TempDir Path dir) {
        Path target = dir.resolve("fw");
        assertEquals(2, run("firmware", "--threads", "65", "--out", target.toString()));
        assertEquals("tagmatch firmware: --threads must be in 1..64, got 65", err.toString().trim());
        assertFalse(Files.exists(target));
        assertEquals(2, run("firmware", "--hash", "crc", "--out", target.toString()));
        assertTrue(err.toString().contains("--hash must be one of multiplicative, xor-fold, got 'crc'"), err.toString());
        assertFalse(Files.exists(target));
        assertEquals(2, run("firmware", "--in-order-run", "1025", "--out", target.toString()));
        assertTrue(err.toString().contains("--in-order-run must be in 0..1024, got 1025"), err.toString());
        assertFalse(Files.exists(target));
    }

    @Test
    void theCosimSoakPrintsAPassVerdict(@TempDir Path tmp) {
        assertEquals(0, runWithTempBase(tmp, "cosim", "firmware", "--ops", "2000", "--seed", "3"), err.toString());
        assertTrue(out.toString().contains("PASS: 2000 operations in "), out.toString());
        assertEquals(List.of(), entries(tmp), "a temporary directory was left behind");
        assertEquals(2, run("cosim", "firmware", "--target", "fpga"));
        assertTrue(err.toString().contains("tagmatch cosim firmware: --target must be one of native, tsan, riscv, got 'fpga'"), err.toString());
    }

    @Test
    void theFallbackSoakJudgesHandlerAndHostSoftwareTogether() {
        assertEquals(0, run("cosim", "firmware", "--fallback", "--ops", "300", "--max-recvs", "2", "--max-unexpected", "1"), err.toString());
        assertTrue(out.toString().startsWith("PASS: 300 operations in "), out.toString());
        assertTrue(out.toString().matches("(?s).* answered by host software \\(\\d+ receives, \\d+ messages\\), 0 differences.*"), out.toString());
        assertEquals(2, run("cosim", "firmware", "--fallback", "--max-unexpected", "0"));
        assertTrue(err.toString().contains("tagmatch cosim firmware: --max-unexpected must be in 1..1048576, got 0"), err.toString());
    }

    @Test
    void aSmallOpsCountIsExact() {
        assertEquals(0, run("cosim", "firmware", "--ops", "10"), err.toString());
        assertTrue(out.toString().startsWith("PASS: 10 operations in 1 streams"), out.toString());
    }

    @Test
    void theUsersOwnFilesAreNeverReplacedAndStaleOnesOfAnEarlierConfigurationGo(@TempDir Path dir) throws Exception {
        Path target = Files.createDirectories(dir.resolve("fw"));
        Files.writeString(target.resolve("README.md"), "my notes");
        assertEquals(2, run("firmware", "--out", target.toString()));
        assertTrue(err.toString().contains("holds files tagmatch did not write (README.md)"), err.toString());
        assertEquals("my notes", Files.readString(target.resolve("README.md")));
        Path clean = dir.resolve("clean");
        assertEquals(0, run("firmware", "--out", clean.toString(), "--sender-hash"), err.toString());
        assertTrue(Files.exists(clean.resolve("otm_inline_hash.h")));
        assertEquals(0, run("firmware", "--out", clean.toString()), err.toString());
        assertFalse(Files.exists(clean.resolve("otm_inline_hash.h")), "a file of the earlier configuration stayed");
    }

    @Test
    void theReportLeavesNoTemporaryDirectory(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        assertEquals(0, runWithTempBase(tmp, "firmware", "--out", dir.resolve("fw").toString(), "--report"), err.toString());
        assertEquals(List.of(), entries(tmp), "a temporary directory was left behind");
        // The same run with --keep-temp leaves exactly its directory there: the check above looks in the right place.
        assertEquals(0, runWithTempBase(tmp, "firmware", "--out", dir.resolve("fw").toString(), "--report", "--keep-temp"), err.toString());
        List<String> kept = entries(tmp);
        assertEquals(1, kept.size(), kept.toString());
        assertTrue(kept.get(0).startsWith("tagmatch-firmware-report-"), kept.toString());
    }

    /** Runs a command whose temporary directories go into {@code base} (a directory no other process uses). */
    private int runWithTempBase(Path base, String... args) {
        String before = System.setProperty(Temp.BASE_PROPERTY, base.toString());
        try {
            return run(args);
        } finally {
            if (before == null) {
                System.clearProperty(Temp.BASE_PROPERTY);
            } else {
                System.setProperty(Temp.BASE_PROPERTY, before);
            }
        }
    }

    private static List<String> entries(Path dir) {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(java.util.stream.Collectors.toList());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
