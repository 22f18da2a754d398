package tagmatch.dpa;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Short programs on small clusters, on the default backend (compiled: these runs are shorter
 * than a Verilator build of each cluster), and one traced on both backends; the long firmware
 * and ISA runs use Verilator.
 */
class DpaRunTest {
    @TempDir
    Path dir;

    private static DpaRun build(DpaConfig cfg) {
        return DpaRun.build(cfg, Simulators.defaultBackend());
    }

    static Path source(Path dir, String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = DpaRunTest.class.getResourceAsStream(name)) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void helloPrintsAndExitsWithItsCode() throws IOException {
        DpaConfig cfg = new DpaConfig(1, 1, 1, 16);
        Path elf = BareMetal.compile(List.of(source(dir, "hello.c")), dir.resolve("hello.elf"), List.of("-O2"));
        DpaRun dpa = build(cfg);
        DpaResult r = dpa.run(ElfImage.read(elf, cfg.ramBytes()), DpaRun.Options.defaults());
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> String.valueOf(r.error() == null ? r : r.error().describe()));
        assertEquals("hello from the DPA\n", r.console());
        assertEquals(42, r.exitCode());
    }

    @Test
    void hartsCountWithAmosAndAnLrScLock() throws IOException {
        DpaConfig cfg = new DpaConfig(2, 4, 2, 16);
        Path elf = BareMetal.compile(List.of(source(dir, "counter.c")), dir.resolve("counter.elf"), List.of("-O2", "-DHARTS=8"));
        DpaRun dpa = build(cfg);
        List<Retirement> trace = new ArrayList<>();
        DpaResult r = dpa.run(ElfImage.read(elf, cfg.ramBytes()), DpaRun.Options.defaults());
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> String.valueOf(r.error() == null ? r : r.error().describe()));
        assertEquals("amo 400 lock 400 div -13871 rem -48 mul -109876463\n", r.console());
        assertEquals(0, r.exitCode());
        assertEquals(8, r.retired().stream().filter(n -> n > 0).count());
    }

    /** The differential check of the default backend on the cluster: the long runs use Verilator. */
    @Test
    void verilatorAndTheCompiledBackendRetireTheSameInstructionsInTheSameCycles() throws IOException {
        DpaConfig cfg = new DpaConfig(2, 4, 2, 16);
        Path elf = BareMetal.compile(List.of(source(dir, "counter.c")), dir.resolve("counter.elf"), List.of("-O2", "-DHARTS=8"));
        ElfImage image = ElfImage.read(elf, cfg.ramBytes());
        List<Retirement> verilator = new ArrayList<>();
        List<Retirement> compiled = new ArrayList<>();
        DpaResult v = DpaRun.build(cfg, "verilator").trace(image, DpaRun.Options.defaults(), verilator::add);
        DpaResult c = DpaRun.build(cfg, "compiled").trace(image, DpaRun.Options.defaults(), compiled::add);
        assertEquals(DpaResult.Outcome.EXIT, v.outcome());
        assertEquals(v, c);
        assertEquals(verilator.size(), compiled.size(), "retirements");
        for (int i = 0; i < verilator.size(); i++) {
            assertEquals(verilator.get(i), compiled.get(i), "retirement " + i);
        }
    }

    @Test
    void traceSpanningSeveralBatchesDeliversEveryRetirement() throws IOException {
        DpaConfig cfg = new DpaConfig(1, 1, 1, 16);
        Path elf = BareMetal.compile(List.of(source(dir, "loop.c")), dir.resolve("loop.elf"), List.of("-O2"));
        DpaRun dpa = build(cfg);
        ElfImage image = ElfImage.read(elf, cfg.ramBytes());
        // stores that wait for their writes make the loop long enough
        DpaRun.Options blocking = DpaRun.Options.defaults().withCaches(MemorySetting.LIKELY.latencies().withStoreBuffer(0));
        DpaResult plain = dpa.run(image, blocking);
        List<Retirement> trace = new ArrayList<>();
        DpaResult traced = dpa.trace(image, blocking, trace::add);
        assertEquals(DpaResult.Outcome.EXIT, traced.outcome(), () -> String.valueOf(traced.error() == null ? traced : traced.error().describe()));
        assertTrue(traced.cycles() > 3 * 32768, "the run must need several trace batches, took " + traced.cycles() + " cycles");
        assertEquals(plain.exitCode(), traced.exitCode());
        assertEquals(plain.retired(), traced.retired());
        assertEquals(traced.retired().get(0), trace.size(), "one retirement per instruction retired");
    }

    @Test
    void pauseKeepsItsThreadFromIssuingForPauseCycles() throws IOException {
        DpaConfig cfg = new DpaConfig(1, 1, 1, 16);
        Path elf = BareMetal.compile(List.of(source(dir, "pause.c")), dir.resolve("pause.elf"), List.of("-O2"));
        // flat memory: an instruction cache miss on either side would add to the difference
        DpaResult r = build(cfg).run(ElfImage.read(elf, cfg.ramBytes()), DpaRun.Options.defaults().withLatency(8));
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> String.valueOf(r.error() == null ? r : r.error().describe()));
        assertEquals(DpaCore.PAUSE_CYCLES, r.exitCode());
    }

    @Test
    void wrsNtoWaitsWithoutIssuingUntilAnotherHartWritesTheReservedWord() throws IOException {
        DpaConfig cfg = new DpaConfig(1, 2, 1, 16);
        Path elf = BareMetal.compile(List.of(source(dir, "wrs.c")), dir.resolve("wrs.elf"), List.of("-O2"));
        DpaResult r = build(cfg).run(ElfImage.read(elf, cfg.ramBytes()), DpaRun.Options.defaults());
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> String.valueOf(r.error() == null ? r : r.error().describe()));
        // a spinning hart would retire hundreds in 2000 cycles: lr, wrs.nto, then lr and the exit test after the store
        assertTrue(r.exitCode() < 10, "hart 1 retired " + r.exitCode() + " instructions while waiting (100: woke too late)");
    }
}
