package tagmatch.testbench.alpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.process.ProgressMeter;

class AlpuSoakTest {
    @Test
    void eachBackendSoaksInTurnWithItsOwnMeterAndIsHandedOverAsItEnds() {
        List<String> meters = new ArrayList<>();
        List<AlpuSoak> done = new ArrayList<>();
        boolean passed = AlpuSoak.runEach(AlpuConfig.of(4, 2, 3, 2, Variant.PRQ), 500, 3, null, List.of("compiled", "interpreter"),
                (task, total, unit) -> {
                    meters.add(task + " " + total + " " + unit);
                    return ProgressMeter.NONE;
                }, done::add);
        assertTrue(passed, done.toString());
        assertEquals(List.of("cosim alpu (compiled) 500 transfers", "cosim alpu (interpreter) 500 transfers"), meters);
        assertEquals(2, done.size());
        assertTrue(done.get(0).unit().endsWith("on compiled") && done.get(1).unit().endsWith("on interpreter"), done.toString());
        assertEquals(done.get(0).result().summary(), done.get(1).result().summary(), "the same traffic on both backends");
    }
}
