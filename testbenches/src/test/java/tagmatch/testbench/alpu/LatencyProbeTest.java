package tagmatch.testbench.alpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.CycleTiming;

class LatencyProbeTest {
    private static final Function<AlpuConfig, AlpuPins> MODEL = c -> new ModelPins(c, CycleTiming.SEED, 1);

    /** Flat while the queue fits in the unit, then one more software entry per entry beyond it. */
    private static void assertFigureShape(LatencyProbe probe, LatencyProbe.Queue queue, int cells) {
        long flatCycles = -1;
        for (int length : List.of(1, 4, cells - 1, cells, cells + 1, cells + 9, 3 * cells)) {
            LatencyProbe.Point p = probe.measure(queue, length, 1.0);
            assertEquals(length, p.listTraversed(), "the plain list searches the whole queue");
            assertEquals(Math.min(length, cells), p.inUnit(), "the unit holds the oldest entries");
            assertEquals(Math.max(0, length - cells), p.nicTraversed(), queue + " queue " + length);
            assertTrue(p.cycles() > 0, "the unit takes time to answer");
            if (length <= cells) {
                if (flatCycles < 0) flatCycles = p.cycles();
                assertEquals(flatCycles, p.cycles(), "answer time does not grow with the queue while it fits, at " + length);
            }
        }
        LatencyProbe.Point half = probe.measure(queue, 2 * cells, 0.5);
        assertEquals(cells, half.listTraversed());
        assertEquals(0, half.nicTraversed(), "the match lies in the unit");
        LatencyProbe.Point empty = probe.measure(queue, 0, 1.0);
        assertEquals(0, empty.listTraversed());
        assertEquals(0, empty.nicTraversed());
    }

    @Test
    void postedAndUnexpectedCurvesAreFlatUntilTheUnitIsFullOverTheCycleModel() {
        LatencyProbe probe = new LatencyProbe(MODEL, 16, 4);
        assertFigureShape(probe, LatencyProbe.Queue.POSTED, 16);
        assertFigureShape(probe, LatencyProbe.Queue.UNEXPECTED, 16);
    }

    @Test
    void postedAndUnexpectedCurvesAreFlatUntilTheUnitIsFullOverTheRtl() {
        LatencyProbe probe = new LatencyProbe(RtlPins::open, 8, 2);
        assertFigureShape(probe, LatencyProbe.Queue.POSTED, 8);
        assertFigureShape(probe, LatencyProbe.Queue.UNEXPECTED, 8);
    }

    @Test
    void badArgumentsAreRefused() {
        LatencyProbe probe = new LatencyProbe(MODEL, 8, 2);
        assertEquals("length must be >= 0, got -1",
                assertThrows(IllegalArgumentException.class, () -> probe.measure(LatencyProbe.Queue.POSTED, -1, 1)).getMessage());
        assertEquals("fraction must be in (0, 1], got 0.0",
                assertThrows(IllegalArgumentException.class, () -> probe.measure(LatencyProbe.Queue.POSTED, 4, 0)).getMessage());
    }
}
