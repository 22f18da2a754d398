package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.verilator.VerilatorModel;
import tagmatch.sim.verilator.VerilatorOptions;

class VerilatorSimulatorTest {
    private static final VerilatorOptions OPTS = VerilatorOptions.defaults();

    @Test
    void counterCountsWhenEnabledAndClearsOnReset() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter(), OPTS)) {
            s.reset();
            assertEquals(0, s.peek("count"));
            s.poke("en", 1);
            s.step(5);
            assertEquals(5, s.peek("count"));
            s.poke("en", 0);
            s.step(3);
            assertEquals(5, s.peek("count"));
            s.poke("en", 1);
            s.step(250);
            assertEquals(255, s.peek("count"));
            assertEquals(1, s.peek("wrap"), "wrap is combinational: en & count==255");
            s.step();
            assertEquals(0, s.peek("count"));
            s.reset(2);
            assertEquals(0, s.peek("count"));
            assertEquals(1 + 5 + 3 + 250 + 1 + 2, s.cycle());
        }
    }

    @Test
    void portHandlesAddressTheSamePortsAsNames() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter(), OPTS)) {
            PortHandle en = s.port("en");
            PortHandle count = s.port("count");
            assertEquals(2, en.index());
            s.reset();
            s.poke(en, 1);
            s.step(7);
            assertEquals(7, s.peek(count));
            assertEquals(BigInteger.valueOf(7), s.peekWide(count));
        }
    }

    @Test
    void wideAdderAddsHundredBitOperands() {
        Random r = new Random(11);
        try (Simulator s = Simulators.verilator(TestDesigns.wideAdder(), OPTS)) {
            BigInteger prev = null;
            for (int i = 0; i < 200; i++) {
                BigInteger a = new BigInteger(100, r);
                BigInteger b = i == 0 ? BigInteger.ONE.shiftLeft(100).subtract(BigInteger.ONE) : new BigInteger(100, r);
                if (i == 0) {
                    a = b;
                }
                s.poke("a", a);
                s.poke("b", b);
                BigInteger sum = a.add(b);
                assertEquals(sum, s.peekWide("sum"));
                assertEquals(sum.longValue(), s.peek("low"));
                if (prev != null) {
                    assertEquals(prev, s.peekWide("sum_q"), "registered sum is last cycle's");
                }
                s.step();
                assertEquals(sum, s.peekWide("sum_q"));
                prev = sum;
            }
            s.poke("a", 5L);
            s.poke("b", -1L);
            assertEquals(BigInteger.valueOf(5).add(new BigInteger("ffffffffffffffff", 16)), s.peekWide("sum"),
                    "a long poked into a wide port is unsigned");
        }
    }

    /** Reference FIFO behaviour, stepped once per cycle with the same inputs. */
    private static final class FifoModel {
        final Deque<Integer> q = new ArrayDeque<>();

        long[] outputs() {
            return new long[] {q.size() < 4 ? 1 : 0, q.isEmpty() ? 0 : 1, q.isEmpty() ? 0 : q.peekFirst(), q.size()};
        }

        void clock(long inValid, long inData, long outReady) {
            boolean push = inValid == 1 && q.size() < 4;
            boolean pop = outReady == 1 && !q.isEmpty();
            if (pop) {
                q.removeFirst();
            }
            if (push) {
                q.addLast((int) inData);
            }
        }
    }

    private static long[] randomFifoStimulus(int cycles, long seed) {
        Random r = new Random(seed);
        long[] in = new long[cycles * 3];
        for (int c = 0; c < cycles; c++) {
            in[3 * c] = r.nextInt(3) == 0 ? 0 : 1;
            in[3 * c + 1] = r.nextInt(256);
            in[3 * c + 2] = r.nextInt(2);
        }
        return in;
    }

    @Test
    void fifoMatchesModelAndBatchEqualsPerCycle() {
        int cycles = 2000;
        long[] stim = randomFifoStimulus(cycles, 5);
        VerilatorModel model = Simulators.verilatorModel(TestDesigns.fifo(), OPTS);
        long[] perCycle = new long[cycles * 4];
        FifoModel ref = new FifoModel();
        try (Simulator s = model.newInstance()) {
            s.reset();
            PortHandle[] in = {s.port("in_valid"), s.port("in_data"), s.port("out_ready")};
            PortHandle[] out = {s.port("in_ready"), s.port("out_valid"), s.port("out_data"), s.port("count")};
            for (int c = 0; c < cycles; c++) {
                for (int k = 0; k < 3; k++) {
                    s.poke(in[k], stim[3 * c + k]);
                }
                long[] expect = ref.outputs();
                for (int k = 0; k < 4; k++) {
                    perCycle[4 * c + k] = s.peek(out[k]);
                }
                if (perCycle[4 * c + 1] == 1) {
                    assertEquals(expect[2], perCycle[4 * c + 2], "out_data at cycle " + c);
                }
                assertEquals(expect[0], perCycle[4 * c], "in_ready at cycle " + c);
                assertEquals(expect[1], perCycle[4 * c + 1], "out_valid at cycle " + c);
                assertEquals(expect[3], perCycle[4 * c + 3], "count at cycle " + c);
                s.step();
                ref.clock(stim[3 * c], stim[3 * c + 1], stim[3 * c + 2]);
            }
        }
        try (Simulator s = model.newInstance()) {
            s.reset();
            Stimulus prog = Stimulus.builder()
                    .drive(s.port("in_valid"), s.port("in_data"), s.port("out_ready"))
                    .capture(s.port("in_ready"), s.port("out_valid"), s.port("out_data"), s.port("count"))
                    .inputs(stim).build();
            BatchResult r = s.run(prog);
            assertEquals(cycles, r.cycles());
            assertFalse(r.stopped());
            assertArrayEquals(perCycle, r.raw());
            assertEquals(cycles + 1, s.cycle());
        }
    }

    @Test
    void batchStopsAfterTheCycleWhereTheConditionHolds() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter(), OPTS)) {
            s.reset();
            s.poke("en", 1);
            PortHandle count = s.port("count");
            BatchResult r = s.run(Stimulus.builder().capture(count).maxCycles(1000).until(count, 10).build());
            assertEquals(11, r.cycles(), "cycles 0..10 run, the last one showing count == 10");
            assertEquals(0, r.stoppedBy());
            assertEquals(10, r.get(10, count));
            assertEquals(11, s.peek(count), "the edge of the stopping cycle happened");
            long[] col = r.column(count);
            for (int c = 0; c < col.length; c++) {
                assertEquals(c, col[c]);
            }
            BatchResult none = s.run(Stimulus.builder().maxCycles(5).until(count, 3).build());
            assertEquals(5, none.cycles());
            assertEquals(-1, none.stoppedBy());
            // second condition fires first: count != 16 is false until count moves past 16.
            s.run(Stimulus.builder().drive(s.port("en")).row(1).maxCycles(100)
                    .until(count, 200).untilNot(s.port("wrap"), 0).build());
            BatchResult two = s.run(Stimulus.builder().capture(count).maxCycles(1000)
                    .until(count, 250).untilNot(s.port("wrap"), 0).build());
            assertEquals(0, two.stoppedBy());
        }
    }

    @Test
    void consecutiveCapturingBatchesEachSeeTheirOwnCycles() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter(), OPTS)) {
            s.reset();
            s.poke("en", 1);
            PortHandle count = s.port("count");
            for (int batch = 0; batch < 4; batch++) {
                long[] col = s.run(Stimulus.builder().capture(count).maxCycles(5).build()).column(count);
                for (int c = 0; c < col.length; c++) {
                    assertEquals(5L * batch + c, col[c], "batch " + batch + " cycle " + c);
                }
            }
        }
    }

    @Test
    void batchDrivesAndCapturesWidePorts() {
        Random r = new Random(3);
        int cycles = 50;
        long[] in = new long[cycles * 4];
        BigInteger[] sums = new BigInteger[cycles];
        for (int c = 0; c < cycles; c++) {
            BigInteger a = new BigInteger(100, r);
            BigInteger b = new BigInteger(100, r);
            long[] aw = Words.fromBig(a, 2);
            long[] bw = Words.fromBig(b, 2);
            in[4 * c] = aw[0];
            in[4 * c + 1] = aw[1];
            in[4 * c + 2] = bw[0];
            in[4 * c + 3] = bw[1];
            sums[c] = a.add(b);
        }
        try (Simulator s = Simulators.verilator(TestDesigns.wideAdder(), OPTS)) {
            PortHandle sum = s.port("sum");
            PortHandle sumQ = s.port("sum_q");
            BatchResult res = s.run(Stimulus.builder().drive(s.port("a"), s.port("b")).capture(sum, sumQ, s.port("low"))
                    .inputs(in).build());
            assertEquals(5, res.rowWords());
            for (int c = 0; c < cycles; c++) {
                assertEquals(sums[c], res.getWide(c, sum));
                assertEquals(sums[c].longValue(), res.get(c, s.port("low")));
                if (c > 0) {
                    assertEquals(sums[c - 1], res.getWide(c, sumQ));
                }
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> res.get(0, sum));
            assertEquals("port 'sum' is 101 bits wide; use getWide", e.getMessage());
        }
    }

    @Test
    void wordsApiPokesAndPeeksWidePortsWithoutBigIntegers() {
        try (Simulator s = Simulators.verilator(TestDesigns.wideAdder(), OPTS)) {
            PortHandle a = s.port("a");
            s.pokeWords(a, new long[] {-1L, 0xfL});
            s.pokeWords(s.port("b"), new long[] {1, 0});
            long[] sum = new long[2];
            s.peekWords(s.port("sum"), sum);
            assertArrayEquals(new long[] {0, 0x10L}, sum);
            long[] low = new long[1];
            s.peekWords(s.port("low"), low);
            assertEquals(0, low[0]);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.pokeWords(a, new long[] {0, 1L << 36}));
            assertEquals("value does not fit port 'a' (100 bits): bits above the width are set in word 1", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.pokeWords(a, new long[1]));
            assertEquals("port 'a' (100 bits) takes 2 words, got 1", e.getMessage());
        }
    }

    @Test
    void harnessRunsTheSameModelAsAStandaloneProgram(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        VerilatorModel m = Simulators.verilatorModel(TestDesigns.counter(), OPTS);
        String main = String.join("\n",
                "#include \"Vdut.h\"",
                "#include \"verilated.h\"",
                "#include <cstdio>",
                "int main() {",
                "    VerilatedContext ctx;",
                "    Vdut t(&ctx, \"counter\");",
                "    t.reset = 1; t.clk = 0; t.eval(); t.clk = 1; t.eval(); t.clk = 0; t.reset = 0; t.en = 1;",
                "    for (int i = 0; i < 7; i++) { t.eval(); t.clk = 1; t.eval(); t.clk = 0; }",
                "    t.eval();",
                "    std::printf(\"count=%d\\n\", (int)t.count);",
                "    t.final();",
                "    return 0;",
                "}", "");
        java.nio.file.Path exe = m.buildHarness(main, tmp.resolve("h"));
        Process p = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertEquals("count=7\n", out);
    }

    @Test
    void combinationalDesignWithoutClockSettlesOnPeekAndCountsSteps() {
        SimDesign xor = new SimDesign("xorer", "module xorer(input [7:0] a, input [7:0] b, output [7:0] y);\n"
                + "  assign y = a ^ b;\nendmodule\n", java.util.List.of(SimPort.in("a", 8), SimPort.in("b", 8),
                SimPort.out("y", 8)), null, null);
        try (Simulator s = Simulators.verilator(xor, OPTS)) {
            s.poke("a", 0xf0);
            s.poke("b", 0x3c);
            assertEquals(0xcc, s.peek("y"));
            s.step(3);
            assertEquals(3, s.cycle());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.reset());
            assertEquals("design xorer has no reset port", e.getMessage());
        }
    }

    @Test
    void twoInstancesOfOneDesignAreIndependent() {
        VerilatorModel m = Simulators.verilatorModel(TestDesigns.counter(), OPTS);
        try (Simulator a = m.newInstance(); Simulator b = m.newInstance()) {
            a.reset();
            b.reset();
            a.poke("en", 1);
            a.step(9);
            b.poke("en", 1);
            b.step(2);
            a.poke("en", 0);
            a.step(4);
            assertEquals(9, a.peek("count"));
            assertEquals(2, b.peek("count"));
            assertEquals(14, a.cycle());
            assertEquals(3, b.cycle());
        }
    }

    @Test
    void instancesKeepTheirLibraryLoadedAfterTheModelIsCollected() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter(), OPTS)) {
            for (int i = 0; i < 5; i++) {
                System.gc(); // JNA unloads a NativeLibrary it finds unreachable; ours must stay loaded
            }
            s.reset();
            s.poke("en", 1);
            s.step(100);
            assertEquals(100, s.peek("count"));
        }
    }

    @Test
    void twoDesignsCoexistInOneJvm() {
        try (Simulator c = Simulators.verilator(TestDesigns.counter(), OPTS);
             Simulator f = Simulators.verilator(TestDesigns.fifo(), OPTS);
             Simulator w = Simulators.verilator(TestDesigns.wideAdder(), OPTS)) {
            c.reset();
            f.reset();
            c.poke("en", 1);
            f.poke("in_valid", 1);
            f.poke("in_data", 0x5a);
            w.poke("a", 40);
            w.poke("b", 2);
            c.step(3);
            f.step(3);
            assertEquals(3, c.peek("count"));
            assertEquals(3, f.peek("count"));
            assertEquals(0x5a, f.peek("out_data"));
            assertEquals(42, w.peek("low"));
            assertTrue(c.ports().size() != f.ports().size());
        }
    }
}
