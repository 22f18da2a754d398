package tagmatch.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.UserError;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessCostTest {
    @TempDir
    Path tmp;

    @Test
    void peakMemoryOfAProcessThatHolds200MiBIsAtLeast200MiB() {
        ProcessCost small = ProcessCost.measure(List.of("python3", "-c", "x = bytearray(8 << 20); x[-1] = 1"), tmp);
        ProcessCost big = ProcessCost.measure(List.of("python3", "-c", "x = bytearray(200 << 20); x[-1] = 1"), tmp);
        assertTrue(big.peakMib() >= 200, "peak " + big.peakMib() + " MiB");
        assertTrue(small.peakMib() < 100, "peak " + small.peakMib() + " MiB");
    }

    @Test
    void cpuSecondsCountWorkAndWallSecondsCountWaiting() {
        // sleeping costs wall time but (next to) no CPU, however loaded the machine
        ProcessCost sleep = ProcessCost.measure(List.of("sleep", "1"), tmp);
        assertTrue(sleep.wallSeconds() >= 1.0, "wall " + sleep.wallSeconds());
        assertTrue(sleep.cpuSeconds() < 0.5, "cpu " + sleep.cpuSeconds());
    }

    @Test
    void aFailingCommandIsAnErrorNamingItAndItsOutput() {
        String m = assertThrows(UserError.class, () -> ProcessCost.measure(
                List.of("python3", "-c", "import sys; print('broken'); sys.exit(3)"), tmp)).getMessage();
        assertTrue(m.startsWith("python3 -c import sys; print('broken'); sys.exit(3) failed with exit 3"), m);
        assertTrue(m.contains("broken"), m);
    }

    @Test
    void mediansAreTakenPerFigure() {
        ProcessCost m = ProcessCost.median(List.of(ProcessCost.parse("1.0 0.5 0.25 100"), ProcessCost.parse("3.0 0.125 0.0 300"),
                ProcessCost.parse("2.0 2.0 1.0 200")));
        assertEquals(new ProcessCost(2.0, 0.75, 200), m);
    }
}
