package tagmatch.testbench.alpu;

import java.nio.file.Path;
import java.util.Objects;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.verilator.VerilatorOptions;

/**
 * Opens the generated RTL of {@code tagmatch.alpu.rtl} on a simulator backend (the default one,
 * {@link Simulators#defaultBackend()}, or any of {@link Simulators#BACKENDS}) as {@link AlpuPins}
 * ({@link SimulatorPins} over the simulated unit), so a bench written for the model runs unchanged
 * against the RTL. The unit is reset for two cycles when opened; the bench's clock starts after
 * that. The R9 bound is the generator's own ({@link AlpuTiming}).
 */
public final class RtlPins {
    private RtlPins() {}

    /** Opens the RTL of {@code config} on the default backend. */
    public static SimulatorPins open(AlpuConfig config) {
        return open(config, null);
    }

    /** As {@link #open(AlpuConfig)}, writing a VCD waveform to {@code vcd} when it is not null. */
    public static SimulatorPins open(AlpuConfig config, Path vcd) {
        return open(config, vcd, Simulators.defaultBackend());
    }

    /**
     * As {@link #open(AlpuConfig, Path)} on the backend named {@code backend} (one of
     * {@link Simulators#BACKENDS}).
     */
    public static SimulatorPins open(AlpuConfig config, Path vcd, String backend) {
        Objects.requireNonNull(config, "config");
        if (!Simulators.BACKENDS.contains(backend)) {
            throw new IllegalArgumentException("backend: '" + backend + "' is not one of " + Simulators.BACKENDS);
        }
        Simulator sim = backend.equals("verilator")
                ? Simulators.verilator(AlpuRtl.elaborate(config), VerilatorOptions.defaults().withTrace(vcd != null))
                : Simulators.of(backend, AlpuRtl.elaborate(config));
        if (vcd != null) sim.openVcd(vcd);
        sim.reset(2);
        String name = "RTL " + config.variant().defaultTop() + " " + config.cells() + "x" + config.block()
                + " match " + config.matchWidth() + " tag " + config.tagWidth();
        return new SimulatorPins(sim, config, AlpuTiming.of(config).r9Bound(), name);
    }
}
