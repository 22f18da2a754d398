package tagmatch.alpu.model;

import java.math.BigInteger;

/**
 * Every port of one ALPU in one clock cycle, sampled after the inputs settled and before the
 * rising edge: a transfer happens in this cycle when a valid and its ready are both 1. Fields
 * a variant does not have ({@code req_mask} on PRQ, {@code cmd_mask} on UMQ) are 0.
 */
public record PortSample(long cycle, boolean rst,
                         boolean reqValid, boolean reqReady, BigInteger reqMatch, BigInteger reqMask,
                         boolean cmdValid, boolean cmdReady, int cmdOp, BigInteger cmdMatch, BigInteger cmdMask, long cmdTag,
                         boolean rspValid, boolean rspReady, int rspKind, long rspTag, int rspFree,
                         int occupancy, boolean insertMode, boolean error) {

    public boolean reqFire() {
        return !rst && reqValid && reqReady;
    }

    public boolean cmdFire() {
        return !rst && cmdValid && cmdReady;
    }

    public boolean rspFire() {
        return !rst && rspValid && rspReady;
    }
}
