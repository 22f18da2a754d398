package tagmatch.eda.synth;

import java.util.Map;

/**
 * What yosys made of one design.
 *
 * @param top       the top module
 * @param family    the {@code synth_xilinx -family} used
 * @param luts      LUT cells of any size (LUT1..LUT6) after {@code synth_xilinx}
 * @param flipFlops flip-flop cells (FD*) after {@code synth_xilinx}
 * @param lutDepth  longest combinational path in 4-input LUTs between registers or ports
 *                  ({@code abc -lut 4}, then {@code ltp -noff})
 * @param cells     every cell type after {@code synth_xilinx} with its count (carry chains,
 *                  muxes, RAMs, I/O buffers), so nothing is hidden in the two headline numbers
 */
public record SynthReport(String top, String family, int luts, int flipFlops, int lutDepth, Map<String, Integer> cells) {
    public SynthReport {
        cells = Map.copyOf(cells);
    }

    /** One line: LUTs, FFs, depth. */
    public String summary() {
        return top + " (" + family + "): " + luts + " LUTs, " + flipFlops + " FFs, LUT depth " + lutDepth;
    }
}
