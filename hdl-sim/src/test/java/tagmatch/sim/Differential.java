package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/**
 * Runs one circuit on Verilator, the interpreter and the compiled backend side by side with the
 * same random stimulus, compares every output in every cycle, and hands each cycle's inputs and
 * settled outputs to a plain Java model.
 */
final class Differential {
    private Differential() {}

    /** One cycle's port values by name; the driver sets inputs, the model reads both. */
    static final class Frame {
        final int cycle;
        final Random random;
        private final Map<String, Integer> index;
        private final BigInteger[] values;

        Frame(int cycle, Random random, Map<String, Integer> index, BigInteger[] values) {
            this.cycle = cycle;
            this.random = random;
            this.index = index;
            this.values = values;
        }

        private int at(String port) {
            Integer i = index.get(port);
            if (i == null) {
                throw new IllegalArgumentException("no port " + port + "; ports are " + index.keySet());
            }
            return i;
        }

        void set(String port, long v) { values[at(port)] = BigInteger.valueOf(v); }

        void set(String port, BigInteger v) { values[at(port)] = v; }

        long get(String port) { return values[at(port)].longValueExact(); }

        BigInteger big(String port) { return values[at(port)]; }

        boolean bit(String port) { return get(port) != 0; }

        /** The same cycle's values through other port names ({@code index}: name to position). */
        Frame view(Map<String, Integer> names) { return new Frame(cycle, random, names, values); }
    }

    /** Chooses the inputs of one cycle (inputs keep last cycle's values unless set). */
    interface Driver {
        void drive(Frame f);
    }

    /** Checks one cycle's settled outputs against a model, then advances the model over the clock edge. */
    interface Model {
        void cycle(Frame f);
    }

    /** What a run saw. */
    record Stats(int cycles, int outputs, int outputsThatChanged) {}

    /** Random values for every data input; reset (if any) held for the first two cycles only. */
    static Driver randomInputs(SimDesign d) {
        return f -> {
            for (SimPort p : d.ports()) {
                if (p.input() && !p.name().equals(d.clock())) {
                    f.set(p.name(), p.name().equals(d.reset())
                            ? BigInteger.valueOf(f.cycle < 2 ? 1 : 0) : new BigInteger(p.width(), f.random));
                }
            }
        };
    }

    /** Holds reset for cycles 0 and 1, then lets {@code rest} drive. */
    static Driver afterReset(String reset, Driver rest) {
        return f -> {
            f.set(reset, f.cycle < 2 ? 1 : 0);
            rest.drive(f);
        };
    }

    static Stats run(Circuit circuit, int cycles, long seed, Driver driver, Model model) {
        boolean[] changed = compare(circuit, cycles, seed, driver, model);
        List<SimPort> ports = CircuitDesigns.of(circuit).ports();
        int outs = 0;
        int ch = 0;
        for (int i = 0; i < ports.size(); i++) {
            if (!ports.get(i).input()) {
                outs++;
                ch += changed[i] ? 1 : 0;
            }
        }
        assertTrue(ch > 0, circuit.top().name() + ": no output ever changed; the stimulus does not exercise the design");
        return new Stats(cycles, outs, ch);
    }

    /** One circuit of a side-by-side run: its name (a Verilog identifier), its stimulus and its model (null for none). */
    record Part(String name, Circuit circuit, Driver driver, Model model) {}

