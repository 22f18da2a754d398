package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.Arbiter;
import tagmatch.hdl.lib.Lfsr;
import tagmatch.hdl.lib.OneHotDecoder;
import tagmatch.hdl.lib.RoundRobinArbiter;
import tagmatch.hdl.lib.SkidBuffer;
import tagmatch.hdl.lib.Stream;
import tagmatch.hdl.lib.StreamFork;
import tagmatch.hdl.lib.StreamJoin;
import tagmatch.hdl.lib.StreamPipe;
import tagmatch.sim.backends.Simulators;

/**
 * The valid/ready library on the three backends against models of what a stream promises: producers
 * here obey the stream rule (an offered word stays offered, unchanged, until taken), and every
 * check is on the traffic: words arrive once each and in order, at full throughput, and the
 * arbiters grant as their policy says.
 */
class StreamLibraryDifferentialTest {
    private static final int CYCLES = 3000;

    /** A producer that obeys the stream rule on {@code prefix}: it holds a word until it is taken. */
    private static final class Producer {
        final String prefix;
        final int width;
        boolean offering;
        long word;
        long next = 1;

        Producer(String prefix, int width) {
            this.prefix = prefix;
            this.width = width;
        }

        void drive(Differential.Frame f, int percent) {
            if (!offering && f.random.nextInt(100) < percent) {
                offering = true;
                word = next++ & ((1L << width) - 1);
            }
            f.set(prefix + "_valid", offering ? 1 : 0);
            f.set(prefix + "_bits", offering ? word : f.random.nextInt(1 << width));
        }

        boolean fired(Differential.Frame f) {
            boolean fire = f.bit(prefix + "_valid") && f.bit(prefix + "_ready");
            if (fire) offering = false;
            return fire;
        }
    }

    /** Bursts of a busy producer and consumer, then phases where one of them dawdles. */
    private static int percent(int cycle, boolean producer) {
        int phase = (cycle / 150) % 4;
        return phase == 0 ? 100 : phase == 1 ? (producer ? 100 : 30) : phase == 2 ? (producer ? 30 : 100) : 60;
    }

    /** A one-stream block: words leave in order, at most {@code capacity} inside, one per cycle in a full burst. */
    private static void bufferCarriesEveryWordInOrder(List<Differential.Part> parts, List<Runnable> afterwards, String name, Circuit c, int capacity) {
        Producer p = new Producer("in", 16);
        Deque<Long> inside = new ArrayDeque<>();
        int[] burst = new int[2]; // cycles of a full burst with a transfer out, and all such cycles
        int[] moved = new int[1];
        parts.add(new Differential.Part(name, c, Differential.afterReset("rst", f -> {
            if (f.cycle < 2) return;
            p.drive(f, percent(f.cycle, true));
            f.set("out_ready", f.random.nextInt(100) < percent(f.cycle, false) ? 1 : 0);
        }), f -> {
            if (f.bit("rst")) return;
            if (f.bit("out_valid") && f.bit("out_ready")) {
                assertTrue(!inside.isEmpty(), "a word left that never entered, cycle " + f.cycle);
                assertEquals(inside.removeFirst(), f.get("out_bits"), "word order at cycle " + f.cycle);
                moved[0]++;
            }
            if (p.fired(f)) inside.addLast(f.get("in_bits"));
            assertTrue(inside.size() <= capacity, "holds " + inside.size() + " words at cycle " + f.cycle);
            if ((f.cycle / 150) % 4 == 0 && f.cycle % 150 > 10) {
                burst[1]++;
                burst[0] += f.bit("out_valid") && f.bit("out_ready") ? 1 : 0;
            }
        }));
        afterwards.add(() -> {
            assertEquals(burst[1], burst[0], name + ": a word every cycle while producer and consumer are both busy");
            assertTrue(moved[0] > 1000, name + ": words moved: " + moved[0]);
        });
    }

