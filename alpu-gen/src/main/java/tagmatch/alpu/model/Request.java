package tagmatch.alpu.model;

import java.math.BigInteger;
import java.util.Objects;

/**
 * A match request: the key and, for UMQ, its mask (1 = don't care); PRQ requests carry mask 0.
 */
public record Request(BigInteger match, BigInteger mask) {
    public Request {
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(mask, "mask");
    }

    public static Request of(long match) {
        return new Request(BigInteger.valueOf(match), BigInteger.ZERO);
    }

    public static Request of(long match, long mask) {
        return new Request(BigInteger.valueOf(match), BigInteger.valueOf(mask));
    }

    @Override
    public String toString() {
        return "req(match=0x" + match.toString(16) + (mask.signum() == 0 ? "" : ", mask=0x" + mask.toString(16)) + ")";
    }
}
