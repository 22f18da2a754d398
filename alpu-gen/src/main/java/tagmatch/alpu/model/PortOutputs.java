package tagmatch.alpu.model;

/** The output ports of an ALPU in one cycle. */
public record PortOutputs(boolean reqReady, boolean cmdReady,
                          boolean rspValid, int rspKind, long rspTag, int rspFree,
                          int occupancy, boolean insertMode, boolean error) {

    /** Joins this cycle's inputs and outputs into the sample a scoreboard checks. */
    public PortSample sample(long cycle, PortInputs in) {
        return new PortSample(cycle, in.rst(), in.reqValid(), reqReady, in.reqMatch(), in.reqMask(),
                in.cmdValid(), cmdReady, in.cmdOp(), in.cmdMatch(), in.cmdMask(), in.cmdTag(),
                rspValid, in.rspReady(), rspKind, rspTag, rspFree, occupancy, insertMode, error);
    }
}
