package tagmatch.eda.synth;

/**
 * What place and route made of one design on an iCE40.
 *
 * @param top        the top module
 * @param device     the nextpnr-ice40 device ({@code hx8k}) and package
 * @param seed       the placer seed (Fmax moves by a few percent from seed to seed)
 * @param logicCells ICESTORM_LC cells used (a 4-input LUT, its carry and its flip-flop)
 * @param lcCapacity ICESTORM_LC cells on the device
 * @param ios        SB_IO cells used
 * @param fmaxMhz    the routed design's maximum clock frequency as nextpnr's timing analysis reports it
 */
public record PnrReport(String top, String device, int seed, int logicCells, int lcCapacity, int ios, double fmaxMhz) {

    /** The clock period at Fmax, in nanoseconds. */
    public double periodNs() {
        return 1000.0 / fmaxMhz;
    }

    /** One line: LCs and Fmax. */
    public String summary() {
        return String.format("%s (%s, seed %d): %d/%d LCs, %d IOs, Fmax %.2f MHz (%.2f ns)", top, device, seed,
                logicCells, lcCapacity, ios, fmaxMhz, periodNs());
    }
}
