package tagmatch.dpa.mem;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread's store buffer, measured by stores.c with {@code mcycle}: stores that fit cost the
 * thread nothing and the fence after them waits for the buffer to drain; a burst longer than the
 * buffer waits for what does not fit; with no buffer every store waits for its write, as before.
 * A write-back L1D takes a store to a line it holds at an L1 hit's cost.
 */
class StoreBufferTest {
    static final DpaConfig CFG = new DpaConfig(2, 1, 2, 16);
    /** A slow L2, so that a store's wait dwarfs the loop around it. */
    static final int STORE = 100;
    static final MemLatencies SLOW_L2 = MemorySetting.LIKELY.latencies().withL2(STORE);
    static DpaRun dpa;
    static ElfImage stores;

    @TempDir
    static Path dir;

    @BeforeAll
    static void build() throws IOException {
        Path src = dir.resolve("stores.c");
        try (InputStream in = StoreBufferTest.class.getResourceAsStream("stores.c")) {
            Files.copy(in, src);
        }
        stores = ElfImage.read(BareMetal.compile(List.of(src), dir.resolve("stores.elf"), List.of("-O2", "-Wall", "-Wextra", "-Werror")),
                CFG.ramBytes());
        dpa = DpaRun.build(CFG, Simulators.defaultBackend());
    }

    /** four, fence, twelve: the cycles of 4 stores, of the fence after them, of 12 stores. */
    private static long[] costs(int entries) {
        return costs(SLOW_L2.withStoreBuffer(entries));
    }

    private static long[] costs(MemLatencies m) {
        DpaResult r = dpa.run(stores, DpaRun.Options.defaults().withCaches(m).withHarts(2).withMaxCycles(200_000));
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> String.valueOf(r));
        String[] w = r.console().strip().split(" ");
        assertEquals(6, w.length, r.console());
        return new long[] {Long.parseLong(w[1]), Long.parseLong(w[3]), Long.parseLong(w[5])};
    }

    @Test
    void storesThatFitCostNothingUntilAFenceAndABurstPastTheBufferWaitsForWhatDoesNotFit() {
        int store = STORE;
        long[] buffered = costs(8), blocking = costs(0);
        assertTrue(blocking[0] >= 4L * store && blocking[1] < store, () -> "no buffer: four stores " + blocking[0] + ", the fence " + blocking[1]);
        assertTrue(blocking[2] >= 12L * store, () -> "no buffer: twelve stores " + blocking[2]);
        assertTrue(buffered[0] < store, () -> "8 entries: four stores " + buffered[0]);
        assertTrue(buffered[1] >= 3L * store, () -> "8 entries: the fence drains the four: " + buffered[1]);
        assertTrue(buffered[2] >= 2L * store && buffered[2] <= 4L * store, () -> "8 entries: twelve stores wait for the four that do not fit, less the loop's own cycles: " + buffered[2]);
    }

    @Test
    void aWriteBackL1DTakesAStoreToALineItHoldsAtAnL1HitsCost() {
        int store = STORE;
        // no buffer, so every store waits for its write; the warm-up burst put the twelve lines in the L1D
        long[] through = costs(SLOW_L2.withStoreBuffer(0)), back = costs(SLOW_L2.withStoreBuffer(0).withWriteBack(1));
        assertTrue(through[2] >= 12L * store, () -> "write-through: twelve stores " + through[2]);
        assertTrue(back[2] < store, () -> "write-back: twelve stores that hit the L1D " + back[2]);
    }
}
