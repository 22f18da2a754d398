package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/**
 * Several clocks and asynchronous resets mean the same on Verilator, the interpreter and the
 * compiled backend: the main clock stepped by the backend, the other clocks and the resets poked
 * by the testbench at arbitrary points between steps, every output compared after every poke and
 * every step.
 */
class ClockDomainDifferentialTest {

    @Test
    void aSecondClockHeldLowNeverClocksItsRegister() {
        Circuit c = Elaborator.elaborate(ClockDomainDesigns.SecondClockCounter::new);
        for (String backend : Simulators.BACKENDS) {
            try (Simulator s = Simulators.of(backend, c)) {
                s.step(10);
                assertEquals(10, s.peek("main"), s.backend());
                assertEquals(0, s.peek("second"), s.backend() + ": clk2 never rose");
                for (int i = 0; i < 3; i++) {
                    s.poke("clk2", 1);
                    s.peek("second");
                    s.poke("clk2", 0);
                    s.peek("second"); // a poke takes effect at the next evaluation: the clock must be seen low
                }
                assertEquals(3, s.peek("second"), s.backend() + ": three rising edges of clk2");
                assertEquals(10, s.peek("main"), s.backend());
            }
        }
    }

    @Test
    void fourResetKindsOnThreeClocksAgreeAtEveryPoke() {
        agree(Elaborator.elaborate(ClockDomainDesigns.FourResetKinds::new), 1500, 5);
    }

    @Test
    void anAsynchronousResetActsWithoutAClockEdge() {
        Circuit c = Elaborator.elaborate(ClockDomainDesigns.FourResetKinds::new);
        for (String backend : Simulators.BACKENDS) {
            try (Simulator s = Simulators.of(backend, c)) {
                s.poke("r_n", 1);
                s.poke("en", 1);
                s.poke("d", 1);
                s.peek("c3");
                for (int i = 0; i < 5; i++) {
                    s.poke("clk6", 1);
                    s.peek("c3");
                    s.poke("clk6", 0);
                    s.peek("c3");
                }
                assertEquals(5, s.peek("c3"), s.backend() + ": counted five edges from 0");
                s.poke("r_n", 0);
                assertEquals(0x43, s.peek("c3"), s.backend() + ": reset at once, no clock");
                assertEquals(0, s.peek("c1"), s.backend() + ": the synchronous one on clk4 never saw an edge");
            }
        }
    }

    @Test
    void aRegisterThatOnlyHoldsTakesItsResetValue() {
        Circuit c = Elaborator.elaborate(ClockDomainDesigns.HoldingRegisters::new);
        agree(c, 300, 4);
        for (String backend : Simulators.BACKENDS) {
            try (Simulator s = Simulators.of(backend, c)) {
                s.poke("r_n", 1);
                assertEquals(0, s.peek("h1"), backend + ": never reset yet");
                s.poke("r", 1);
                s.poke("r_n", 0);
                assertEquals(0x52, s.peek("h2"), backend + ": asynchronous, active high: reset without a clock");
                assertEquals(0x53, s.peek("h3"), backend + ": asynchronous, active low: reset without a clock");
                assertEquals(0, s.peek("h0"), backend + ": synchronous: waits for the clock");
                s.poke("clk2", 1);
                assertEquals(0x50, s.peek("h0"), backend + ": synchronous, active high, at the clock");
                assertEquals(0x51, s.peek("h1"), backend + ": synchronous, active low, at the clock");
            }
        }
    }

    @Test
    void twoFlipFlopSynchronizerAgrees() {
        Circuit c = Elaborator.elaborate(ClockDomainDesigns.SyncFlag::new);
        agree(c, 500, 2);
    }

