package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertTrue(o.contains("otm_ctx_bytes() = 454144 B"), o);
        assertTrue(o.contains("seed's 128 bins / 8 K receives: 531968 B = 519.5 KiB"), o);
        assertTrue(o.contains("like for like with the seed (bins + descriptors): 397836 B"), o);
    }

    @Test
    void anIllegalParameterIsNamedAndNothingIsWritten(@TempDir Path dir) {
        Path target = dir.resolve("fw");
        assertEquals(2, run("firmware", "--threads", "65", "--out", target.toString()));
        assertEquals("tagmatch firmware: --threads = 65 is out of range: legal values are 1..64", err.toString().trim());
        assertFalse(Files.exists(target));
        assertEquals(2, run("firmware", "--hash", "crc", "--out", target.toString()));
        assertTrue(err.toString().contains("--hash = crc is unknown: legal values are multiplicative, xor-fold"), err.toString());
        assertFalse(Files.exists(target));
    }

    @Test
    void theCosimSoakPrintsAPassVerdict() {
        assertEquals(0, run("cosim", "firmware", "--ops", "2000", "--seed", "3"), err.toString());
        assertTrue(out.toString().contains("PASS: "), out.toString());
        assertEquals(2, run("cosim", "firmware", "--target", "fpga"));
        assertTrue(err.toString().contains("--target = fpga is unknown: legal values are native, riscv"), err.toString());
    }
}