    /**
     * Every block beside the others in one circuit, so that one Verilator build checks them all,
     * each against its model: stream buffers (a pipe, a skid buffer, the two composed) carry a
     * word every cycle in order; a fork joined again passes each word once as a pair; a fork
     * delivers each word once to every output; a join takes one word of each together; the fixed
     * priority arbiter grants the lowest valid input and holds a stalled choice, the round-robin
     * one serves the input after the last grant; the LFSR follows its recurrence when enabled; the
     * one-hot decoder sets the line of the index.
     */
    @Test
    void everyStreamBlockKeepsItsPromisesOnEveryBackend() {
        List<Differential.Part> parts = new ArrayList<>();
        List<Runnable> afterwards = new ArrayList<>();
        bufferCarriesEveryWordInOrder(parts, afterwards, "pipe", Elaborator.elaborate(() -> new StreamPipe<>(new UInt(16))), 1);
        bufferCarriesEveryWordInOrder(parts, afterwards, "skid", Elaborator.elaborate(() -> new SkidBuffer<>(new UInt(16))), 2);
        bufferCarriesEveryWordInOrder(parts, afterwards, "composed", Elaborator.elaborate(Composed::new), 3);
        forkJoinedAgain(parts, afterwards);
        fork(parts, afterwards);
        join(parts, afterwards);
        int[] fixed = arbitrate(parts, "arbiter", Elaborator.elaborate(() -> new Arbiter<>(4, new UInt(12))), 4, false);
        afterwards.add(() -> assertTrue(fixed[0] > fixed[3], "input 0 first: " + java.util.Arrays.toString(fixed)));
        int[] fair = arbitrate(parts, "round_robin", Elaborator.elaborate(() -> new RoundRobinArbiter<>(5, new UInt(12))), 5, true);
        afterwards.add(() -> {
            for (int g : fair) assertTrue(g > 100, "every input served: " + java.util.Arrays.toString(fair));
        });
        lfsr(parts);
        oneHotDecoder(parts);
        Differential.runSideBySide("StreamLibrary", parts, CYCLES, 11);
        afterwards.forEach(Runnable::run);
    }

    @Test
    void skidBufferReadyComesFromAFlipFlop() {
        Circuit c = Elaborator.elaborate(() -> new SkidBuffer<>(new UInt(16)));
        // ready from a flip-flop: the same state gives the same in_ready whatever out_ready does now
        try (Simulator s = Simulators.interpreter(c)) {
            s.poke("rst", 1);
            s.step();
            s.poke("rst", 0);
            s.poke("in_valid", 1);
            s.poke("out_ready", 0);
            s.step(2); // output register and spare full
            assertEquals(0, s.peek("in_ready"));
            s.poke("out_ready", 1);
            assertEquals(0, s.peek("in_ready"), "in_ready follows out_ready in the same cycle");
        }
    }

    /** The stream operations composed inline, the port directions declared once. */
    static final class Composed extends Module {
        final Stream<UInt> in = input(new Stream<>(new UInt(16)));
        final Stream<UInt> out = output(new Stream<>(new UInt(16)));

        Composed() {
            out.connect(in.skid().pipe());
        }
    }

    /** A fork whose copies are joined again: each joined word is the input word twice. */
    static final class ForkThenJoin extends Module {
        final Stream<UInt> in = input(new Stream<>(new UInt(8)));
        final Stream<Vec<UInt>> out = output(new Stream<>(new Vec<>(2, () -> new UInt(8))));

        ForkThenJoin() {
            out.connect(Stream.join(in.fork(2)));
        }
    }