    /**
     * Runs {@code parts} side by side as one circuit ({@link SideBySide}), so that one Verilator
     * build checks them all: each part is driven and checked through its own port names, a failure
     * names its part, and every part must change an output.
     */
    static void runSideBySide(String top, List<Part> parts, int cycles, long seed) {
        Map<String, Circuit> byName = new java.util.LinkedHashMap<>();
        for (Part p : parts) {
            byName.put(p.name(), p.circuit());
        }
        Circuit c = SideBySide.of(top, byName);
        List<SimPort> ports = CircuitDesigns.of(c).ports();
        List<Map<String, Integer>> names = new java.util.ArrayList<>();
        for (Part p : parts) {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < ports.size(); i++) {
                if (ports.get(i).name().startsWith(p.name() + "_")) {
                    m.put(ports.get(i).name().substring(p.name().length() + 1), i);
                }
            }
            names.add(m);
        }
        Driver driver = f -> {
            for (int k = 0; k < parts.size(); k++) {
                parts.get(k).driver().drive(f.view(names.get(k)));
            }
        };
        Model model = f -> {
            for (int k = 0; k < parts.size(); k++) {
                if (parts.get(k).model() != null) {
                    try {
                        parts.get(k).model().cycle(f.view(names.get(k)));
                    } catch (AssertionError e) {
                        throw new AssertionError(parts.get(k).name() + ": " + e.getMessage(), e);
                    }
                }
            }
        };
        boolean[] changed = compare(c, cycles, seed, driver, model);
        for (int k = 0; k < parts.size(); k++) {
            boolean any = false;
            for (int i : names.get(k).values()) {
                any |= !ports.get(i).input() && changed[i];
            }
            assertTrue(any, parts.get(k).name() + ": no output ever changed; the stimulus does not exercise the design");
        }
    }

    /** Runs the three backends in step; which ports' values changed during the run. */
    private static boolean[] compare(Circuit circuit, int cycles, long seed, Driver driver, Model model) {
        SimDesign d = CircuitDesigns.of(circuit);
        List<SimPort> ports = d.ports();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ports.size(); i++) {
            index.put(ports.get(i).name(), i);
        }
        Random random = new Random(seed);
        BigInteger[] first = new BigInteger[ports.size()];
        boolean[] changed = new boolean[ports.size()];
        try (Simulator v = Simulators.verilator(d); Simulator j = Simulators.interpreter(circuit);
                Simulator k = Simulators.compiled(circuit)) {
            PortHandle[] hv = new PortHandle[ports.size()];
            PortHandle[] hj = new PortHandle[ports.size()];
            PortHandle[] hk = new PortHandle[ports.size()];
            for (int i = 0; i < hv.length; i++) {
                hv[i] = v.port(ports.get(i).name());
                hj[i] = j.port(ports.get(i).name());
                hk[i] = k.port(ports.get(i).name());
            }
            BigInteger[] values = new BigInteger[ports.size()];
            java.util.Arrays.fill(values, BigInteger.ZERO);
            for (int c = 0; c < cycles; c++) {
                Frame f = new Frame(c, random, index, values);
                driver.drive(f);
                for (int i = 0; i < hv.length; i++) {
                    SimPort p = ports.get(i);
                    if (p.input() && !p.name().equals(d.clock())) {
                        v.poke(hv[i], values[i]);
                        j.poke(hj[i], values[i]);
                        k.poke(hk[i], values[i]);
                    }
                }
                for (int i = 0; i < hv.length; i++) {
                    if (ports.get(i).input()) {
                        continue;
                    }
                    BigInteger a = v.peekWide(hv[i]);
                    BigInteger b = j.peekWide(hj[i]);
                    if (!a.equals(b)) {
                        assertEquals(a.toString(16), b.toString(16), d.top() + " cycle " + c + ": output " + ports.get(i).name()
                                + " (hex) differs between verilator (expected) and interpreter (actual); inputs "
                                + describe(ports, values));
                    }
                    BigInteger e = k.peekWide(hk[i]);
                    if (!a.equals(e)) {
                        assertEquals(a.toString(16), e.toString(16), d.top() + " cycle " + c + ": output " + ports.get(i).name()
                                + " (hex) differs between verilator (expected) and compiled (actual); inputs "
                                + describe(ports, values));
                    }
                    values[i] = a;
                    if (first[i] == null) {
                        first[i] = a;
                    } else if (!first[i].equals(a)) {
                        changed[i] = true;
                    }
                }
                if (model != null) {
                    model.cycle(f);
                }
                v.step();
                j.step();
                k.step();
            }
            assertEquals(v.cycle(), j.cycle());
            assertEquals(v.cycle(), k.cycle());
        }
        return changed;
    }

    static String describe(List<SimPort> ports, BigInteger[] in) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < ports.size(); i++) {
            if (ports.get(i).input()) {
                sb.append(sb.length() > 1 ? ", " : "").append(ports.get(i).name()).append("=0x").append(in[i].toString(16));
            }
        }
        return sb.append('}').toString();
    }
}