    @Test
    void asyncFifoAcrossTwoUnrelatedClocksAgreesAndDeliversInOrder() {
        Circuit c = Elaborator.elaborate(ClockDomainDesigns::asyncFifo);
        agree(c, 3000, 9);
        // In order and nothing lost: the write clock poked fast, the read clock slow, then the reverse.
        for (String backend : Simulators.BACKENDS) {
            try (Simulator x = Simulators.of(backend, c)) {
                List<Long> got = new ArrayList<>();
                long next = 0;
                x.poke("wrst_n", 0);
                x.poke("rrst_n", 0);
                x.peek("deq_valid");
                x.poke("wrst_n", 1);
                x.poke("rrst_n", 1);
                Random r = new Random(1);
                for (int t = 0; t < 4000 && got.size() < 200; t++) {
                    boolean fastWrites = t < 2000;
                    if (r.nextInt(fastWrites ? 2 : 7) == 0) {
                        x.poke("enq_valid", next < 200 ? 1 : 0);
                        x.poke("enq_bits", next & 0xff);
                        boolean took = x.peek("enq_ready") == 1 && next < 200;
                        x.poke("wclk", 1);
                        x.peek("enq_ready");
                        x.poke("wclk", 0);
                        x.peek("enq_ready");
                        next += took ? 1 : 0;
                    }
                    if (r.nextInt(fastWrites ? 7 : 2) == 0) {
                        x.poke("deq_ready", 1);
                        if (x.peek("deq_valid") == 1) {
                            got.add(x.peek("deq_bits"));
                        }
                        x.poke("rclk", 1);
                        x.peek("deq_valid");
                        x.poke("rclk", 0);
                        x.peek("deq_valid");
                    }
                }
                assertEquals(200, got.size(), x.backend());
                for (int i = 0; i < got.size(); i++) {
                    assertEquals(i & 0xff, got.get(i), x.backend() + " word " + i);
                }
            }
        }
    }

    /**
     * Random data inputs each cycle, random edges of every other clock and reset between steps,
     * on Verilator, the interpreter and the compiled backend.
     */
    static void agree(Circuit c, int cycles, long seed) {
        try (Simulator j = Simulators.interpreter(c); Simulator k = Simulators.compiled(c)) {
            agree(c, cycles, seed, j, k);
        }
    }

    /** As {@link #agree(Circuit, int, long)}, the Java backends running the design's external modules as {@code models}. */
    static void agree(Circuit c, BehaviouralModels models, int cycles, long seed) {
        try (Simulator j = Simulators.interpreter(c, models); Simulator k = Simulators.compiled(c, models)) {
            agree(c, cycles, seed, j, k);
        }
    }

    /** Drives Verilator and {@code others} alike, comparing every output of each with Verilator's. */
    private static void agree(Circuit c, int cycles, long seed, Simulator... others) {
        SimDesign d = CircuitDesigns.of(c);
        Random random = new Random(seed);
        List<SimPort> inputs = new ArrayList<>();
        List<SimPort> controls = new ArrayList<>();
        for (SimPort p : d.ports()) {
            if (!p.input() || p.name().equals(d.clock())) {
                continue;
            }
            boolean control = p.width() == 1 && (p.name().contains("clk") || p.name().contains("rst")
                    || p.name().equals("r") || p.name().equals("r_n"));
            (control ? controls : inputs).add(p);
        }
        int pokes = 0;
        try (Simulator v = Simulators.verilator(d)) {
            for (int cycle = 0; cycle < cycles; cycle++) {
                for (SimPort p : inputs) {
                    BigInteger x = new BigInteger(p.width(), random);
                    v.poke(p.name(), x);
                    for (Simulator j : others) {
                        j.poke(p.name(), x);
                    }
                }
                compare(d, v, others, cycle, "after the inputs");
                int edges = random.nextInt(4);
                for (int e = 0; e < edges && !controls.isEmpty(); e++) {
                    SimPort p = controls.get(random.nextInt(controls.size()));
                    // clocks toggle; a reset is released soon and asserted now and then
                    long now = v.peek(p.name());
                    boolean asserted = p.name().endsWith("_n") ? now == 0 : now == 1;
                    long x = p.name().contains("clk") || random.nextInt(asserted ? 2 : 16) == 0 ? 1 - now : now;
                    v.poke(p.name(), x);
                    for (Simulator j : others) {
                        j.poke(p.name(), x);
                    }
                    pokes++;
                    compare(d, v, others, cycle, "after " + p.name() + " := " + x);
                }
                v.step();
                for (Simulator j : others) {
                    j.step();
                }
                compare(d, v, others, cycle, "after the step");
            }
        }
        assertTrue(controls.isEmpty() || pokes > cycles / 2, "the clocks and resets were hardly moved");
    }

    private static void compare(SimDesign d, Simulator v, Simulator[] others, int cycle, String when) {
        for (SimPort p : d.ports()) {
            if (p.input()) {
                continue;
            }
            BigInteger a = v.peekWide(p.name());
            for (Simulator j : others) {
                assertEquals(a, j.peekWide(p.name()), d.top() + " cycle " + cycle + " " + when + ": output " + p.name()
                        + " differs between verilator (expected) and " + j.backend() + " (actual)");
            }
        }
    }
}
