package tagmatch.alpu;

/**
 * Register stages of the generated datapath (seed 001 section V-D lists the prototype's stages).
 * The behaviour at the ports never depends on these choices (the datasheet leaves latency to the
 * generator); they trade latency against clock rate and area, so the generator reads them and
 * the report states the resulting latency and intervals.
 *
 * @param fanoutStage          register the request/command fan-out in each block (stage 1)
 * @param blockPriorityStage   register the priority mux output of each block (stage 3)
 * @param splitGlobalPriority  split the between-block priority mux into two cycles (stage 4)
 * @param overlapDeleteFetch   overlap the delete of one match with the fan-out of the next
 */
public record Pipelining(boolean fanoutStage, boolean blockPriorityStage, boolean splitGlobalPriority,
                         boolean overlapDeleteFetch) {

    /** The seed's prototype: every stage registered, no overlap of consecutive matches. */
    public static final Pipelining SEED = new Pipelining(true, true, false, false);

    /** Fewest registers: lowest latency, longest combinational paths. */
    public static final Pipelining NONE = new Pipelining(false, false, false, false);
}
