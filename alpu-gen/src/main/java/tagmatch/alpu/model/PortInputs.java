package tagmatch.alpu.model;

import java.math.BigInteger;

/** The input ports of an ALPU in one cycle (the variant's missing mask port is 0). */
public record PortInputs(boolean rst,
                         boolean reqValid, BigInteger reqMatch, BigInteger reqMask,
                         boolean cmdValid, int cmdOp, BigInteger cmdMatch, BigInteger cmdMask, long cmdTag,
                         boolean rspReady) {

    /** Nothing offered, responses taken. */
    public static final PortInputs IDLE = new PortInputs(false, false, BigInteger.ZERO, BigInteger.ZERO,
            false, 0, BigInteger.ZERO, BigInteger.ZERO, 0, true);
}
