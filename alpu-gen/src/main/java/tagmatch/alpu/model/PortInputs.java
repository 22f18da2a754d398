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

    /**
     * The pins of a cycle that offers {@code req} and {@code cmd}; {@code null} offers nothing on
     * that port and drives its data pins to 0.
     */
    public static PortInputs offering(boolean rst, Request req, Command cmd, boolean rspReady) {
        BigInteger z = BigInteger.ZERO;
        return new PortInputs(rst,
                req != null, req != null ? req.match() : z, req != null ? req.mask() : z,
                cmd != null, cmd != null ? cmd.op().code : 0, cmd != null ? cmd.match() : z,
                cmd != null ? cmd.mask() : z, cmd != null ? cmd.tag() : 0, rspReady);
    }
}
