package tagmatch.testbench.alpu;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.rtl.AlpuPorts;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.hdl.core.Pins;
import tagmatch.sim.PortHandle;
import tagmatch.sim.Simulator;

/**
 * {@link AlpuPins} over an {@code hdl-sim} {@link Simulator} of any Verilog top with the
 * datasheet's port names ({@link AlpuPorts}, derived from the generator's interface bundle): every
 * pin is resolved and its width checked when opened, inputs are poked, outputs peeked after they
 * settle, and one {@link Simulator#step()} is one rising edge. The R9 bound is the one the
 * design documents (the generator's report), passed in by the caller.
 */
public final class SimulatorPins implements AlpuPins {
    private final Simulator sim;
    private final AlpuConfig config;
    private final int r9Bound;
    private final String name;
    private final AlpuPorts ports;
    private final PortHandle[] in;
    private final PortHandle[] out;
    private final long[] outValues;

    public SimulatorPins(Simulator sim, AlpuConfig config, int r9Bound, String name) {
        this.sim = Objects.requireNonNull(sim, "sim");
        this.config = Objects.requireNonNull(config, "config");
        if (r9Bound < 1) throw new IllegalArgumentException("r9Bound must be >= 1, got " + r9Bound);
        this.r9Bound = r9Bound;
        this.name = Objects.requireNonNull(name, "name");
        this.ports = AlpuPorts.of(config);
        in = resolve(ports.inputs());
        out = resolve(ports.outputs());
        outValues = new long[out.length];
    }

    private PortHandle[] resolve(List<Pins.Pin> pins) {
        PortHandle[] h = new PortHandle[pins.size()];
        for (int i = 0; i < h.length; i++) {
            Pins.Pin p = pins.get(i);
            h[i] = sim.port(p.name());
            if (h[i].width() != p.width() || h[i].input() != p.input()) {
                throw new IllegalArgumentException("port " + p.name() + " of the simulated design is "
                        + (h[i].input() ? "an input" : "an output") + " of " + h[i].width() + " bits; the datasheet has "
                        + (p.input() ? "an input" : "an output") + " of " + p.width());
            }
        }
        return h;
    }

    @Override
    public AlpuConfig config() {
        return config;
    }

    @Override
    public void drive(PortInputs inputs) {
        BigInteger[] v = ports.inputValues(inputs);
        // Pin 0 is the clock, which the simulator drives.
        for (int i = 1; i < in.length; i++) {
            if (in[i].narrow()) sim.poke(in[i], v[i].longValue());
            else sim.poke(in[i], v[i]);
        }
    }

    @Override
    public PortOutputs sample() {
        for (int i = 0; i < out.length; i++) outValues[i] = sim.peek(out[i]);
        return ports.outputValues(outValues);
    }

    @Override
    public void tick() {
        sim.step(1);
    }

    @Override
    public long cycle() {
        return sim.cycle();
    }

    @Override
    public int r9Bound() {
        return r9Bound;
    }

    @Override
    public String describe() {
        return name + " on " + sim.backend();
    }

    @Override
    public void close() {
        sim.closeVcd();
        sim.close();
    }
}
