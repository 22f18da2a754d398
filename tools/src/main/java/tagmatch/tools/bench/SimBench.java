package tagmatch.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.process.Exec;
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
 * {@code tagmatch bench sim}: cycles per second of one design and one stimulus on five paths,
 * as ratios to a pure C++ Verilator harness the bench generates and compiles (the physical
 * limit): JNA with per-cycle poke/peek, JNA with one batched call, the Java interpreter, and
 * the design compiled to JVM bytecode (batched). Also the Verilator build time: cold (empty
 * cache), cold for the design alone (Verilator's runtime already cached) and cached, beside the
 * compiled backend's time from circuit to first cycle. All paths must produce the same output
 * checksum.
 */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = "Simulation speed: C++ harness vs JNA per-cycle vs JNA batched vs Java interpreter vs compiled to "
                + "JVM bytecode; Verilator build and bytecode compile times.")
public final class SimBench implements Callable<Integer> {
    @Option(names = "--inputs", description = "priority-tree inputs (default: ${DEFAULT-VALUE})")
    int inputs = 256;

    @Option(names = "--cycles", description = "stimulus cycles for the Verilator paths (default: ${DEFAULT-VALUE})")
    int cycles = 200_000;

    @Option(names = "--interpreter-cycles", description = "stimulus cycles for the interpreter (default: ${DEFAULT-VALUE})")
    int interpreterCycles = 20_000;

    @Option(names = "--repeat", description = "timed repetitions per path, best reported (default: ${DEFAULT-VALUE})")
    int repeat = 5;

    @Option(names = "--seed", description = "stimulus seed (default: ${DEFAULT-VALUE})")
    long seed = 1;

    private record Rate(String path, long cycles, double seconds, long checksum) {
        double perSecond() { return cycles / seconds; }
    }

