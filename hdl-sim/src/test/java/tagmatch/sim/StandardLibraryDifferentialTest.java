package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.Catalog;
import tagmatch.hdl.lib.Counter;
import tagmatch.hdl.lib.OneHotMux;
import tagmatch.hdl.lib.Pipe;
import tagmatch.hdl.lib.PriorityEncoder;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.SequenceDetector;
import tagmatch.hdl.lib.Stream;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.Handle;
import tagmatch.sim.peekpoke.Testbench;

/**
 * Every standard-library block on the three backends with random stimulus, each cycle checked
 * against a plain Java model of the block where it has one and the backends compared output by
 * output.
 */
class StandardLibraryDifferentialTest {
    private static final int CYCLES = 3000;

    /** Driver, consumer and monitor threads on each backend; the monitor, forked last, checks each cycle after both poked. */
    @Test
    void syncFifoBehavesAsAQueue() {
        for (String backend : List.of("verilator", "interpreter")) {
            Testbench tb = Testbench.of(Simulators.of(backend, Elaborator.elaborate(() -> new SyncFifo<>(8, new UInt(16)))));
            Handle<Stream<UInt>> enq = tb.port("enq", new Stream<>(new UInt(16)));
            Handle<Stream<UInt>> deq = tb.port("deq", new Stream<>(new UInt(16)));
            Random random = new Random(1);
            Deque<Long> q = new ArrayDeque<>();
            tb.reset(2);
            tb.run(() -> {
                // phases of eager and reluctant producers and consumers, so the FIFO fills and drains
                tb.fork("producer", () -> { for (;; tb.step()) tb.poke(enq, Map.of("valid", random.nextInt(4) < (tb.cycle() / 200 % 3 == 0 ? 3 : 1),
                        "bits", random.nextInt(1 << 16))); });
                tb.fork("consumer", () -> { for (;; tb.step()) tb.poke(deq, Map.of("ready", random.nextInt(4) < new int[] {1, 3, 2}[(int) (tb.cycle() / 200 % 3)])); });
                tb.fork("monitor", () -> {
                    for (int c = 0; c < CYCLES; c++, tb.step()) {
                        tb.expect(tb.port("count"), q.size(), backend);
                        tb.expect(tb.port("full"), q.size() == 8, backend);
                        tb.expect(tb.port("empty"), q.isEmpty(), backend);
                        tb.expect(enq, Map.of("ready", q.size() < 8), backend);
                        tb.expect(deq, q.isEmpty() ? Map.of("valid", false) : Map.of("valid", true, "bits", q.peekFirst()), backend);
                        if (tb.matches(deq, Map.of("valid", true, "ready", true))) q.removeFirst();
                        if (tb.matches(enq, Map.of("valid", true, "ready", true))) q.addLast((Long) tb.peek(tb.port("enq_bits")));
                    }
                }).join();
            });
        }
    }

    /**
     * Every block beside the others in one circuit, so that one Verilator build checks them all:
     * the blocks with a model checked against it each cycle, every catalog block with its
     * defaults on random stimulus.
     */
    @Test
    void everyBlockAgreesWithItsModelAndOnEveryBackend() {
        List<Differential.Part> parts = new ArrayList<>();
        List<Runnable> afterwards = new ArrayList<>();
        priorityTree(parts, afterwards, "tree4", 32, 12, 4);
        priorityTree(parts, afterwards, "tree2", 13, 70, 2);
        parts.add(priorityEncoder());
        parts.add(oneHotMux());
        counter(parts, afterwards);
        parts.add(pipe());
        stateMachine(parts, afterwards);
        for (Catalog.Block b : Catalog.blocks()) {
            Circuit c = b.elaborateDefaults();
            parts.add(new Differential.Part("cat_" + b.name().replace('-', '_'), c, Differential.randomInputs(CircuitDesigns.of(c)), null));
        }
        assertTrue(Catalog.blocks().size() >= 6, "blocks: " + Catalog.blocks().size());
        Differential.runSideBySide("StandardLibrary", parts, CYCLES, 2);
        afterwards.forEach(Runnable::run);
    }

    /** Valid inputs are sparse in some phases and dense in others, so every index gets to win. */
    private static Differential.Driver priorityInputs(int n, int width) {
        return f -> {
            int density = new int[] {2, 10, 50, 90}[(f.cycle / 100) % 4];
            for (int i = 0; i < n; i++) {
                f.set("in_" + i + "_valid", f.random.nextInt(100) < density ? 1 : 0);
                f.set("in_" + i + "_bits", new BigInteger(width, f.random));
            }
        };
    }

    /** The first valid input wins; over the run more than half the inputs win (radix 4), the last one wins (radix 2). */
    private static void priorityTree(List<Differential.Part> parts, List<Runnable> afterwards, String name, int n, int width,
                                     int radix) {
        List<Integer> winners = new ArrayList<>();
        Circuit c = Elaborator.elaborate(() -> new PriorityTree<>(n, new UInt(width), radix));
        parts.add(new Differential.Part(name, c, priorityInputs(n, width), f -> {
            int first = -1;
            for (int i = 0; i < n && first < 0; i++) {
                if (f.bit("in_" + i + "_valid")) {
                    first = i;
                }
            }
            assertEquals(first >= 0 ? 1 : 0, f.get("out_valid"), "out_valid at cycle " + f.cycle);
            if (first >= 0) {
                assertEquals(first, f.get("out_index"), "out_index at cycle " + f.cycle);
                assertEquals(f.big("in_" + first + "_bits"), f.big("out_bits"), "out_bits at cycle " + f.cycle);
                winners.add(first);
            }
        }));
        afterwards.add(() -> {
            assertTrue(winners.stream().distinct().count() > n / 2, name + " winners seen: " + winners.stream().distinct().count());
            assertTrue(winners.contains(n - 1), name + ": the last input won at least once");
        });
    }

