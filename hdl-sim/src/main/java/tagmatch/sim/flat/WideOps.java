package tagmatch.sim.flat;

import java.math.BigInteger;

/**
 * The operations generated code calls for values wider than 64 bits, and for the few narrow
 * ones whose Java operator differs from the IR's meaning (shifts by 64 or more). A value lives in
 * the state array {@code v} at an offset, least significant word first, bits above its width
 * zero; an operand is (offset, width, signed) and is extended by its own signedness to the
 * operator's width, as {@link tagmatch.hdl.ir.PrimOp} defines. Destinations never overlap operands.
 */
public final class WideOps {
    private WideOps() {}

    public static int words(int width) { return (width + 63) >>> 6; }

    public static long mask(int w) { return w >= 64 ? -1L : (1L << w) - 1; }

    public static long sext(long x, int w) { return w >= 64 ? x : (x << (64 - w)) >> (64 - w); }

    public static boolean negative(long[] v, int a, int aw) {
        return ((v[a + ((aw - 1) >>> 6)] >>> ((aw - 1) & 63)) & 1) != 0;
    }

    /** Word {@code i} of the operand extended by its signedness beyond its width. */
    public static long word(long[] v, int a, int aw, boolean as, int i) {
        int n = words(aw);
        if (i < n - 1) {
            return v[a + i];
        }
        if (i == n - 1) {
            long x = v[a + i];
            int r = aw & 63;
            return as && r != 0 ? (x << (64 - r)) >> (64 - r) : x;
        }
        return as && negative(v, a, aw) ? -1L : 0L;
    }

    /** Clears the bits of the top word above width {@code w}. */
    public static void top(long[] v, int dst, int w) {
        int r = w & 63;
        if (r != 0) {
            v[dst + ((w - 1) >>> 6)] &= (1L << r) - 1;
        }
    }

    /** {@code dst (w bits) := a}, extended or truncated. */
    public static void ext(long[] v, int dst, int w, int a, int aw, boolean as) {
        int n = words(w);
        for (int i = 0; i < n; i++) {
            v[dst + i] = word(v, a, aw, as, i);
        }
        top(v, dst, w);
    }

    /** {@code dst (w bits) := x}, a narrow value of {@code xw} bits, extended by its signedness. */
    public static void fromLong(long[] v, int dst, int w, long x, int xw, boolean xs) {
        long e = xs ? sext(x, xw) : x;
        long fill = xs && e < 0 ? -1L : 0L;
        int n = words(w);
        v[dst] = e;
        for (int i = 1; i < n; i++) {
            v[dst + i] = fill;
        }
        top(v, dst, w);
    }

    public static void add(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs) {
        addWithCarry(v, dst, w, a, aw, as, b, bw, bs, false);
    }

    public static void sub(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs) {
        addWithCarry(v, dst, w, a, aw, as, b, bw, bs, true);
    }

    private static void addWithCarry(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs,
            boolean negate) {
        int n = words(w);
        long c = negate ? 1 : 0;
        for (int i = 0; i < n; i++) {
            long x = word(v, a, aw, as, i);
            long y = word(v, b, bw, bs, i);
            if (negate) {
                y = ~y;
            }
            long s = x + y;
            long c1 = Long.compareUnsigned(s, x) < 0 ? 1 : 0;
            long t = s + c;
            long c2 = c != 0 && t == 0 ? 1 : 0;
            v[dst + i] = t;
            c = c1 | c2;
        }
        top(v, dst, w);
    }

    public static void mul(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs) {
        BigInteger p = big(v, a, aw, as, w).multiply(big(v, b, bw, bs, w));
        store(v, dst, w, p);
    }

    public static void and(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs) {
        int n = words(w);
        for (int i = 0; i < n; i++) {
            v[dst + i] = word(v, a, aw, as, i) & word(v, b, bw, bs, i);
        }
        top(v, dst, w);
    }

    public static void or(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs) {
        int n = words(w);
        for (int i = 0; i < n; i++) {
            v[dst + i] = word(v, a, aw, as, i) | word(v, b, bw, bs, i);
        }
        top(v, dst, w);
    }

    public static void xor(long[] v, int dst, int w, int a, int aw, boolean as, int b, int bw, boolean bs) {
        int n = words(w);
        for (int i = 0; i < n; i++) {
            v[dst + i] = word(v, a, aw, as, i) ^ word(v, b, bw, bs, i);
        }
        top(v, dst, w);
    }

    public static void not(long[] v, int dst, int a, int aw) {
        int n = words(aw);
        for (int i = 0; i < n; i++) {
            v[dst + i] = ~v[a + i];
        }
        top(v, dst, aw);
    }

