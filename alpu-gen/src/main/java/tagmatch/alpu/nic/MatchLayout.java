package tagmatch.alpu.nic;

import java.math.BigInteger;

import tagmatch.process.ParameterError;

import tagmatch.model.Event;
import tagmatch.model.Mpi;

/**
 * How an MPI envelope becomes ALPU match bits (datasheet, last section): fields packed most
 * significant first as {@code comm | source | tag}; a receive's ANY_SOURCE / ANY_TAG sets every
 * mask bit of its field. The default is the seed's 10 + 16 + 16 = 42 bits.
 */
public record MatchLayout(int commBits, int sourceBits, int tagBits) {
    public static final MatchLayout DEFAULT = new MatchLayout(10, 16, 16);

    /** The fields' widths, as {@link ParameterError}s of a layout name them. */
    public enum Parameter implements ParameterError.Field {
        COMM_BITS, SOURCE_BITS, TAG_BITS;
    }

    public MatchLayout {
        check(Parameter.COMM_BITS, commBits);
        check(Parameter.SOURCE_BITS, sourceBits);
        check(Parameter.TAG_BITS, tagBits);
    }

    /** Match bits needed: the ALPU's MATCH_W must be at least this. */
    public int width() {
        return commBits + sourceBits + tagBits;
    }

    /** The key of an arriving message (never wildcarded). */
    public BigInteger key(Event.Arrive m) {
        return pack("arrive", m.comm(), m.source(), m.tag());
    }

    /** The key of a posted receive; wildcard fields are 0 here and all-ones in {@link #mask}. */
    public BigInteger key(Event.Post p) {
        return pack("post", p.comm(), p.source() == Mpi.ANY_SOURCE ? 0 : p.source(), p.tag() == Mpi.ANY_TAG ? 0 : p.tag());
    }

    /** The don't-care bits of a posted receive. */
    public BigInteger mask(Event.Post p) {
        BigInteger m = BigInteger.ZERO;
        if (p.source() == Mpi.ANY_SOURCE) m = m.or(ones(sourceBits).shiftLeft(tagBits));
        if (p.tag() == Mpi.ANY_TAG) m = m.or(ones(tagBits));
        return m;
    }

    private BigInteger pack(String what, int comm, int source, int tag) {
        field(what, "comm", comm, commBits);
        field(what, "source", source, sourceBits);
        field(what, "tag", tag, tagBits);
        return BigInteger.valueOf(comm).shiftLeft(sourceBits + tagBits)
                .or(BigInteger.valueOf(source).shiftLeft(tagBits)).or(BigInteger.valueOf(tag));
    }

    private static void field(String what, String name, int value, int bits) {
        if (value < 0 || (bits < 31 && value >= 1 << bits)) {
            throw new IllegalArgumentException(what + "." + name + " = " + value + " does not fit the " + bits
                    + "-bit " + name + " field of the match bits: must be 0.." + ((1L << bits) - 1));
        }
    }

    private static BigInteger ones(int bits) {
        return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    }

    private static void check(Parameter p, int bits) {
        if (bits < 1 || bits > 32) throw new ParameterError(p, "must be in 1..32", bits);
    }
}
