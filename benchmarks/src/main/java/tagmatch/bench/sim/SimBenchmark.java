package tagmatch.bench.sim;

import java.nio.file.Path;
import java.util.Arrays;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.process.Exec;
import tagmatch.process.ScratchDir;
import tagmatch.sim.BatchResult;
import tagmatch.sim.CircuitDesigns;
import tagmatch.sim.PortHandle;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.Simulators;
import tagmatch.sim.Stimulus;
import tagmatch.sim.compiled.CompiledModel;
import tagmatch.sim.verilator.VerilatorModel;
import tagmatch.sim.verilator.VerilatorOptions;

/**
 * Cycles per second of one design ({@link TreeBehindFifo}) and one stimulus on five paths, as
 * ratios to a pure C++ Verilator harness generated and compiled here (the physical limit): JNA
 * with per-cycle poke/peek, JNA with one batched call, the Java interpreter, and the design
 * compiled to JVM bytecode (batched). Also the Verilator build time: cold (empty cache), cold
 * for the design alone (Verilator's runtime already cached) and cached, beside the compiled
 * backend's time from circuit to first cycle. All paths must produce the same output checksum.
 */
public final class SimBenchmark {
    /** The design's size and the stimulus: cycles for the Verilator and compiled paths, fewer for the interpreter. */
    public record Settings(int inputs, int cycles, int interpreterCycles, int repeat, long seed) {}

    private SimBenchmark() {}

    public static SimBenchReport run(Settings s) throws Exception {
        Circuit circuit = Elaborator.elaborate(() -> new TreeBehindFifo(s.inputs(), 16, 4));
        SimDesign design = CircuitDesigns.of(circuit);
        String oldCache = System.getProperty("tagmatch.cache");
        try (ScratchDir scratch = ScratchDir.create("simbench")) {
            Path work = scratch.path();
            // Build times, in a private empty cache so "cold" is honest.
            System.setProperty("tagmatch.cache", work.resolve("cache").toString());
            VerilatorOptions opts = VerilatorOptions.defaults();
            long t0 = System.nanoTime();
            VerilatorModel model = Simulators.verilatorModel(design, opts);
            double cold = (System.nanoTime() - t0) / 1e9;
            SimDesign variant = CircuitDesigns.of(Elaborator.elaborate(() -> new TreeBehindFifo(s.inputs(), 16, 8)));
            t0 = System.nanoTime();
            Simulators.verilatorModel(variant, opts);
            double coldDesign = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            VerilatorModel again = Simulators.verilatorModel(design, opts);
            double cached = (System.nanoTime() - t0) / 1e9;
            if (!again.cacheHit()) {
                throw new IllegalStateException("the second build of the same design missed the cache");
            }

            int cycles = s.cycles();
            long[] stim = TreeBehindFifo.stimulus(design, cycles, s.seed());
            Path harness = model.buildHarness(CppHarness.source(design), work.resolve("harness"));
            Path stimFile = work.resolve("stimulus.bin");
            CppHarness.writeStimulus(stimFile, stim);

            t0 = System.nanoTime();
            CompiledModel compiled = Simulators.compiledModel(circuit);
            try (Simulator first = compiled.newInstance()) {
                first.step();
            }
            double compileToFirstCycle = (System.nanoTime() - t0) / 1e9;

            int interpreterCycles = Math.min(s.interpreterCycles(), cycles);
            long[] istim = Arrays.copyOf(stim, interpreterCycles * TreeBehindFifo.rowWords(design));
            // The JIT compiles the design's class while it runs: two untimed runs first, as the
            // Verilator paths run code compiled before the clock starts.
            for (int i = 0; i < 2; i++) {
                batched(compiled.newInstance(), stim, cycles, "warm-up");
            }
            // Rounds interleave the paths so that load from other processes hits them alike; best of each kept.
            SimBenchReport.Rate[] best = new SimBenchReport.Rate[5];
            for (int round = 0; round < s.repeat(); round++) {
                SimBenchReport.Rate[] now = {
                    runHarness(harness, stimFile, cycles),
                    perCycle(model.newInstance(), stim, cycles),
                    batched(model.newInstance(), stim, cycles, "JNA batched (one call)"),
                    batched(Simulators.interpreter(circuit), istim, interpreterCycles, "Java interpreter"),
                    batched(compiled.newInstance(), stim, cycles, "compiled to JVM bytecode (batched)"),
                };
                for (int i = 0; i < best.length; i++) {
                    if (best[i] == null || now[i].seconds() < best[i].seconds()) {
                        best[i] = now[i];
                    }
                }
            }
            // The interpreter runs a prefix of the stimulus: check it against Verilator on that prefix.
            SimBenchReport.Rate prefix = batched(model.newInstance(), istim, interpreterCycles, "check");
            if (prefix.checksum() != best[3].checksum()) {
                throw new IllegalStateException("interpreter and Verilator disagree on the stimulus prefix: checksum "
                        + Long.toHexString(best[3].checksum()) + " vs " + Long.toHexString(prefix.checksum()));
            }
            for (SimBenchReport.Rate r : new SimBenchReport.Rate[] {best[1], best[2], best[4]}) {
                if (r.checksum() != best[0].checksum()) {
                    throw new IllegalStateException(r.path() + " disagrees with the C++ harness: checksum "
                            + Long.toHexString(r.checksum()) + " vs " + Long.toHexString(best[0].checksum()));
                }
            }

            Circuit alpu = AlpuRtl.elaborate(AlpuConfig.seed(256, 8, Variant.PRQ));
            t0 = System.nanoTime();
            CompiledModel alpuModel = Simulators.compiledModel(alpu);
            try (Simulator first = alpuModel.newInstance()) {
                first.step();
            }
            double alpuMillis = (System.nanoTime() - t0) / 1e6;
            return new SimBenchReport(s.inputs(), design.verilog().lines().count(), Arrays.asList(best), cycles, opts.jobs(),
                    cold, coldDesign, cached, compileToFirstCycle, compiled.classBytes(), alpuMillis, alpuModel.classBytes());
        } finally {
            if (oldCache == null) {
                System.clearProperty("tagmatch.cache");
            } else {
                System.setProperty("tagmatch.cache", oldCache);
            }
        }
    }

