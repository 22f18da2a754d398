package tagmatch.tools.sweep;

import java.nio.file.Path;

/**
 * What the steps need besides the configuration.
 *
 * @param ops    transfers per soak of the {@code cosim} step
 * @param family yosys {@code synth_xilinx -family} of the {@code synth} step
 * @param dir    the sweep's results directory (the {@code rtl} step writes its Verilog under it)
 */
public record SweepSettings(long ops, String family, Path dir) {}
