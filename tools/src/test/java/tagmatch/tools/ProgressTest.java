package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The lines of each form, printed where the test ticks, with the clock standing still: no sleep, no race with a ticker. */
class ProgressTest {
    @Test
    void offATerminalItPrintsPlainLinesWithoutCarriageReturns() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
             Progress p = Progress.ticked("synth", 4, "designs", false, ps, () -> 0L)) {
            p.step();
            p.note("alpu_prq_256x8");
            p.tick();
            p.stepBy(3);
        }
        String s = buf.toString(StandardCharsets.UTF_8);
        assertFalse(s.contains("\r"), s);
        assertTrue(s.contains("synth: 1/4 designs (25%)") && s.contains("left - alpu_prq_256x8"), s);
        assertTrue(s.strip().endsWith("synth: 4/4 designs (100%), 0s elapsed - alpu_prq_256x8"), s);
    }

    @Test
    void aOneStepTaskShowsTheTimeElapsedNotAnEmptyBar() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
             Progress p = Progress.ticked("synth", 1, "design", false, ps, () -> 0L)) {
            p.note("alpu_prq 256 cells");
            p.tick();
            p.step();
        }
        String s = buf.toString(StandardCharsets.UTF_8);
        assertTrue(s.contains("synth: running, 0s elapsed - alpu_prq 256 cells"), s);
        assertTrue(s.strip().endsWith("synth: done in 0s - alpu_prq 256 cells"), s);
        assertFalse(s.contains("0/1") || s.contains("0:00:00"), s);
    }

    @Test
    void onATerminalAOneStepTaskRewritesOneLine() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
             Progress p = Progress.ticked("synth --pnr", 1, "design", true, ps, () -> 0L)) {
            p.tick();
            p.step();
        }
        String s = buf.toString(StandardCharsets.UTF_8);
        assertEquals("\rsynth --pnr: running, 0s elapsed\033[K\rsynth --pnr: done in 0s\033[K\n", s);
    }
}