    private static long mix(long h, long v) {
        h ^= v;
        h *= 0x100000001b3L;
        return h ^ (h >>> 29);
    }

    private static SimBenchReport.Rate perCycle(Simulator sim, long[] stim, int cycles) {
        try (sim) {
            sim.reset();
            PortHandle[] in = handles(sim, TreeBehindFifo.DRIVE);
            PortHandle[] out = handles(sim, TreeBehindFifo.CAPTURE);
            long[][] buf = new long[in.length][];
            for (int i = 0; i < in.length; i++) {
                buf[i] = new long[in[i].words()];
            }
            int rw = 0;
            for (PortHandle h : in) {
                rw += h.words();
            }
            long h = 0xcbf29ce484222325L;
            long t0 = System.nanoTime();
            for (int c = 0; c < cycles; c++) {
                int k = c * rw;
                for (int i = 0; i < in.length; i++) {
                    if (in[i].narrow()) {
                        sim.poke(in[i], stim[k++]);
                    } else {
                        System.arraycopy(stim, k, buf[i], 0, buf[i].length);
                        k += buf[i].length;
                        sim.pokeWords(in[i], buf[i]);
                    }
                }
                for (PortHandle o : out) {
                    h = mix(h, sim.peek(o));
                }
                sim.step(1);
            }
            double s = (System.nanoTime() - t0) / 1e9;
            return new SimBenchReport.Rate("JNA per-cycle poke/peek", cycles, s, h);
        }
    }

    private static SimBenchReport.Rate batched(Simulator sim, long[] stim, int cycles, String label) {
        try (sim) {
            sim.reset();
            Stimulus prog = Stimulus.builder().drive(handles(sim, TreeBehindFifo.DRIVE)).capture(handles(sim, TreeBehindFifo.CAPTURE)).inputs(stim).build();
            long t0 = System.nanoTime();
            BatchResult r = sim.run(prog);
            double s = (System.nanoTime() - t0) / 1e9;
            long h = 0xcbf29ce484222325L;
            for (long v : r.raw()) {
                h = mix(h, v);
            }
            return new SimBenchReport.Rate(label, r.cycles(), s, h);
        }
    }

    private static PortHandle[] handles(Simulator sim, String[] names) {
        PortHandle[] h = new PortHandle[names.length];
        for (int i = 0; i < names.length; i++) {
            h[i] = sim.port(names[i]);
        }
        return h;
    }

    private static SimBenchReport.Rate runHarness(Path exe, Path stim, int cycles) {
        String out = Exec.of(exe.toString(), stim.toString(), Integer.toString(cycles)).check().trim();
        String[] f = out.split("\\s+");
        return new SimBenchReport.Rate("C++ harness (the limit)", Long.parseLong(f[0]), Double.parseDouble(f[1]), Long.parseUnsignedLong(f[2], 16));
    }
}