    /**
     * Compares two operands extended to the wider width: as signed numbers when both are signed,
     * else as unsigned bit patterns. Returns the sign of a - b.
     */
    public static int compare(long[] v, int a, int aw, boolean as, int b, int bw, boolean bs) {
        int cw = Math.max(aw, bw);
        int n = words(cw);
        boolean signed = as && bs;
        for (int i = n - 1; i >= 0; i--) {
            long x = word(v, a, aw, as, i);
            long y = word(v, b, bw, bs, i);
            if (i == n - 1 && !signed) {
                int r = cw & 63;
                if (r != 0) {
                    x &= (1L << r) - 1;
                    y &= (1L << r) - 1;
                }
            }
            if (x != y) {
                return i == n - 1 && signed ? Long.compare(x, y) : Long.compareUnsigned(x, y);
            }
        }
        return 0;
    }

    public static long andr(long[] v, int a, int aw) {
        int n = words(aw);
        for (int i = 0; i < n - 1; i++) {
            if (v[a + i] != -1L) {
                return 0;
            }
        }
        return v[a + n - 1] == mask(aw - 64 * (n - 1)) ? 1 : 0;
    }

    public static long orr(long[] v, int a, int aw) {
        int n = words(aw);
        for (int i = 0; i < n; i++) {
            if (v[a + i] != 0) {
                return 1;
            }
        }
        return 0;
    }

    public static long xorr(long[] v, int a, int aw) {
        int n = words(aw);
        int c = 0;
        for (int i = 0; i < n; i++) {
            c += Long.bitCount(v[a + i]);
        }
        return c & 1;
    }

    /** Raw word {@code j} of an operand's bit pattern, zero outside it. */
    private static long raw(long[] v, int a, int aw, int j) {
        return j < 0 || j >= words(aw) ? 0 : v[a + j];
    }

    /** Bits {@code lo .. lo+len-1} (len at most 64) of an operand's bit pattern. */
    public static long extract(long[] v, int a, int aw, int lo, int len) {
        int q = lo >>> 6;
        int r = lo & 63;
        long x = raw(v, a, aw, q) >>> r;
        if (r != 0) {
            x |= raw(v, a, aw, q + 1) << (64 - r);
        }
        return x & mask(len);
    }

    /** {@code dst (w bits) := a's pattern >> n}, a constant logical shift (also bit extraction). */
    public static void shr(long[] v, int dst, int w, int a, int aw, int n) {
        int q = n >>> 6;
        int r = n & 63;
        int k = words(w);
        for (int i = 0; i < k; i++) {
            long x = raw(v, a, aw, i + q) >>> r;
            if (r != 0) {
                x |= raw(v, a, aw, i + q + 1) << (64 - r);
            }
            v[dst + i] = x;
        }
        top(v, dst, w);
    }

    /** {@code dst (w bits) := a's pattern << n}, a constant shift. */
    public static void shl(long[] v, int dst, int w, int a, int aw, int n) {
        int q = n >>> 6;
        int r = n & 63;
        int k = words(w);
        for (int i = 0; i < k; i++) {
            long x = raw(v, a, aw, i - q) << r;
            if (r != 0) {
                x |= raw(v, a, aw, i - q - 1) >>> (64 - r);
            }
            v[dst + i] = x;
        }
        top(v, dst, w);
    }

    /** A shift amount held at {@code a}: its value, or {@link Long#MAX_VALUE} when it does not fit 63 bits. */
    public static long amount(long[] v, int a, int aw) {
        int n = words(aw);
        for (int i = 1; i < n; i++) {
            if (v[a + i] != 0) {
                return Long.MAX_VALUE;
            }
        }
        long x = v[a];
        return x < 0 ? Long.MAX_VALUE : x;
    }

    /** {@code dst (w bits) := ext(a, w) << sh}. */
    public static void dshl(long[] v, int dst, int w, int a, int aw, boolean as, long sh) {
        int k = words(w);
        if (sh >= w) {
            for (int i = 0; i < k; i++) {
                v[dst + i] = 0;
            }
            return;
        }
        int q = (int) (sh >>> 6);
        int r = (int) (sh & 63);
        for (int i = 0; i < k; i++) {
            long x = i - q < 0 ? 0 : word(v, a, aw, as, i - q) << r;
            if (r != 0 && i - q - 1 >= 0) {
                x |= word(v, a, aw, as, i - q - 1) >>> (64 - r);
            }
            v[dst + i] = x;
        }
        top(v, dst, w);
    }

