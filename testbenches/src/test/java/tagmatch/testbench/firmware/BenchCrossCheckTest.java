package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;

/**
 * The benchmark's workloads, where all threads of a block race for the same receives
 * (conflict) or for wildcard receives, with receives kept posted: {@code otm_bench check}
 * runs the firmware on 32 threads beside the linked-list baseline and exits non-zero at the
 * first status or partner that differs. Natively and under ThreadSanitizer, with and without
 * the fast path and the early booking check.
 */
class BenchCrossCheckTest {

    static List<OtmConfig> builds() {
        OtmConfig base = OtmConfig.defaults().withThreads(32).withBins(128).withCapacities(1024, 1024);
        return List.of(base, base.withOptimizations(false, true), base.withOptimizations(true, false),
                base.withOptimizations(false, false));
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
}
