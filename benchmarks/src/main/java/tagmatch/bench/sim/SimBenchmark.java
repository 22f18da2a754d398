package tagmatch.bench.sim;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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
import tagmatch.sim.backends.Simulators;
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
 * The paths run in turn, round after round ({@link Rounds}), so that load from other processes
 * hits them alike; each round's ratios are taken against that round's harness, in wall and in
 * CPU time, and the report gives their median and spread over the rounds, with the machine's
 * load average before and after, since a ratio read on a loaded machine says so.
 */
public final class SimBenchmark {
    /** The design's size and the stimulus: cycles for the Verilator and compiled paths, fewer for the interpreter; runs of every path. */
    public record Settings(int inputs, int cycles, int interpreterCycles, int runs, long seed) {}

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private SimBenchmark() {}

    public static SimBenchReport run(Settings s) throws Exception {
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
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
            List<List<SimBenchReport.Rate>> rounds = Rounds.<SimBenchReport.Rate>alternate(s.runs(), List.of(
                    () -> runHarness(harness, stimFile, cycles),
                    () -> perCycle(model.newInstance(), stim, cycles),
                    () -> batched(model.newInstance(), stim, cycles, "JNA batched (one call)"),
                    () -> batched(Simulators.interpreter(circuit), istim, interpreterCycles, "Java interpreter"),
                    () -> batched(compiled.newInstance(), stim, cycles, "compiled to JVM bytecode (batched)")));
            // The interpreter runs a prefix of the stimulus: check it against Verilator on that prefix.
            SimBenchReport.Rate prefix = batched(model.newInstance(), istim, interpreterCycles, "check");
            for (List<SimBenchReport.Rate> round : rounds) {
                if (prefix.checksum() != round.get(3).checksum()) {
                    throw new IllegalStateException("interpreter and Verilator disagree on the stimulus prefix: checksum "
                            + Long.toHexString(round.get(3).checksum()) + " vs " + Long.toHexString(prefix.checksum()));
                }
                for (SimBenchReport.Rate r : List.of(round.get(1), round.get(2), round.get(4))) {
                    if (r.checksum() != round.get(0).checksum()) {
                        throw new IllegalStateException(r.path() + " disagrees with the C++ harness: checksum "
                                + Long.toHexString(r.checksum()) + " vs " + Long.toHexString(round.get(0).checksum()));
                    }
                }
            }

            Circuit alpu = AlpuRtl.elaborate(AlpuConfig.seed(256, 8, Variant.PRQ));
            t0 = System.nanoTime();
            CompiledModel alpuModel = Simulators.compiledModel(alpu);
            try (Simulator first = alpuModel.newInstance()) {
                first.step();
            }
            double alpuMillis = (System.nanoTime() - t0) / 1e6;
            SimBenchReport.Load load = new SimBenchReport.Load(loadBefore, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    Runtime.getRuntime().availableProcessors());
            return new SimBenchReport(s.inputs(), design.verilog().lines().count(), rounds, cycles, opts.jobs(),
                    cold, coldDesign, cached, compileToFirstCycle, compiled.classBytes(), alpuMillis, alpuModel.classBytes(), load);
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
            long c0 = CPU.getCurrentThreadCpuTime();
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
            return new SimBenchReport.Rate("JNA per-cycle poke/peek", cycles, s, (CPU.getCurrentThreadCpuTime() - c0) / 1e9, h);
        }
    }

    private static SimBenchReport.Rate batched(Simulator sim, long[] stim, int cycles, String label) {
        try (sim) {
            sim.reset();
            Stimulus prog = Stimulus.builder().drive(handles(sim, TreeBehindFifo.DRIVE)).capture(handles(sim, TreeBehindFifo.CAPTURE)).inputs(stim).build();
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            BatchResult r = sim.run(prog);
            double s = (System.nanoTime() - t0) / 1e9;
            double cpu = (CPU.getCurrentThreadCpuTime() - c0) / 1e9;
            long h = 0xcbf29ce484222325L;
            for (long v : r.raw()) {
                h = mix(h, v);
            }
            return new SimBenchReport.Rate(label, r.cycles(), s, cpu, h);
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
        return new SimBenchReport.Rate("C++ harness (the limit)", Long.parseLong(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[3]),
                Long.parseUnsignedLong(f[2], 16));
    }
}