    /** {@code dst (aw bits) := a >> sh}, arithmetic when {@code as}. */
    public static void dshr(long[] v, int dst, int a, int aw, boolean as, long sh) {
        int k = words(aw);
        if (sh >= aw) {
            long fill = as && negative(v, a, aw) ? -1L : 0L;
            for (int i = 0; i < k; i++) {
                v[dst + i] = fill;
            }
            top(v, dst, aw);
            return;
        }
        int q = (int) (sh >>> 6);
        int r = (int) (sh & 63);
        for (int i = 0; i < k; i++) {
            long x = word(v, a, aw, as, i + q) >>> r;
            if (r != 0) {
                x |= word(v, a, aw, as, i + q + 1) << (64 - r);
            }
            v[dst + i] = x;
        }
        top(v, dst, aw);
    }

    /** Narrow {@code (x << sh) & mask} with the IR's meaning for amounts of 64 and more. */
    public static long dshlN(long x, long sh, long mask) {
        return sh >= 64 || sh < 0 ? 0 : (x << sh) & mask;
    }

    /** Narrow dynamic right shift of an {@code xw}-bit value, arithmetic when {@code signed}. */
    public static long dshrN(long x, long sh, int xw, boolean signed) {
        if (signed) {
            return (sext(x, xw) >> (sh >= 64 || sh < 0 ? 63 : sh)) & mask(xw);
        }
        return sh >= 64 || sh < 0 ? 0 : x >>> sh;
    }

    public static void clear(long[] v, int dst, int w) {
        int n = words(w);
        for (int i = 0; i < n; i++) {
            v[dst + i] = 0;
        }
    }

    /** ORs the operand's pattern into {@code dst} at bit {@code pos} (a concatenation's part). */
    public static void deposit(long[] v, int dst, int pos, int a, int aw) {
        int n = words(aw);
        for (int j = 0; j < n; j++) {
            depositLong(v, dst, pos + 64 * j, v[a + j], Math.min(64, aw - 64 * j));
        }
    }

    public static void depositLong(long[] v, int dst, int pos, long x, int xw) {
        int q = pos >>> 6;
        int r = pos & 63;
        v[dst + q] |= x << r;
        if (r != 0 && r + xw > 64) {
            v[dst + q + 1] |= x >>> (64 - r);
        }
    }

    /** Whether the words at {@code a} equal {@code key} (a wide case key). */
    public static boolean equalsWords(long[] v, int a, long[] key) {
        for (int i = 0; i < key.length; i++) {
            if (v[a + i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    public static long memReadN(long[] mem, int depth, long addr) {
        return addr >= 0 && addr < depth ? mem[(int) addr] : 0;
    }

    public static void memRead(long[] mem, int width, int depth, long addr, long[] v, int dst) {
        int n = words(width);
        if (addr >= 0 && addr < depth) {
            System.arraycopy(mem, (int) addr * n, v, dst, n);
        } else {
            for (int i = 0; i < n; i++) {
                v[dst + i] = 0;
            }
        }
    }

    public static void memWrite(long[] mem, int width, int depth, long[] v, int enable, int addr, int data) {
        long x = v[addr];
        if (v[enable] != 0 && x >= 0 && x < depth) {
            int n = words(width);
            System.arraycopy(v, data, mem, (int) x * n, n);
        }
    }

    /** A masked write: the bits set in {@code v[mask..]} from {@code v[data..]}, the others kept. */
    public static void memWriteMasked(long[] mem, int width, int depth, long[] v, int enable, int addr, int data, int mask) {
        long x = v[addr];
        if (v[enable] != 0 && x >= 0 && x < depth) {
            int n = words(width);
            int at = (int) x * n;
            for (int i = 0; i < n; i++) {
                long m = v[mask + i];
                mem[at + i] = (mem[at + i] & ~m) | (v[data + i] & m);
            }
        }
    }

    /** The operand extended to {@code w} bits as an unsigned BigInteger. */
    public static BigInteger big(long[] v, int a, int aw, boolean as, int w) {
        int n = words(w);
        BigInteger r = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            long x = word(v, a, aw, as, i);
            BigInteger b = BigInteger.valueOf(x & Long.MAX_VALUE);
            if (x < 0) {
                b = b.setBit(63);
            }
            r = r.shiftLeft(64).or(b);
        }
        return r.and(BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE));
    }

    public static void store(long[] v, int dst, int w, BigInteger x) {
        int n = words(w);
        for (int i = 0; i < n; i++) {
            v[dst + i] = x.shiftRight(64 * i).longValue();
        }
        top(v, dst, w);
    }
}
