package tagmatch.eda.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.alpu.Variant;
import tagmatch.process.ProgressMeter;
import tagmatch.process.UsageError;

class LocalSweepTest {
    /** Two small configurations through the rtl step alone: Verilog only, no external tool. */
    private static Sweep rtlSweep(int... cells) {
        Grid grid = new Grid(List.of(Variant.PRQ), java.util.Arrays.stream(cells).boxed().toList(), List.of(2), List.of(4), List.of(2), List.of(4));
        return new Sweep(grid, Steps.of(List.of("rtl")), List.of(1L), 100, "xc2vp", 1, null);
    }

    private static SweepResult run(Sweep sweep, Path dir, StringWriter said) throws Exception {
        return LocalSweep.run(new LocalSweep.Settings(sweep, dir, Shard.ALL, false, 1, 64), new PrintWriter(said, true),
                ProgressMeter.Factory.NONE);
    }

    @Test
    void runsWhatTheDirectoryLacksAndARerunFindsEverythingDone(@TempDir Path dir) throws Exception {
        StringWriter first = new StringWriter();
        SweepResult r = run(rtlSweep(4, 8), dir, first);
        assertTrue(first.toString().startsWith("sweep: 2 configurations, steps rtl, 2 tasks; shard 1/1: 2 tasks, 0 already done, 2 to run on 1 workers"),
                first.toString());
        assertTrue(r.succeeded(), r.text());
        assertEquals(2, r.outcome().passed());
        assertTrue(r.text().startsWith("sweep: 2 of 2 tasks pass, 0 failed, 0 missing, "), r.text());

        StringWriter again = new StringWriter();
        run(rtlSweep(4, 8), dir, again);
        assertTrue(again.toString().contains("2 already done, 0 to run"), again.toString());
    }

    @Test
    void aDirectoryOfAnotherSweepIsRefused(@TempDir Path dir) throws Exception {
        run(rtlSweep(4), dir, new StringWriter());
        UsageError e = assertThrows(UsageError.class, () -> run(rtlSweep(8), dir, new StringWriter()));
        assertTrue(e.getMessage().contains("holds another sweep"), e.getMessage());
    }
}
