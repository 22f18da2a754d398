package tagmatch.sim;

import java.math.BigInteger;

/** Conversions between unsigned BigIntegers and little-endian arrays of 64-bit words. */
public final class Words {
    private Words() {}

    public static BigInteger toBig(long[] words) {
        BigInteger v = BigInteger.ZERO;
        for (int i = words.length - 1; i >= 0; i--) {
            v = v.shiftLeft(64).or(unsigned(words[i]));
        }
        return v;
    }

    public static BigInteger unsigned(long w) {
        BigInteger b = BigInteger.valueOf(w & Long.MAX_VALUE);
        return w < 0 ? b.setBit(63) : b;
    }

    public static long[] fromBig(BigInteger v, int nWords) {
        long[] w = new long[nWords];
        for (int i = 0; i < nWords; i++) {
            w[i] = v.shiftRight(64 * i).longValue();
        }
        return w;
    }
}
