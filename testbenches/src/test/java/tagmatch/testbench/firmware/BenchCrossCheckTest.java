package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;

/**
 * The benchmark's workloads, where all threads of a block race for the same receives
 * (conflict) or for wildcard receives, with receives kept posted: {@code otm_bench check}
 * runs the firmware on 32 threads beside the linked-list baseline and exits non-zero at the
 * first status or partner that differs. Natively and under ThreadSanitizer, with and without
 * the fast path and the early booking check, with in-order blocks (runs of 1 and the default) and without.
 */
class BenchCrossCheckTest {

    static List<OtmConfig> builds() {
        OtmConfig base = OtmConfig.defaults().withThreads(32).withBins(128).withCapacities(1024, 1024);
        OtmConfig optimistic = base.withInOrderRun(0);
        return List.of(base, base.withInOrderRun(1), optimistic, optimistic.withOptimizations(false, true),
                optimistic.withOptimizations(true, false), optimistic.withOptimizations(false, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void firmwareEqualsTheListOnTheBenchmarkWorkloads(OtmConfig cfg) {
        FirmwareBuild b = FirmwareBuild.generate(cfg, CosimSupport.ROOT);
        Path bench = b.artifact("bench", "otm_bench");
        Path tsan = b.artifact("bench-tsan", "otm_bench_tsan");
        for (String kase : List.of("nc", "conflict", "wild")) {
            for (int depth : new int[] {1, 7, 64, 500}) {
                String out = Exec.of(bench.toString(), "check", kase, String.valueOf(depth), "3000", "32").in(b.dir()).check();
                assertTrue(out.startsWith("matched "), out);
            }
            String out = Exec.of(tsan.toString(), "check", kase, "64", "1200", "32").in(b.dir()).check();
            assertTrue(out.startsWith("matched "), out);
        }
    }

    /** The in-order counter of a bench run: "... in_order I". */
    private static long inOrder(Path bench, String kase) {
        String out = Exec.of(bench.toString(), "otm", kase, "64", "4000", "32").in(bench.getParent()).check().strip();
        String[] f = out.split(" ");
        assertEquals("in_order", f[f.length - 2], out);
        return Long.parseLong(f[f.length - 1]);
    }

    @Test
    void blocksAreMatchedInOrderOnlyAfterContention() {
        OtmConfig base = builds().get(0);
        Path bench = FirmwareBuild.generate(base, CosimSupport.ROOT).artifact("bench", "otm_bench");
        // every message of a block has one key: each block after the first contended one, but the
        // probe after each run, is matched in order
        long conflict = inOrder(bench, "conflict");
        assertTrue(conflict >= 4000 * 9 / 10, "conflict: " + conflict + " of 4000 messages in order");
        // independent messages wait for no older one: never in order
        assertEquals(0, inOrder(bench, "nc"));
        Path optimistic = FirmwareBuild.generate(base.withInOrderRun(0), CosimSupport.ROOT).artifact("bench", "otm_bench");
        assertEquals(0, inOrder(optimistic, "conflict"));
    }
}
