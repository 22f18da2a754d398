package tagmatch.hdl.lib;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The period of an LFSR is maximal exactly when its feedback polynomial is primitive over GF(2):
 * x has order 2^n - 1 modulo it. Checked for every width from the polynomial and the prime
 * factors of 2^n - 1, and by stepping the register through its whole period for small widths.
 */
class LfsrTapsTest {
    @Test
    void everyTapSetIsAPrimitivePolynomial() {
        for (int n = 2; n <= Lfsr.MAX_WIDTH; n++) {
            BigInteger poly = BigInteger.ONE;
            for (int t : Lfsr.taps(n)) poly = poly.setBit(t);
            assertEquals(n, poly.bitLength() - 1, "width " + n + ": highest tap");
            BigInteger order = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
            assertEquals(BigInteger.ONE, xPow(order, poly), "width " + n + ": x^(2^n-1) is not 1");
            for (BigInteger q : primeFactors(order))
                assertFalse(xPow(order.divide(q), poly).equals(BigInteger.ONE), "width " + n + ": x has order dividing (2^n-1)/" + q);
        }
    }

    @Test
    void smallRegistersVisitEveryNonzeroStateOnce() {
        for (int n = 2; n <= 16; n++) {
            int[] taps = Lfsr.taps(n);
            long state = 1;
            long period = 0;
            do {
                long fb = 0;
                for (int t : taps) fb ^= state >>> (t - 1) & 1;
                state = (state << 1 | fb) & ((1L << n) - 1);
                period++;
            } while (state != 1 && period <= 1L << n);
            assertEquals((1L << n) - 1, period, "period of width " + n);
        }
    }

    @Test
    void badWidthsAndSeedsNameTheLegalRange() {
        assertEquals("Lfsr width must be 2..64, got 1", assertThrows(IllegalArgumentException.class, () -> Lfsr.taps(1)).getMessage());
        Catalog.Block lfsr = Catalog.block("lfsr");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> lfsr.elaborate(lfsr.resolve(java.util.Map.of("width", "4", "seed", "16"))));
        assertEquals("Lfsr seed must be positive and fit 4 bits, got 0x10", e.getMessage());
    }

    /** x^e modulo {@code poly}, polynomials over GF(2) as bit sets. */
    private static BigInteger xPow(BigInteger e, BigInteger poly) {
        BigInteger result = BigInteger.ONE;
        BigInteger base = BigInteger.TWO;
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            result = mulMod(result, result, poly);
            if (e.testBit(i)) result = mulMod(result, base, poly);
        }
        return result;
    }

    private static BigInteger mulMod(BigInteger a, BigInteger b, BigInteger poly) {
        BigInteger p = BigInteger.ZERO;
        for (int i = 0; i < b.bitLength(); i++) if (b.testBit(i)) p = p.xor(a.shiftLeft(i));
        int deg = poly.bitLength() - 1;
        for (int i = p.bitLength() - 1; i >= deg; i--) if (p.testBit(i)) p = p.xor(poly.shiftLeft(i - deg));
        return p;
    }

    /** The distinct prime factors of {@code m}, by trial division and Pollard's rho. */
    private static List<BigInteger> primeFactors(BigInteger m) {
        List<BigInteger> out = new ArrayList<>();
        factor(m, out, new Random(1));
        return out.stream().distinct().toList();
    }

    private static void factor(BigInteger m, List<BigInteger> out, Random random) {
        if (m.equals(BigInteger.ONE)) return;
        for (long p = 2; p < 1000; p++) {
            BigInteger bp = BigInteger.valueOf(p);
            if (m.mod(bp).signum() == 0) {
                out.add(bp);
                factor(m.divide(bp), out, random);
                return;
            }
        }
        if (m.isProbablePrime(64)) {
            out.add(m);
            return;
        }
        BigInteger d;
        do {
            BigInteger c = new BigInteger(m.bitLength(), random).mod(m);
            BigInteger x = BigInteger.TWO;
            BigInteger y = x;
            d = BigInteger.ONE;
            while (d.equals(BigInteger.ONE)) {
                x = x.multiply(x).add(c).mod(m);
                y = y.multiply(y).add(c).mod(m);
                y = y.multiply(y).add(c).mod(m);
                d = x.subtract(y).abs().gcd(m);
            }
        } while (d.equals(m));
        factor(d, out, random);
        factor(m.divide(d), out, random);
    }
}
