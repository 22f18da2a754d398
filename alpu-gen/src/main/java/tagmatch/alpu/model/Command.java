package tagmatch.alpu.model;

import java.math.BigInteger;
import java.util.Objects;

/** A command; only INSERT uses match, mask (PRQ only, else 0) and tag. */
public record Command(Op op, BigInteger match, BigInteger mask, long tag) {
    public Command {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(mask, "mask");
    }

    public static final Command START_INSERT = new Command(Op.START_INSERT, BigInteger.ZERO, BigInteger.ZERO, 0);
    public static final Command STOP_INSERT = new Command(Op.STOP_INSERT, BigInteger.ZERO, BigInteger.ZERO, 0);
    public static final Command RESET = new Command(Op.RESET, BigInteger.ZERO, BigInteger.ZERO, 0);

    public static Command insert(BigInteger match, BigInteger mask, long tag) {
        return new Command(Op.INSERT, match, mask, tag);
    }

    public static Command insert(long match, long mask, long tag) {
        return insert(BigInteger.valueOf(match), BigInteger.valueOf(mask), tag);
    }

    @Override
    public String toString() {
        if (op != Op.INSERT) return op.name();
        return "INSERT(match=0x" + match.toString(16) + (mask.signum() == 0 ? "" : ", mask=0x" + mask.toString(16))
                + ", tag=" + tag + ")";
    }
}
