package tagmatch.bench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each round's paths are judged against that round's harness: load that slows a whole round moves no ratio. */
class SimBenchReportTest {
    private static List<SimBenchReport.Rate> round(double harnessSeconds, double jnaSeconds, double jnaCpu) {
        return List.of(
                new SimBenchReport.Rate("C++ harness (the limit)", 1000, harnessSeconds, harnessSeconds, 7),
                new SimBenchReport.Rate("JNA per-cycle poke/peek", 1000, 4 * harnessSeconds, 4 * harnessSeconds, 7),
                new SimBenchReport.Rate("JNA batched (one call)", 1000, jnaSeconds, jnaCpu, 7),
                new SimBenchReport.Rate("Java interpreter", 100, 10 * harnessSeconds, 10 * harnessSeconds, 7),
                new SimBenchReport.Rate("compiled to JVM bytecode (batched)", 1000, 2 * jnaSeconds, 2 * jnaCpu, 7));
    }

    private static SimBenchReport report(List<List<SimBenchReport.Rate>> rounds) {
        return new SimBenchReport(8, 100, rounds, 1000, 2, 5, 2, 0.001, 0.1, 1000, 100, 2000, new SimBenchReport.Load(3.5, 4.25, 2));
    }

    @Test
    void aRoundSlowedAsAWholeMovesNoRatio() {
        // the second round ran at half speed on every path: its ratios equal the first's
        SimBenchReport r = report(List.of(round(1, 1.25, 1.25), round(2, 2.5, 2.5), round(1, 1.25, 1.25)));
        SimBenchReport.Spread jna = r.ratio(2, 0, SimBenchReport.Rate::perSecond);
        assertEquals(0.8, jna.median(), 1e-12);
        assertEquals(jna.min(), jna.max(), 1e-12);
        assertEquals(0.5, r.ratio(4, 2, SimBenchReport.Rate::perSecond).median(), 1e-12);
    }

    @Test
    void theGoalIsJudgedOnTheMedianAndSaysHowManyRunsReachedIt() {
        // JNA at 0.95, 0.85 and 0.92 of the harness: the median 0.92 meets 0.9, two runs of three reach it
        SimBenchReport r = report(List.of(round(1, 1 / 0.95, 1), round(1, 1 / 0.85, 1), round(1, 1 / 0.92, 1)));
        String text = r.text();
        assertTrue(text.contains("JNA batched >= 0.9 of the C++ harness (median): wall MET at 0.920 (0.850..0.950), 2 of 3 runs at or above; "
                + "CPU MET at 1.000 (1.000..1.000), 3 of 3"), text);
    }

    @Test
    void theMedianAndSpreadOfWallAndCpuRatiosArePrintedWithTheGoals() {
        // JNA's wall ratio 0.8, 1.0 and 0.5 over three rounds; its CPU ratio stays 1.0
        SimBenchReport r = report(List.of(round(1, 1.25, 1), round(1, 1, 1), round(1, 2, 1)));
        SimBenchReport.Spread wall = r.ratio(2, 0, SimBenchReport.Rate::perSecond);
        assertEquals(0.8, wall.median(), 1e-12);
        assertEquals(0.5, wall.min(), 1e-12);
        assertEquals(1.0, wall.max(), 1e-12);
        assertEquals(1.0, r.ratio(2, 0, SimBenchReport.Rate::perCpuSecond).median(), 1e-12);
        String text = r.text();
        assertTrue(text.contains("0.800 (0.500..1.000)"), text);
        assertTrue(text.contains("JNA batched >= 0.9 of the C++ harness (median): wall MISSED at 0.800 (0.500..1.000), 1 of 3 runs at or above; "
                + "CPU MET at 1.000 (1.000..1.000), 3 of 3"), text);
        assertTrue(text.contains("3 runs of every path, in turn"), text);
        assertTrue(text.contains("load average (1 min) 3.50 before, 4.25 after, on 2 cores"), text);
    }
}
