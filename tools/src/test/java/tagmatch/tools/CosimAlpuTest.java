package tagmatch.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CosimAlpuTest {
    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void soakOfASmallUnitPassesWithAVerdictAndWritesTheWaveform(@TempDir Path dir) throws Exception {
        Path vcd = dir.resolve("alpu.vcd");
        assertEquals(0, run("cosim", "alpu", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2",
                "--variant", "umq", "--ops", "1500", "--seed", "3", "--vcd", vcd.toString()), err.toString());
        String verdict = out.toString().strip();
        assertTrue(verdict.startsWith("PASS: RTL alpu_umq 4x2 match 3 tag 2 on verilator seed 3: "), verdict);
        assertEquals(1500, transfers(verdict), 1, "--ops N is N transfers (+1 STOP_INSERT closing an open session): " + verdict);
        assertTrue(Files.size(vcd) > 1000);
        assertTrue(Files.readString(vcd).contains("rsp_valid"));
    }

    @Test
    void theCompiledBackendsWaveformOfASoakShowsWhatVerilatorsShows(@TempDir Path dir) throws Exception {
        String[] soak = {"cosim", "alpu", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2",
                "--variant", "umq", "--ops", "300", "--seed", "3", "--vcd"};
        Path v = dir.resolve("verilator.vcd");
        Path c = dir.resolve("compiled.vcd");
        assertEquals(0, run(concat(soak, v.toString(), "--sim", "verilator")), err.toString());
        assertEquals(0, run(concat(soak, c.toString(), "--sim", "compiled")), err.toString());
        tagmatch.sim.Vcd verilator = tagmatch.sim.Vcd.read(v);
        tagmatch.sim.Vcd compiled = tagmatch.sim.Vcd.read(c);
        assertEquals(verilator.endTime(), compiled.endTime());
        assertTrue(compiled.signals().size() > 20, "ports and internal signals: " + compiled.signals().keySet());
        for (tagmatch.sim.Vcd.Signal s : compiled.signals().values()) {
            tagmatch.sim.Vcd.Signal w = verilator.signals().get(s.name());
            assertTrue(w != null, s.name() + " is not in Verilator's waveform");
            for (long t = 0; t <= compiled.endTime(); t += 5) {
                assertEquals(w.valueAt(t), s.valueAt(t), s.name() + " at time " + t);
            }
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void theSameSoakPassesOnTheCompiledBackendAndOnVerilatorWithEachOnesSpeed() {
        assertEquals(0, run("cosim", "alpu", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2",
                "--ops", "800", "--seed", "4", "--sim", "compiled,verilator"), err.toString());
        String[] lines = out.toString().strip().split("\n");
        assertEquals(4, lines.length, out.toString());
        assertTrue(lines[0].startsWith("PASS: RTL alpu_prq 4x2 match 3 tag 2 on compiled seed 4: "), lines[0]);
        assertTrue(lines[1].matches("speed: .* on compiled ready in [0-9.]+ s, [0-9]+ cycles/s over [0-9.]+ s"), lines[1]);
        assertTrue(lines[2].startsWith("PASS: RTL alpu_prq 4x2 match 3 tag 2 on verilator seed 4: "), lines[2]);
        assertEquals(lines[0].substring(lines[0].indexOf("seed")), lines[2].substring(lines[2].indexOf("seed")),
                "both backends run the same cycles and responses");
        assertTrue(lines[3].startsWith("speed: "), lines[3]);
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals(2, run("cosim", "alpu", "--ops", "0"));
        assertEquals("tagmatch cosim alpu: --ops must be >= 1, got 0", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("cosim", "alpu", "--cells", "5000"));
        assertEquals("tagmatch cosim alpu: --cells must be in 2..4096, got 5000", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(2, run("cosim", "alpu", "--sim", "compiled,verilator", "--vcd", "x.vcd"));
        assertEquals("tagmatch cosim alpu: --vcd must go with one --sim (each would write the same file), got --sim compiled,verilator",
                err.toString().strip());
    }

    @Test
    void aSmallOpsCountIsNotALowerBound() {
        assertEquals(0, run("cosim", "alpu", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2",
                "--ops", "200", "--seed", "5"), err.toString());
        assertEquals(200, transfers(out.toString()), 1, out.toString());
    }

    /** Requests plus commands of a verdict line. */
    private static long transfers(String verdict) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) requests, (\\d+) commands").matcher(verdict);
        assertTrue(m.find(), verdict);
        return Long.parseLong(m.group(1)) + Long.parseLong(m.group(2));
    }
}
