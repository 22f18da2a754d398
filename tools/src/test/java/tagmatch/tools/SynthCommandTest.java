package tagmatch.tools;

import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SynthCommandTest {
    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void smallUnitSynthesizesWithItsStorageInFlipFlops() {
        assertEquals(0, run("synth", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2"), err.toString());
        Matcher m = Pattern.compile("alpu_prq \\(xc2vp\\): (\\d+) LUTs, (\\d+) FFs, LUT depth (\\d+)").matcher(out.toString());
        assertTrue(m.find(), out.toString());
        int ffs = Integer.parseInt(m.group(2));
        // 4 cells x (valid + 3 match + 3 mask + 2 tag) = 36 storage flip-flops at least.
        assertTrue(ffs >= 36 && ffs < 200, out.toString());
        assertTrue(Integer.parseInt(m.group(1)) > 0, out.toString());
    }

    @Test
    void unknownFamilyIsNamed() {
        assertEquals(2, run("synth", "--family", "xc9"));
        assertTrue(err.toString().startsWith("tagmatch synth: --family must be one of xcup,"), err.toString());
    }

    @Test
    void placeAndRouteReportsFmaxAndNanosecondsPerMatch() {
        assertEquals(0, run("synth", "--pnr", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2", "--seed", "2"),
                err.toString());
        Matcher m = Pattern.compile("alpu_prq \\(hx8k-ct256, seed 2\\): (\\d+)/7680 LCs, \\d+ IOs, Fmax ([0-9.]+) MHz \\(([0-9.]+) ns\\)\n"
                + "match interval (\\d+) cycles, latency (\\d+) cycles: ([0-9.]+) ns per match").matcher(out.toString());
        assertTrue(m.find(), out.toString());
        assertTrue(Integer.parseInt(m.group(1)) >= 36, "4 cells x 9 storage bits at least: " + out);
        double period = Double.parseDouble(m.group(3));
        int interval = Integer.parseInt(m.group(4));
        assertEquals(interval * period, Double.parseDouble(m.group(6)), 0.11, out.toString());
    }

    @Test
    void keepTempLeavesTheRoutedDesignAndNextpnrsTimingReport() throws java.io.IOException {
        assertEquals(0, run("synth", "--pnr", "--keep-temp", "--cells", "4", "--block", "2", "--match-width", "3",
                "--tag-width", "2"), err.toString());
        Matcher m = Pattern.compile("kept temporary files in (\\S+)").matcher(err.toString());
        assertTrue(m.find(), err.toString());
        java.nio.file.Path kept = java.nio.file.Path.of(m.group(1));
        try {
            assertTrue(java.nio.file.Files.isRegularFile(kept.resolve("alpu_prq.v")), kept.toString());
            assertTrue(java.nio.file.Files.isRegularFile(kept.resolve("design.asc")), kept.toString());
            String log = java.nio.file.Files.readString(kept.resolve("nextpnr.log"));
            assertTrue(log.contains("Critical path report"), log);
        } finally {
            Temp.delete(kept);
        }
    }

    @Test
    void badPlaceAndRouteOptionsAreNamedBeforeAnyWork() {
        assertEquals(2, run("synth", "--pnr", "--seed", "0"));
        assertEquals("tagmatch synth: --seed must be >= 1, got 0\n", err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("synth", "--pnr", "--table"));
        assertTrue(err.toString().startsWith("tagmatch synth: --pnr works on one configuration"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("synth", "--keep-temp"));
        assertEquals("tagmatch synth: --keep-temp only applies with --pnr\n", err.toString());
        assertEquals("", out.toString());
    }
}
