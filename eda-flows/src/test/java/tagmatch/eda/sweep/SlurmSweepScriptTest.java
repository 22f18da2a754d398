package tagmatch.eda.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.alpu.Variant;

class SlurmSweepScriptTest {
    @Test
    void writingTheScriptClaimsTheDirectoryAndRunsNothing(@TempDir Path dir) throws Exception {
        Grid grid = new Grid(List.of(Variant.PRQ, Variant.UMQ), List.of(4), List.of(2), List.of(4), List.of(2), List.of(4));
        Sweep sweep = new Sweep(grid, Steps.of(List.of("rtl")), List.of(1L), 100, "xc2vp", 1, null);
        SlurmOptions so = new SlurmOptions("batch", null, "10:00", 2, 4096, 2, null);
        SlurmSweep.Script s = SlurmSweep.writeScript(new SlurmSweep.Settings(sweep, dir, so, Duration.ofSeconds(1), "org.example.Main"));
        assertEquals(dir.resolve("slurm").resolve("sweep.sbatch").toAbsolutePath(), s.path().toAbsolutePath());
        assertEquals(Files.readString(s.path()), s.text());
        assertTrue(s.text().lines().anyMatch("#SBATCH --array=1-2"::equals), s.text());
        assertTrue(s.text().contains("--mem-per-worker=2048"), "4096 MiB shared by 2 CPUs: " + s.text());
        assertEquals(sweep.args(), Files.readAllLines(dir.resolve("sweep.args")).stream().filter(l -> !l.startsWith("#")).toList());
        assertFalse(Files.exists(dir.resolve("results").resolve("prq-4x2-m4-t2-f4.rtl.json")));
    }

    @Test
    void byDefaultOneArrayTaskPerTaskUpToAHundredAndAWorkersMemoryPerCpu() {
        assertEquals(7, SlurmSweep.defaultArrayTasks(7));
        assertEquals(100, SlurmSweep.defaultArrayTasks(1000));
        assertEquals(8192, SlurmSweep.defaultTaskMemMb(4, 2048));
    }
}
