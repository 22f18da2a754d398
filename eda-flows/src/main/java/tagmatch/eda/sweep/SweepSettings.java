package tagmatch.eda.sweep;

import java.nio.file.Path;

/**
 * What the steps need besides the configuration.
 *
 * @param ops        transfers per soak of the {@code cosim} step
 * @param family     yosys {@code synth_xilinx -family} of the {@code synth} step
 * @param pnrSeed    nextpnr placer seed of the {@code pnr} step
 * @param proveDepth depth of the {@code prove} step, null for the proof target's own
 * @param dir        the sweep's results directory (the {@code rtl} step writes its Verilog under it)
 */
public record SweepSettings(long ops, String family, int pnrSeed, Integer proveDepth, Path dir) {}
