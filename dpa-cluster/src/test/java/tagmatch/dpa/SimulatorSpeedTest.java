package tagmatch.dpa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.backends.Simulators;

class SimulatorSpeedTest {
    @TempDir
    Path dir;

    @Test
    void spinRunsItsLoopOnEveryHartAndTimesIt() {
        DpaConfig cfg = new DpaConfig(1, 2, 1, 16);
        SimulatorSpeed.Speed s = SimulatorSpeed.measure(DpaRun.build(cfg, Simulators.defaultBackend()), dir);
        // every iteration retires several instructions on each hart
        assertTrue(s.retired() > 2L * 4 * SimulatorSpeed.ITERATIONS, s.retired() + " instructions retired");
        assertTrue(s.cycles() > 0 && s.seconds() > 0, s.toString());
    }
}