    private static void forkJoinedAgain(List<Differential.Part> parts, List<Runnable> afterwards) {
        String name = "fork_join";
        Circuit c = Elaborator.elaborate(ForkThenJoin::new);
        Producer p = new Producer("in", 8);
        List<Long> sent = new ArrayList<>();
        List<Long> got = new ArrayList<>();
        parts.add(new Differential.Part(name, c, Differential.afterReset("rst", f -> {
            if (f.cycle < 2) return;
            p.drive(f, percent(f.cycle, true));
            f.set("out_ready", f.random.nextInt(100) < percent(f.cycle, false) ? 1 : 0);
        }), f -> {
            if (f.bit("rst")) return;
            if (f.bit("out_valid") && f.bit("out_ready")) {
                assertEquals(f.get("out_bits_0"), f.get("out_bits_1"), "cycle " + f.cycle);
                got.add(f.get("out_bits_0"));
            }
            if (p.fired(f)) sent.add(f.get("in_bits"));
        }));
        afterwards.add(() -> {
            assertEquals(sent, got, name);
            assertTrue(sent.size() > 500, name + ": words: " + sent.size());
        });
    }

    private static void fork(List<Differential.Part> parts, List<Runnable> afterwards) {
        String name = "fork";
        int n = 3;
        Circuit c = Elaborator.elaborate(() -> new StreamFork<>(n, new UInt(16)));
        Producer p = new Producer("in", 16);
        boolean[] took = new boolean[n];
        List<List<Long>> seen = new ArrayList<>();
        for (int i = 0; i < n; i++) seen.add(new ArrayList<>());
        List<Long> sent = new ArrayList<>();
        parts.add(new Differential.Part(name, c, Differential.afterReset("rst", f -> {
            if (f.cycle < 2) return;
            p.drive(f, percent(f.cycle, true));
            for (int i = 0; i < n; i++) f.set("out_" + i + "_ready", f.random.nextInt(100) < percent(f.cycle + 50 * i, false) ? 1 : 0);
        }), f -> {
            if (f.bit("rst")) return;
            for (int i = 0; i < n; i++) {
                if (f.bit("out_" + i + "_valid")) assertEquals(f.get("in_bits"), f.get("out_" + i + "_bits"), "out_" + i + " cycle " + f.cycle);
                if (f.bit("out_" + i + "_valid") && f.bit("out_" + i + "_ready")) {
                    assertTrue(!took[i], "out_" + i + " took a word twice, cycle " + f.cycle);
                    took[i] = true;
                    seen.get(i).add(f.get("out_" + i + "_bits"));
                }
            }
            if (p.fired(f)) {
                for (int i = 0; i < n; i++) assertTrue(took[i], "the word left before out_" + i + " took it, cycle " + f.cycle);
                java.util.Arrays.fill(took, false);
                sent.add(f.get("in_bits"));
            }
        }));
        afterwards.add(() -> {
            for (int i = 0; i < n; i++) assertEquals(sent, seen.get(i).subList(0, sent.size()), "words of fork out_" + i);
            assertTrue(sent.size() > 500, name + ": words: " + sent.size());
        });
    }

    private static void join(List<Differential.Part> parts, List<Runnable> afterwards) {
        String name = "join";
        Circuit c = Elaborator.elaborate(() -> new StreamJoin<>(2, new UInt(8)));
        Producer a = new Producer("in_0", 8);
        Producer b = new Producer("in_1", 8);
        int[] joined = new int[1];
        parts.add(new Differential.Part(name, c, f -> {
            a.drive(f, percent(f.cycle, true));
            b.drive(f, percent(f.cycle + 75, true));
            f.set("out_ready", f.random.nextInt(100) < percent(f.cycle, false) ? 1 : 0);
        }, f -> {
            boolean both = f.bit("in_0_valid") && f.bit("in_1_valid");
            assertEquals(both ? 1 : 0, f.get("out_valid"), "out_valid at cycle " + f.cycle);
            if (both) {
                assertEquals(f.get("in_0_bits"), f.get("out_bits_0"), "cycle " + f.cycle);
                assertEquals(f.get("in_1_bits"), f.get("out_bits_1"), "cycle " + f.cycle);
            }
            long take = both && f.bit("out_ready") ? 1 : 0;
            assertEquals(take, f.get("in_0_ready"), "in_0_ready at cycle " + f.cycle);
            assertEquals(take, f.get("in_1_ready"), "in_1_ready at cycle " + f.cycle);
            a.fired(f);
            b.fired(f);
            joined[0] += (int) take;
        }));
        afterwards.add(() -> assertTrue(joined[0] > 300, "joined: " + joined[0]));
    }

