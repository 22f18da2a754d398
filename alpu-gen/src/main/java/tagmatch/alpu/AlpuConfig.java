package tagmatch.alpu;

import java.util.Objects;
import tagmatch.process.ParameterError;

/**
 * Generation-time parameters of one ALPU, validated exactly by the datasheet's parameter table
 * ({@code docs/alpu-datasheet.md}). An illegal value fails in the constructor with an
 * {@link ParameterError} naming the datasheet parameter ({@link Parameter}), the value and the legal range,
 * so nothing downstream (generator, model, benches) ever sees an illegal configuration.
 *
 * @param cells        CELLS: total entries, a multiple of BLOCK in 2..4096
 * @param block        BLOCK: cells per block, a power of two in 2..CELLS
 * @param matchWidth   MATCH_W: match bits per entry, 1..128
 * @param tagWidth     TAG_W: tag bits per entry, 1..32
 * @param variant      VARIANT: PRQ or UMQ
 * @param reqFifoDepth request FIFO depth, a power of two &gt;= 2
 * @param cmdFifoDepth command FIFO depth, a power of two &gt;= 2
 * @param rspFifoDepth response FIFO depth, a power of two &gt;= 2
 * @param pipelining   register stages chosen for the generated datapath
 */
public record AlpuConfig(int cells, int block, int matchWidth, int tagWidth, Variant variant,
                         int reqFifoDepth, int cmdFifoDepth, int rspFifoDepth, Pipelining pipelining) {

    public static final int MAX_CELLS = 4096;
    public static final int MAX_MATCH_W = 128;
    public static final int MAX_TAG_W = 32;
    /** FIFO depth used by {@link #of}: enough to keep a pipelined unit busy. */
    public static final int DEFAULT_FIFO_DEPTH = 4;

    /** The datasheet's parameters, as {@link ParameterError}s of a configuration name them. */
    public enum Parameter { CELLS, BLOCK, MATCH_W, TAG_W, VARIANT, REQ_FIFO_DEPTH, CMD_FIFO_DEPTH, RSP_FIFO_DEPTH }

    public AlpuConfig {
        if (cells < 2 || cells > MAX_CELLS) {
            throw new ParameterError(Parameter.CELLS, "must be in 2.." + MAX_CELLS, cells);
        }
        if (block < 2 || block > cells || Integer.bitCount(block) != 1) {
            throw new ParameterError(Parameter.BLOCK, "must be a power of two in 2..CELLS", block + " (CELLS = " + cells + ")");
        }
        if (cells % block != 0) {
            throw new ParameterError(Parameter.CELLS, "must be a multiple of BLOCK (" + block + ")", cells);
        }
        if (matchWidth < 1 || matchWidth > MAX_MATCH_W) {
            throw new ParameterError(Parameter.MATCH_W, "must be in 1.." + MAX_MATCH_W, matchWidth);
        }
        if (tagWidth < 1 || tagWidth > MAX_TAG_W) {
            throw new ParameterError(Parameter.TAG_W, "must be in 1.." + MAX_TAG_W, tagWidth);
        }
        if (variant == null) {
            throw new ParameterError(Parameter.VARIANT, "must be PRQ or UMQ", null);
        }
        checkDepth(Parameter.REQ_FIFO_DEPTH, reqFifoDepth);
        checkDepth(Parameter.CMD_FIFO_DEPTH, cmdFifoDepth);
        checkDepth(Parameter.RSP_FIFO_DEPTH, rspFifoDepth);
        Objects.requireNonNull(pipelining, "pipelining");
    }

    /** A configuration with default FIFO depths and the default pipelining ({@link Pipelining#DEFAULT}). */
    public static AlpuConfig of(int cells, int block, int matchWidth, int tagWidth, Variant variant) {
        return new AlpuConfig(cells, block, matchWidth, tagWidth, variant,
                DEFAULT_FIFO_DEPTH, DEFAULT_FIFO_DEPTH, DEFAULT_FIFO_DEPTH, Pipelining.DEFAULT);
    }

    /** The seed's prototype widths: 42 match bits (comm 10, source 16, tag 16) and 16 tag bits. */
    public static AlpuConfig seed(int cells, int block, Variant variant) {
        return of(cells, block, 42, 16, variant);
    }

    /** Same parameters with other FIFO depths (validated). */
    public AlpuConfig withFifoDepths(int req, int cmd, int rsp) {
        return new AlpuConfig(cells, block, matchWidth, tagWidth, variant, req, cmd, rsp, pipelining);
    }

    /** Same parameters with other register stages. */
    public AlpuConfig withPipelining(Pipelining p) {
        return new AlpuConfig(cells, block, matchWidth, tagWidth, variant, reqFifoDepth, cmdFifoDepth, rspFifoDepth, p);
    }

    /** CNT_W = ceil(log2(CELLS + 1)): wide enough for 0..CELLS. */
    public int cntWidth() {
        return 32 - Integer.numberOfLeadingZeros(cells);
    }

    /** Number of cell blocks, CELLS / BLOCK. */
    public int blocks() {
        return cells / block;
    }

    /** PRQ tops have {@code cmd_mask}; UMQ tops have {@code req_mask}. */
    public boolean maskWithInsert() {
        return variant == Variant.PRQ;
    }

    private static void checkDepth(Parameter p, int depth) {
        if (depth < 2 || Integer.bitCount(depth) != 1) {
            throw new ParameterError(p, "must be a power of two >= 2", depth);
        }
    }
}