    /** The index of the lowest set bit. */
    private static Differential.Part priorityEncoder() {
        int w = 19;
        Circuit c = Elaborator.elaborate(() -> new PriorityEncoder(w));
        return new Differential.Part("encoder", c, f -> {
            long v = f.random.nextInt(1 << w);
            // Clear low bits now and then so high indices win too.
            f.set("in", f.cycle % 3 == 0 ? v & -(1L << f.random.nextInt(w)) & ((1L << w) - 1) : v);
        }, f -> {
            long in = f.get("in");
            assertEquals(in != 0 ? 1 : 0, f.get("valid"));
            if (in != 0) {
                assertEquals(Long.numberOfTrailingZeros(in), f.get("out"), "out for in=" + Long.toBinaryString(in));
            }
        });
    }

    /** The OR of the selected inputs. */
    private static Differential.Part oneHotMux() {
        int n = 6;
        int w = 12;
        Circuit c = Elaborator.elaborate(() -> new OneHotMux<>(n, new UInt(w)));
        return new Differential.Part("mux", c, f -> {
            f.set("sel", f.random.nextInt(4) == 0 ? f.random.nextInt(1 << n) : 1L << f.random.nextInt(n));
            for (int i = 0; i < n; i++) {
                f.set("in_" + i, f.random.nextInt(1 << w));
            }
        }, f -> {
            long expect = 0;
            for (int i = 0; i < n; i++) {
                if ((f.get("sel") >>> i & 1) != 0) {
                    expect |= f.get("in_" + i);
                }
            }
            assertEquals(expect, f.get("out"), "cycle " + f.cycle);
        });
    }

    /** A counter modulo 10 that wraps often. */
    private static void counter(List<Differential.Part> parts, List<Runnable> afterwards) {
        int n = 10;
        Circuit c = Elaborator.elaborate(() -> new Counter(n));
        long[] model = new long[1];
        int[] wraps = new int[1];
        parts.add(new Differential.Part("counter", c, Differential.afterReset("rst", f -> f.set("en", f.random.nextInt(3) > 0 ? 1 : 0)), f -> {
            if (f.bit("rst")) {
                model[0] = 0;
                return;
            }
            assertEquals(model[0], f.get("value"), "value at cycle " + f.cycle);
            boolean wrap = f.bit("en") && model[0] == n - 1;
            assertEquals(wrap ? 1 : 0, f.get("wrap"), "wrap at cycle " + f.cycle);
            wraps[0] += wrap ? 1 : 0;
            if (f.bit("en")) {
                model[0] = (model[0] + 1) % n;
            }
        }));
        afterwards.add(() -> assertTrue(wraps[0] > 100, "wraps: " + wraps[0]));
    }

    /** Valid words come out after the pipe's latency. */
    private static Differential.Part pipe() {
        int latency = 3;
        Circuit c = Elaborator.elaborate(() -> new Pipe<>(new UInt(20), latency));
        Deque<long[]> line = new ArrayDeque<>();
        return new Differential.Part("pipe", c, Differential.afterReset("rst", f -> {
            f.set("in_valid", f.random.nextInt(2));
            f.set("in_bits", f.random.nextInt(1 << 20));
        }), f -> {
            if (f.bit("rst")) {
                line.clear();
                for (int i = 0; i < latency; i++) {
                    line.add(new long[] {0, 0});
                }
                return;
            }
            long[] out = line.removeFirst();
            assertEquals(out[0], f.get("out_valid"), "out_valid at cycle " + f.cycle);
            if (out[0] == 1) {
                assertEquals(out[1], f.get("out_bits"), "out_bits at cycle " + f.cycle);
            }
            line.addLast(new long[] {f.get("in_valid"), f.get("in_bits")});
        });
    }

    /** A state machine detecting an overlapping bit pattern. */
    private static void stateMachine(List<Differential.Part> parts, List<Runnable> afterwards) {
        int pattern = 0b1101;
        int length = 4;
        Circuit c = Elaborator.elaborate(() -> new SequenceDetector(pattern, length));
        long[] history = new long[2]; // {bits, count received since reset}
        int[] hits = new int[1];
        parts.add(new Differential.Part("detector", c, Differential.afterReset("rst", f -> f.set("in", f.random.nextInt(2))), f -> {
            if (f.bit("rst")) {
                history[0] = 0;
                history[1] = 0;
                return;
            }
            boolean seen = history[1] >= length && (history[0] & ((1 << length) - 1)) == pattern;
            assertEquals(seen ? 1 : 0, f.get("detected"), "detected at cycle " + f.cycle);
            hits[0] += seen ? 1 : 0;
            history[0] = (history[0] << 1) | f.get("in");
            history[1]++;
        }));
        afterwards.add(() -> assertTrue(hits[0] > 50, "detections: " + hits[0]));
    }
}
