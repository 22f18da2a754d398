package tagmatch.dpa.mem;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.process.ParameterError;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cost of one load in each cache state, measured by a program with {@code mcycle} on a 2x1
 * cluster (the compiled backend: these runs are shorter than a Verilator build), over a load
 * that hits in the L1D.
 */
class CacheHierarchyTest {
    static final DpaConfig CFG = new DpaConfig(2, 1, 2, 16);
    static DpaRun dpa;

    @TempDir
    static Path dir;
    static ElfImage costs;

    @BeforeAll
    static void build() throws IOException {
        Path src = dir.resolve("costs.c");
        try (InputStream in = CacheHierarchyTest.class.getResourceAsStream("costs.c")) {
            Files.copy(in, src);
        }
        costs = ElfImage.read(BareMetal.compile(List.of(src), dir.resolve("costs.elf"), List.of("-O2")), CFG.ramBytes());
        dpa = DpaRun.build(CFG, Simulators.defaultBackend());
    }

    private static DpaResult run(DpaRun.Options o) {
        DpaResult r = dpa.run(costs, o.withHarts(2).withMaxCycles(200_000));
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> String.valueOf(r.error() == null ? r : r.error().describe()));
        return r;
    }

    @Test
    void aLoadCostsTheLevelThatHoldsItsLineAndAnotherCoresStoreSendsItBackToTheL2() {
        MemLatencies m = new MemLatencies(2, 16, 40, 200, 1800, 4, 2700, 8, 0);
        DpaResult r = run(DpaRun.Options.defaults().withCaches(m));
        // cold: DRAM; again: the L1D; after another core's store: the L2 (invalidated); after its own store:
        // the L1D (write-through updates it); after its own AMO, performed at the L2: the L2
        assertEquals("cold 198 again 0 remote 14 own_store 0 own_amo 14\n", r.console());
        assertTrue(r.caches().l1dHits() > 0 && r.caches().l1dMisses() >= 4 && r.caches().l2Misses() >= 4, r.caches().toString());
    }

    @Test
    void theLatenciesAreInputsOfTheBuiltModel() {
        DpaResult r = run(DpaRun.Options.defaults().withCaches(new MemLatencies(1, 30, 60, 100, 1800, 4, 2700, 8, 0)));
        assertEquals("cold 99 again 0 remote 29 own_store 0 own_amo 29\n", r.console());
    }

    @Test
    void flatMemoryCostsTheSameEverywhereAndLooksNothingUp() {
        DpaResult r = run(DpaRun.Options.defaults().withLatency(8));
        assertEquals("cold 0 again 0 remote 0 own_store 0 own_amo 0\n", r.console());
        assertEquals(new CacheCounts(0, 0, 0, 0, 0, 0, 0, 0), r.caches());
    }

    @Test
    void aGeometryWhoseSetsAreNotAPowerOfTwoIsRefusedNamingTheSetsAndWhatMadeThem() {
        ParameterError e = assertThrows(ParameterError.class, () -> new CacheGeometry(64, 1024, 1024, 4, 1536, 4, 3072, 6));
        assertEquals(CacheGeometry.Parameter.L2_SETS, e.parameter());
        assertEquals("L2 sets must be a power of two >= 2 (1536 KiB in 4 ways of 64-byte lines), got 6144", e.getMessage());
        assertEquals(CacheGeometry.Parameter.L1D_SETS,
                assertThrows(ParameterError.class, () -> new DpaConfig(1, 2, 1, 16, new CacheGeometry(64, 1024, 64, 4, 1536, 6, 3072, 6))).parameter());
        assertThrows(IllegalArgumentException.class, () -> new MemLatencies(2, 16, 40, 200, 5000, 4, 2700, 8, 0));
    }
}
