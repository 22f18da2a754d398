package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmHash;

/**
 * The generated library, loaded through JNA, equals the reference on every workload generator
 * with each block's messages on N concurrent threads: plain build and chaos build (random
 * yields between the phases), N = 1, 4, 32, 64, bins 1 and 128, capacities small enough for
 * ERR_FULL, both hints, each ablation switch, and in-order runs of 0, 1 and the default.
 */
class NativeCosimTest {

    static Stream<Arguments> builds() {
        OtmConfig base = OtmConfig.defaults();
        return Stream.of(
                Arguments.of(base.withThreads(1).withBins(1).withCapacities(8, 8), 3),
                Arguments.of(base.withThreads(4).withBins(128).withCapacities(16, 12), 3),
                Arguments.of(base.withThreads(4).withBins(1).withCapacities(1024, 1024).withHash(OtmHash.XOR_FOLD, true), 2),
                Arguments.of(base.withThreads(32).withBins(128).withCapacities(40, 24), 2),
                Arguments.of(base.withThreads(32).withBins(1).withCapacities(1024, 1024), 2),
                Arguments.of(base.withThreads(64).withBins(128).withCapacities(48, 32), 2),
                Arguments.of(base.withThreads(64).withBins(1).withCapacities(4096, 4096), 1),
                Arguments.of(base.withThreads(8).withBins(128).withCapacities(32, 16).withHints(true, false), 2),
                Arguments.of(base.withThreads(8).withBins(16).withCapacities(32, 16).withHints(false, true), 2),
                Arguments.of(base.withThreads(16).withBins(128).withCapacities(64, 64).withHints(true, true), 2),
                // ablation builds match every block optimistically, so that the switched-off paths are what runs
                Arguments.of(base.withThreads(32).withBins(1).withCapacities(64, 32).withOptimizations(false, true).withInOrderRun(0), 1),
                Arguments.of(base.withThreads(32).withBins(16).withCapacities(64, 32).withOptimizations(true, false).withInOrderRun(0), 1),
                Arguments.of(base.withThreads(8).withBins(1).withCapacities(32, 16).withOptimizations(false, false).withInOrderRun(0), 1),
                // one in-order block after each contended one (one bin: most are): a change of mode every other block
                Arguments.of(base.withThreads(32).withBins(1).withCapacities(64, 32).withInOrderRun(1), 2),
                Arguments.of(base.withThreads(16).withBins(128).withCapacities(64, 32).withInOrderRun(0), 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void plainBuildEqualsReferenceOnEveryWorkload(OtmConfig cfg, int seeds) {
        runAll(cfg, seeds, "lib", "libotm.so");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void chaosBuildEqualsReferenceOnEveryWorkload(OtmConfig cfg, int seeds) {
        runAll(cfg, seeds, "chaos", "libotm_chaos.so");
    }

    private static void runAll(OtmConfig cfg, int seeds, String target, String lib) {
        FirmwareBuild build = FirmwareBuild.generate(cfg, CosimSupport.ROOT);
        OtmApi api = OtmLibrary.load(build.artifact(target, lib));
        int streams = 0;
        try (NativeCosim sim = new NativeCosim(api, cfg.threads())) {
            for (long seed = 1; seed <= seeds; seed++) {
                for (List<Event> events : CosimSupport.streams(cfg, seed, 48)) {
                    List<OpResult> got = sim.run(events);
                    CosimSupport.assertMatchesReference(cfg.key() + " " + target + " seed " + seed + " stream " + streams,
                            events, cfg, got, sim.lastStats());
                    streams++;
                }
            }
        }
        assertTrue(streams >= 9 * seeds, "every generator ran");
    }

    @org.junit.jupiter.api.Test
    void footprintBreakdownAddsUpToOtmCtxBytes() {
        OtmConfig base = OtmConfig.defaults();
        for (OtmConfig c : List.of(base.withBins(128).withCapacities(8192, 1024), base.withThreads(5).withBins(1).withCapacities(3, 7),
                base.withHints(true, true).withBins(2), base.withHints(false, true).withThreads(64).withCapacities(1, 1))) {
            FirmwareBuild b = FirmwareBuild.generate(c, CosimSupport.ROOT);
            OtmApi api = OtmLibrary.load(b.artifact("lib", "libotm.so"));
            org.junit.jupiter.api.Assertions.assertEquals(api.ctxBytes(), tagmatch.otm.OtmFootprint.of(c).total(), c.key());
        }
    }
}
