package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void offATerminalItPrintsPlainLinesWithoutCarriageReturns() throws InterruptedException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
             Progress p = Progress.plain("synth", 4, "designs", ps, Duration.ofMillis(50))) {
            p.step();
            p.note("alpu_prq_256x8");
            Thread.sleep(300);
            p.stepBy(3);
        }
        String s = buf.toString(StandardCharsets.UTF_8);
        assertFalse(s.contains("\r"), s);
        assertTrue(s.contains("synth: 1/4 designs (25%)") && s.contains("left - alpu_prq_256x8"), s);
        assertTrue(s.strip().endsWith("synth: 4/4 designs (100%), 0s elapsed - alpu_prq_256x8"), s);
    }

    @Test
    void aOneStepTaskShowsTheTimeElapsedNotAnEmptyBar() throws InterruptedException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
             Progress p = Progress.plain("synth", 1, "design", ps, Duration.ofMillis(50))) {
            p.note("alpu_prq 256 cells");
            Thread.sleep(200);
            p.step();
        }
        String s = buf.toString(StandardCharsets.UTF_8);
        assertTrue(s.contains("synth: running, 0s elapsed - alpu_prq 256 cells"), s);
        assertTrue(s.strip().endsWith("synth: done in 0s - alpu_prq 256 cells"), s);
        assertFalse(s.contains("0/1") || s.contains("0:00:00"), s);
    }

    @Test
    void onATerminalAOneStepTaskRewritesOneLine() throws InterruptedException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
             Progress p = Progress.on("synth --pnr", 1, "design", true, ps, Duration.ofMillis(50))) {
            p.step();
        }
        String s = buf.toString(StandardCharsets.UTF_8);
        assertTrue(s.startsWith("\rsynth --pnr: done in 0s") && s.endsWith("\n") && s.indexOf('\n') == s.length() - 1, s);
    }
}
