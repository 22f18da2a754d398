package tagmatch.eda.synth;

import java.util.List;

/**
 * Seed 001's FPGA prototype figures (Tables IV and V: Xilinx tools, Virtex-II Pro 100 speed
 * grade -5, 42 match bits, 16 tag bits, a mask bit per match bit), for comparison with what yosys
 * makes of the generated ALPU.
 */
public final class PaperFigures {

    /** One prototype: variant ("PRQ" = Table IV, "UMQ" = Table V), size, and the paper's numbers. */
    public record Row(String variant, int cells, int block, int luts, int flipFlops, int slices, double mhz, int latency) {}

    /** Tables IV (posted receives, PRQ) and V (unexpected messages, UMQ), in the paper's order. */
    public static final List<Row> TABLES = List.of(
            new Row("PRQ", 256, 8, 17_372, 28_908, 15_766, 112.5, 7),
            new Row("PRQ", 256, 16, 17_573, 27_656, 15_090, 111.4, 7),
            new Row("PRQ", 256, 32, 18_054, 26_971, 14_742, 100.2, 6),
            new Row("PRQ", 128, 8, 8_687, 14_562, 7_945, 111.5, 7),
            new Row("PRQ", 128, 16, 8_786, 13_897, 7_606, 112.1, 6),
            new Row("PRQ", 128, 32, 9_025, 13_605, 7_431, 100.6, 6),
            new Row("UMQ", 256, 8, 17_339, 19_414, 11_562, 112.1, 7),
            new Row("UMQ", 256, 16, 17_556, 17_490, 10_631, 111.9, 7),
            new Row("UMQ", 256, 32, 18_045, 16_469, 10_350, 100.9, 6),
            new Row("UMQ", 128, 8, 8_672, 9_773, 5_806, 111.2, 7),
            new Row("UMQ", 128, 16, 8_777, 8_771, 5_356, 112.1, 6),
            new Row("UMQ", 128, 32, 9_020, 8_311, 5_215, 100.6, 6));

    /** Match and tag widths of every prototype. */
    public static final int MATCH_WIDTH = 42;
    public static final int TAG_WIDTH = 16;

    private PaperFigures() {}

    /** The paper's prototype of a configuration: same variant, cells, block and the paper's match and tag widths. */
    public static java.util.Optional<Row> of(tagmatch.alpu.AlpuConfig c) {
        if (c.matchWidth() != MATCH_WIDTH || c.tagWidth() != TAG_WIDTH) return java.util.Optional.empty();
        for (Row r : TABLES) {
            if (r.variant().equals(c.variant().name()) && r.cells() == c.cells() && r.block() == c.block()) return java.util.Optional.of(r);
        }
        return java.util.Optional.empty();
    }

    /** The paper's row for a configuration. */
    public static Row find(String variant, int cells, int block) {
        for (Row r : TABLES) {
            if (r.variant().equals(variant) && r.cells() == cells && r.block() == block) return r;
        }
        throw new IllegalArgumentException("seed 001 has no prototype " + variant + " with " + cells + " cells and block "
                + block + ": it reports PRQ and UMQ with 128 or 256 cells and blocks of 8, 16 or 32");
    }
}
