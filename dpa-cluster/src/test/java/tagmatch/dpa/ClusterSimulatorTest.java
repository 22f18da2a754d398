package tagmatch.dpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;

class ClusterSimulatorTest {
    @TempDir
    Path empty;

    @Test
    void aSimulatorIsNamedAsItsBackendAndAnyOtherNameSaysWhatIsLegal() {
        assertEquals(ClusterSimulator.COMPILED, ClusterSimulator.named("compiled"));
        assertEquals("verilator", ClusterSimulator.named("verilator").backend());
        assertEquals("must be compiled or verilator, got 'interpreter'",
                assertThrows(IllegalArgumentException.class, () -> ClusterSimulator.named("interpreter")).getMessage());
    }

    @Test
    void manyRunsTakeVerilatorAndOneProgramTakesItOnlyWhenItsModelIsBuilt() {
        Circuit c = Elaborator.elaborate(() -> new DpaCluster(new DpaConfig(1, 2, 1, 16), List.of()));
        assertEquals(ClusterSimulator.VERILATOR, ClusterSimulator.fastest(c, ClusterSimulator.Work.MANY_RUNS));
        String cache = System.getProperty("tagmatch.cache");
        System.setProperty("tagmatch.cache", empty.toString());
        try {
            assertEquals(ClusterSimulator.COMPILED, ClusterSimulator.fastest(c, ClusterSimulator.Work.ONE_PROGRAM), "nothing built");
            assertEquals(ClusterSimulator.VERILATOR, ClusterSimulator.fastest(c, ClusterSimulator.Work.MANY_RUNS));
        } finally {
            if (cache == null) System.clearProperty("tagmatch.cache");
            else System.setProperty("tagmatch.cache", cache);
        }
        DpaRun.build(new DpaConfig(1, 2, 1, 16), "verilator");
        assertEquals(ClusterSimulator.VERILATOR, ClusterSimulator.fastest(c, ClusterSimulator.Work.ONE_PROGRAM), "built now");
        assertEquals("verilator", DpaRun.build(new DpaConfig(1, 2, 1, 16), SimulatorChoice.fastest(ClusterSimulator.Work.ONE_PROGRAM)).backend());
        assertEquals("compiled", DpaRun.build(new DpaConfig(1, 2, 1, 16), SimulatorChoice.of(ClusterSimulator.COMPILED)).backend());
    }
}
