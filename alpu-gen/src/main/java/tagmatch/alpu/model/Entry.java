package tagmatch.alpu.model;

import java.math.BigInteger;

/** One valid cell: match bits, stored mask (PRQ; 0 for UMQ) and tag. */
public record Entry(BigInteger match, BigInteger mask, long tag) {

    /** The datasheet's match rule: {@code ((e.match ^ k) & ~m) == 0}. */
    boolean matches(BigInteger key, BigInteger requestMask) {
        BigInteger m = mask.or(requestMask);
        return match.xor(key).andNot(m).signum() == 0;
    }
}
