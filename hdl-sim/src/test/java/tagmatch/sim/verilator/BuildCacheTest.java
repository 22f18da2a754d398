package tagmatch.sim.verilator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.TestDesigns;

class BuildCacheTest {
    @TempDir
    Path tmp;

    @Test
    void secondBuildOfTheSameDesignIsACacheHit() {
        VerilatorModel first = Simulators.verilatorModel(TestDesigns.counter(), VerilatorOptions.defaults());
        VerilatorModel second = Simulators.verilatorModel(TestDesigns.counter(), VerilatorOptions.defaults());
        assertTrue(second.cacheHit());
        assertEquals(first.library(), second.library());
        assertTrue(Files.isRegularFile(second.library().resolveSibling("counter.v")), "sources stay beside the library");
    }

    @Test
    void changedVerilogOrOptionsGiveADifferentEntry() {
        SimDesign a = TestDesigns.counter();
        SimDesign b = new SimDesign(a.top(), a.verilog().replace("8'd1", "8'd2"), a.ports(), a.clock(), a.reset());
        VerilatorModel ma = Simulators.verilatorModel(a, VerilatorOptions.defaults());
        VerilatorModel mb = Simulators.verilatorModel(b, VerilatorOptions.defaults());
        assertNotEquals(ma.library(), mb.library());
        try (Simulator s = mb.newInstance()) {
            s.reset();
            s.poke("en", 1);
            s.step(3);
            assertEquals(6, s.peek("count"));
        }
        VerilatorModel traced = Simulators.verilatorModel(a, VerilatorOptions.defaults().withTrace(true));
        assertNotEquals(ma.library(), traced.library());
    }

    @Test
    void concurrentBuildersOfOneKeyBuildOnce() throws Exception {
        BuildCache cache = new BuildCache(tmp);
        AtomicInteger builds = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<BuildCache.Entry>> fs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                fs.add(pool.submit(() -> cache.get("k1", dir -> {
                    builds.incrementAndGet();
                    pause();
                    Files.writeString(dir.resolve("product"), "x");
                })));
            }
            int hits = 0;
            for (Future<BuildCache.Entry> f : fs) {
                BuildCache.Entry e = f.get();
                assertEquals("x", Files.readString(e.dir().resolve("product")));
                hits += e.hit() ? 1 : 0;
            }
            assertEquals(1, builds.get());
            assertEquals(3, hits);
        } finally {
            pool.shutdownNow();
        }
        try (var s = Files.list(cache.dir())) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().startsWith("tmp-")), "no temporary directory left");
        }
    }

    /** Holds the build open long enough for the other threads to queue on the lock. */
    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void twoJvmsBuildingTheSameDesignAtOnceBuildItOnce() throws Exception {
        Path cacheRoot = tmp.resolve("shared-cache");
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ps.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "-Dtagmatch.cache=" + cacheRoot,
                    BuildInAnotherJvm.class.getName()).redirectErrorStream(true).start());
        }
        List<String> outs = new ArrayList<>();
        for (Process p : ps) {
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
            assertEquals(0, p.waitFor(), out);
            outs.add(out);
        }
        assertEquals(1, outs.stream().filter(o -> o.startsWith("hit=false count=42 lib=")).count(), outs.toString());
        assertEquals(1, outs.stream().filter(o -> o.startsWith("hit=true count=42 lib=")).count(), outs.toString());
        assertEquals(outs.get(0).replaceAll("^hit=\\w+ ", ""), outs.get(1).replaceAll("^hit=\\w+ ", ""),
                "both JVMs load the same library");
        try (var s = Files.list(cacheRoot.resolve("sim"))) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().startsWith("tmp-")), "no temporary directory left");
        }
    }

    @Test
    void leftoverWithoutMarkerIsRebuilt() throws Exception {
        BuildCache cache = new BuildCache(tmp);
        Files.createDirectories(cache.dir().resolve("k2"));
        Files.writeString(cache.dir().resolve("k2").resolve("half"), "killed mid-build");
        BuildCache.Entry e = cache.get("k2", dir -> Files.writeString(dir.resolve("product"), "y"));
        assertFalse(e.hit());
        assertTrue(Files.exists(e.dir().resolve("product")));
        assertFalse(Files.exists(e.dir().resolve("half")));
    }

    @Test
    void cacheRootFollowsTheSystemProperty() {
        String old = System.getProperty("tagmatch.cache");
        try {
            System.setProperty("tagmatch.cache", tmp.toString());
            assertEquals(tmp.resolve("sim"), BuildCache.standard().dir());
        } finally {
            if (old == null) {
                System.clearProperty("tagmatch.cache");
            } else {
                System.setProperty("tagmatch.cache", old);
            }
        }
    }
}
