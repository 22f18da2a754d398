package tagmatch.alpu;

/**
 * Register stages of the generated datapath (seed 001 section V-D lists the prototype's stages:
 * 1 fan-out, 2 compare, 3 priority within a block, 4 priority between blocks, 5 delete fan-out,
 * 6 delete). The behaviour at the ports never depends on these choices (the datasheet leaves
 * latency to the generator); they trade latency and interval against clock rate and area, so the
 * generator reads them and the report states the resulting latency and intervals.
 *
 * <p>Stage 5 is always one register: each block registers its own delete signals, computed from
 * the blocks' own results (a block deletes when it holds the oldest hit, and shifts entirely when
 * an older block does), so the delete does not wait for the between-block priority's encoded
 * location and happens in the cycle the response is decided.
 *
 * @param fanoutStage          register the request fan-out in each block (stage 1)
 * @param compareStage         register each cell's compare result (stage 2 apart from stage 3)
 * @param blockPriorityStage   register the priority mux output of each block (stage 3)
 * @param splitGlobalPriority  split the between-block priority mux into two cycles (stage 4)
 * @param overlapDeleteFetch   fan out the next request while the last match is deleted (stages
 *                             1 and 6 overlap; needs {@code fanoutStage})
 */
public record Pipelining(boolean fanoutStage, boolean compareStage, boolean blockPriorityStage,
                         boolean splitGlobalPriority, boolean overlapDeleteFetch) {

    /** The seed's prototype: every stage registered, one cycle between blocks, no overlap. */
    public static final Pipelining SEED = new Pipelining(true, true, true, false, false);

    /** The default: the seed's stages with the overlap the seed describes as possible. */
    public static final Pipelining DEFAULT = new Pipelining(true, true, true, false, true);

    /** Fewest registers: lowest latency, longest combinational paths. */
    public static final Pipelining NONE = new Pipelining(false, false, false, false, false);

    /** What a {@link tagmatch.process.ParameterError} of {@link #of} names: one of its stages. */
    public enum Parameter {
        STAGE;

        @Override
        public String toString() {
            return "stage";
        }
    }

    /** The register stage names {@link #of} accepts, in pipeline order. */
    public static final java.util.List<String> STAGES = java.util.List.of("fanout", "compare", "block", "split");

    /**
     * The pipelining from stage names (any of {@link #STAGES}; an empty list for none) and the
     * overlap choice. An unknown name fails naming it and the legal ones.
     */
    public static Pipelining of(java.util.Collection<String> stages, boolean overlap) {
        for (String s : stages) {
            if (!STAGES.contains(s)) {
                throw new tagmatch.process.ParameterError(Parameter.STAGE, "must be one of " + String.join(", ", STAGES), "'" + s + "'");
            }
        }
        return new Pipelining(stages.contains("fanout"), stages.contains("compare"), stages.contains("block"),
                stages.contains("split"), overlap);
    }

    /** The stages chosen and the overlap, as {@link #of} reads them: {@code fanout,compare,block +overlap}. */
    public String describe() {
        java.util.List<String> on = new java.util.ArrayList<>();
        if (fanoutStage) on.add("fanout");
        if (compareStage) on.add("compare");
        if (blockPriorityStage) on.add("block");
        if (splitGlobalPriority) on.add("split");
        return (on.isEmpty() ? "none" : String.join(",", on)) + (overlaps() ? " +overlap" : "");
    }

    /** Whether the overlap is in effect: it needs the fan-out register to hold the next request. */
    public boolean overlaps() {
        return overlapDeleteFetch && fanoutStage;
    }
}