    @Override
    public Integer call() throws Exception {
        if (inputs < 2 || inputs > 4096) {
            throw new IllegalArgumentException("--inputs must be 2..4096, got " + inputs);
        }
        tagmatch.tools.OptionCheck.atLeast("--cycles", cycles, 1000);
        tagmatch.tools.OptionCheck.atLeast("--interpreter-cycles", interpreterCycles, 100);
        tagmatch.tools.OptionCheck.atLeast("--repeat", repeat, 1);
        Circuit circuit = Elaborator.elaborate(() -> new TreeBehindFifo(inputs, 16, 4));
        SimDesign design = CircuitDesigns.of(circuit);
        tagmatch.process.ScratchDir scratch = tagmatch.process.ScratchDir.create("simbench");
        Path work = scratch.path();
        String oldCache = System.getProperty("tagmatch.cache");
        try {
            System.out.printf("design: %d-input priority tree (radix 4, 16-bit tags in registers) behind a 4-deep FIFO; "
                    + "%d Verilog lines%n", inputs, design.verilog().lines().count());

            // Build times, in a private empty cache so "cold" is honest.
            System.setProperty("tagmatch.cache", work.resolve("cache").toString());
            VerilatorOptions opts = VerilatorOptions.defaults();
            long t0 = System.nanoTime();
            VerilatorModel model = Simulators.verilatorModel(design, opts);
            double cold = (System.nanoTime() - t0) / 1e9;
            SimDesign variant = CircuitDesigns.of(Elaborator.elaborate(() -> new TreeBehindFifo(inputs, 16, 8)));
            t0 = System.nanoTime();
            Simulators.verilatorModel(variant, opts);
            double coldDesign = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            VerilatorModel again = Simulators.verilatorModel(design, opts);
            double cached = (System.nanoTime() - t0) / 1e9;
            if (!again.cacheHit()) {
                throw new IllegalStateException("the second build of the same design missed the cache");
            }

            long[] stim = TreeBehindFifo.stimulus(design, cycles, seed);
            Path harness = model.buildHarness(CppHarness.source(design), work.resolve("harness"));
            Path stimFile = work.resolve("stimulus.bin");
            CppHarness.writeStimulus(stimFile, stim);

            t0 = System.nanoTime();
            CompiledModel compiled = Simulators.compiledModel(circuit);
            try (Simulator first = compiled.newInstance()) {
                first.step();
            }
            double compileToFirstCycle = (System.nanoTime() - t0) / 1e9;

            interpreterCycles = Math.min(interpreterCycles, cycles);
            long[] istim = java.util.Arrays.copyOf(stim, interpreterCycles * TreeBehindFifo.rowWords(design));
            // The JIT compiles the design's class while it runs: two untimed runs first, as the
            // Verilator paths run code compiled before the clock starts.
            for (int i = 0; i < 2; i++) {
                batched(compiled.newInstance(), stim, cycles, "warm-up");
            }
            // Rounds interleave the paths so that load from other processes hits them alike; best of each kept.
            Rate[] best = new Rate[5];
            for (int round = 0; round < repeat; round++) {
                Rate[] now = {
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
            List<Rate> rates = List.of(best);
            // The interpreter runs a prefix of the stimulus: check it against Verilator on that prefix.
            Rate prefix = batched(model.newInstance(), istim, interpreterCycles, "check");
            if (prefix.checksum() != best[3].checksum()) {
                throw new IllegalStateException("interpreter and Verilator disagree on the stimulus prefix: checksum "
                        + Long.toHexString(best[3].checksum()) + " vs " + Long.toHexString(prefix.checksum()));
            }
            for (Rate r : List.of(rates.get(1), rates.get(2), rates.get(4))) {
                if (r.checksum() != rates.get(0).checksum()) {
                    throw new IllegalStateException(r.path() + " disagrees with the C++ harness: checksum "
                            + Long.toHexString(r.checksum()) + " vs " + Long.toHexString(rates.get(0).checksum()));
                }
            }

            double base = rates.get(0).perSecond();
            System.out.printf("%n%-32s %10s %14s %10s%n", "path", "cycles", "cycles/s", "vs C++");
            for (Rate r : rates) {
                System.out.printf("%-32s %10d %14.0f %10.3f%n", r.path(), r.cycles(), r.perSecond(), r.perSecond() / base);
            }
            System.out.printf("all paths agree: output checksum %016x over %d cycles%n", rates.get(0).checksum(), cycles);
            System.out.printf("%nVerilator build (jobs=%d): cold, empty cache %.1f s; cold design, runtime cached %.1f s; "
                    + "cached %.1f ms%n", opts.jobs(), cold, coldDesign, cached * 1e3);
            System.out.printf("compiled to JVM bytecode: circuit to first cycle %.0f ms (class of %d bytes)%n",
                    compileToFirstCycle * 1e3, compiled.classBytes());
            Circuit alpu = tagmatch.alpu.rtl.AlpuRtl.elaborate(tagmatch.alpu.AlpuConfig.seed(256, 8, tagmatch.alpu.Variant.PRQ));
            t0 = System.nanoTime();
            CompiledModel alpuModel = Simulators.compiledModel(alpu);
            try (Simulator first = alpuModel.newInstance()) {
                first.step();
            }
            System.out.printf("compiled to JVM bytecode, 256x8 PRQ ALPU: circuit to first cycle %.0f ms (class of %d bytes)%n",
                    (System.nanoTime() - t0) / 1e6, alpuModel.classBytes());
            System.out.printf("compiled vs JNA batched: %.2fx%n", rates.get(4).perSecond() / rates.get(2).perSecond());
            System.out.println("Goals: JNA batched >= 0.5 of the C++ harness; compiled >= 0.3 of JNA batched.");
            return 0;
        } finally {
            if (oldCache == null) {
                System.clearProperty("tagmatch.cache");
            } else {
                System.setProperty("tagmatch.cache", oldCache);
            }
            scratch.close();
        }
    }

    private static long mix(long h, long v) {
        h ^= v;
        h *= 0x100000001b3L;
        return h ^ (h >>> 29);
    }

    private static Rate perCycle(Simulator sim, long[] stim, int cycles) {
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
            return new Rate("JNA per-cycle poke/peek", cycles, s, h);
        }
    }

    private static Rate batched(Simulator sim, long[] stim, int cycles, String label) {
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
            return new Rate(label, r.cycles(), s, h);
        }
    }

    private static PortHandle[] handles(Simulator sim, String[] names) {
        PortHandle[] h = new PortHandle[names.length];
        for (int i = 0; i < names.length; i++) {
            h[i] = sim.port(names[i]);
        }
        return h;
    }


    private static Rate runHarness(Path exe, Path stim, int cycles) throws Exception {
        String out = Exec.of(exe.toString(), stim.toString(), Integer.toString(cycles)).check().trim();
        String[] f = out.split("\\s+");
        return new Rate("C++ harness (the limit)", Long.parseLong(f[0]), Double.parseDouble(f[1]), Long.parseUnsignedLong(f[2], 16));
    }

}