    /** Arbiter traffic: the policy picks the input when the output did not stall last cycle; a stalled choice is held. */
    private static int[] arbitrate(List<Differential.Part> parts, String name, Circuit c, int n, boolean roundRobin) {
        List<Producer> ps = new ArrayList<>();
        for (int i = 0; i < n; i++) ps.add(new Producer("in_" + i, 12));
        int[] grants = new int[n];
        long[] state = {-1, n - 1}; // {chosen while stalled or -1, last granted}
        parts.add(new Differential.Part(name, c, Differential.afterReset("rst", f -> {
            for (int i = 0; i < n; i++) ps.get(i).drive(f, f.cycle < 2 ? 0 : 20 + 15 * i);
            f.set("out_ready", f.random.nextInt(100) < percent(f.cycle, false) ? 1 : 0);
        }), f -> {
            if (f.bit("rst")) {
                state[0] = -1;
                state[1] = n - 1;
                return;
            }
            int expect = -1;
            if (state[0] >= 0) {
                expect = (int) state[0];
            } else {
                for (int k = 0; k < n && expect < 0; k++) {
                    int i = roundRobin ? (int) ((state[1] + 1 + k) % n) : k;
                    if (f.bit("in_" + i + "_valid")) expect = i;
                }
            }
            assertEquals(expect >= 0 ? 1 : 0, f.get("out_valid"), "out_valid at cycle " + f.cycle);
            if (expect >= 0) {
                assertEquals(expect, f.get("chosen"), "chosen at cycle " + f.cycle);
                assertEquals(f.get("in_" + expect + "_bits"), f.get("out_bits"), "out_bits at cycle " + f.cycle);
            }
            for (int i = 0; i < n; i++)
                if (f.bit("in_" + i + "_valid")) assertEquals(i == expect && f.bit("out_ready") ? 1 : 0, f.get("in_" + i + "_ready"), "in_" + i + "_ready at cycle " + f.cycle);
            state[0] = expect >= 0 && !f.bit("out_ready") ? expect : -1;
            if (expect >= 0 && f.bit("out_ready")) {
                state[1] = expect;
                grants[expect]++;
            }
            for (Producer p : ps) p.fired(f);
        }));
        return grants;
    }

    private static void lfsr(List<Differential.Part> parts) {
        String name = "lfsr";
        int w = 12;
        Circuit c = Elaborator.elaborate(() -> new Lfsr(w, 0x5A5));
        long[] state = {0x5A5};
        int[] taps = Lfsr.taps(w);
        parts.add(new Differential.Part(name, c, Differential.afterReset("rst", f -> f.set("en", f.random.nextInt(4) > 0 ? 1 : 0)), f -> {
            if (f.bit("rst")) {
                state[0] = 0x5A5;
                return;
            }
            assertEquals(state[0], f.get("value"), "value at cycle " + f.cycle);
            if (f.bit("en")) {
                long fb = 0;
                for (int t : taps) fb ^= state[0] >>> (t - 1) & 1;
                state[0] = (state[0] << 1 | fb) & ((1L << w) - 1);
            }
        }));
    }

    private static void oneHotDecoder(List<Differential.Part> parts) {
        String name = "decoder";
        int n = 6;
        Circuit c = Elaborator.elaborate(() -> new OneHotDecoder(n));
        parts.add(new Differential.Part(name, c, f -> f.set("in", f.random.nextInt(8)),
                f -> assertEquals(f.get("in") < n ? 1L << f.get("in") : 0, f.get("out"), "in=" + f.get("in"))));
    }
}
