package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.hdl.ir.Widths;

/**
 * The cycle figures the datasheet asks every configuration to state, derived from the same
 * pipelining choices {@link AlpuTop} builds (so the header comment cannot drift from the RTL).
 *
 * @param matchLatency   cycles from a request accepted ({@code req_valid && req_ready}) to its
 *                       response valid, empty pipeline and empty response FIFO
 * @param matchInterval  cycles between back-to-back successful matches (a failure frees the
 *                       engine one cycle earlier: it has no delete)
 * @param insertInterval cycles between back-to-back INSERTs with no match in flight
 * @param ackLatency     cycles from a START_INSERT accepted ({@code cmd_valid && cmd_ready}) to its
 *                       START_ACK valid, idle unit, no match answer waiting and empty response FIFO
 * @param r9Bound        the R9 liveness bound, in cycles with {@code rsp_ready} high
 * @param decideOffset   cycles from a match launch to its decision (internal: sizes the pipeline)
 */
public record AlpuTiming(int matchLatency, int matchInterval, int insertInterval, int ackLatency, int r9Bound,
                         int decideOffset) {

    public static AlpuTiming of(AlpuConfig cfg) {
        Pipelining p = cfg.pipelining();
        // launch -> (fan-out) -> (compare) -> (block priority) -> between blocks (1 or 2) -> decide and delete
        int decide = blockResultOffset(cfg) + globalStages(cfg);
        // accept -> head of the request FIFO (1) -> launch ... decide -> (tag read, 1 with slot tags)
        // -> response FIFO output register (1)
        int latency = 1 + decide + (slotTags(cfg) ? 1 : 0) + 1;
        // The delete is in the decide cycle; the next compare must see its result. With the overlap
        // the next request is fanned out during the delete, otherwise one cycle after it.
        int interval = decide + (p.overlaps() ? 0 : 1);
        int insert = 1;
        // accept -> head of the command FIFO (1), processed and pushed there -> response FIFO output
        // register (1). A START_ACK reads no tag, so slot tags add nothing: it bypasses the tag
        // read's register unless a match answer is in it (AlpuTop).
        int ack = 1 + 1;
        // Every command or request ahead costs at most one engine round plus draining the
        // response FIFO; the R9 bound covers the deepest queues of both plus this request's own
        // round, plus an INSERT waiting for a hole to travel to block 0 (one block per free cycle,
        // at least one free cycle per round).
        int round = interval + cfg.rspFifoDepth() + 2;
        int r9 = (cfg.cmdFifoDepth() + cfg.reqFifoDepth() + 2 + cfg.blocks()) * round + latency;
        return new AlpuTiming(latency, interval, insert, ack, r9, decide);
    }

    /**
     * Whether the cells hold slot numbers and the tags live in a {@link TagStore}: when a slot
     * number ({@code log2(CELLS)} bits) is narrower than a tag. The muxes that pick the oldest
     * match then move fewer bits; the tag is read from memory in one more cycle of latency.
     */
    public static boolean slotTags(AlpuConfig cfg) {
        return slotWidth(cfg) < cfg.tagWidth();
    }

    /** Bits of a slot number: one slot per cell. */
    static int slotWidth(AlpuConfig cfg) {
        return Widths.forCount(cfg.cells());
    }

    /** The configuration the cells are built for: the tag they hold is a slot number with slot tags. */
    static AlpuConfig cellConfig(AlpuConfig cfg) {
        if (!slotTags(cfg)) return cfg;
        return new AlpuConfig(cfg.cells(), cfg.block(), cfg.matchWidth(), slotWidth(cfg), cfg.variant(),
                cfg.reqFifoDepth(), cfg.cmdFifoDepth(), cfg.rspFifoDepth(), cfg.pipelining());
    }

    /** Cycles from a launch to the cycle in which the blocks' results are valid. */
    static int blockResultOffset(AlpuConfig cfg) {
        Pipelining p = cfg.pipelining();
        return (p.fanoutStage() ? 1 : 0) + (p.compareStage() ? 1 : 0) + (registersBlockPriority(cfg) ? 1 : 0);
    }

    /**
     * Whether each block's priority result is registered (stage 3). With one or two blocks the
     * priority between blocks is at most one 2:1 mux, so stages 3 and 4 share a cycle: the path is
     * one mux level longer than the block's own priority and a whole cycle shorter. (The seed's
     * stage 4 likewise takes one or two cycles depending on the parameters.)
     */
    static boolean registersBlockPriority(AlpuConfig cfg) {
        return cfg.pipelining().blockPriorityStage() && cfg.blocks() > 2;
    }

    /** Register stages of the between-block priority (the last one is also the delete fan-out). */
    static int globalStages(AlpuConfig cfg) {
        return splitsGlobal(cfg) ? 2 : 1;
    }

    /** The between-block priority is split in two cycles only when there are enough blocks to split. */
    static boolean splitsGlobal(AlpuConfig cfg) {
        return cfg.pipelining().splitGlobalPriority() && cfg.blocks() >= 4;
    }

    /** Blocks per first-level group when the between-block priority is split: about sqrt(blocks). */
    static int groupSize(AlpuConfig cfg) {
        int lg = 32 - Integer.numberOfLeadingZeros(cfg.blocks() - 1);
        return 1 << ((lg + 1) / 2);
    }

    /** One line per figure, as {@code tagmatch rtl --report} prints them. */
    public String describe() {
        return "match latency " + matchLatency + " cycles (request accepted to response valid)\n"
                + "match initiation interval " + matchInterval + " cycles (back-to-back successful matches)\n"
                + "insert interval " + insertInterval + " cycle (back-to-back INSERTs, no match in flight)\n"
                + "START_ACK latency " + ackLatency + " cycles (START_INSERT accepted to response valid, idle unit)\n"
                + "R9 bound " + r9Bound + " cycles with rsp_ready high";
    }

    /** The configuration {@code top} is generated from, its stages and FIFOs, then its timing: the text of {@code tagmatch rtl --report}. */
    public static String report(AlpuConfig cfg, String top) {
        return top + ": " + cfg.cells() + " cells, block " + cfg.block() + ", match " + cfg.matchWidth()
                + " bits, tag " + cfg.tagWidth() + " bits, " + cfg.variant() + "\n"
                + "  register stages " + cfg.pipelining().describe() + ", FIFO depths " + cfg.reqFifoDepth() + "/"
                + cfg.cmdFifoDepth() + "/" + cfg.rspFifoDepth() + " (request/command/response)\n"
                + of(cfg).describe().lines().map(l -> "  " + l + "\n").reduce("", String::concat);
    }
}
