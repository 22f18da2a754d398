package tagmatch.alpu.model;

/** The four commands of the datasheet ({@code cmd_op}), with their 2-bit codes. */
public enum Op {
    START_INSERT(0), INSERT(1), STOP_INSERT(2), RESET(3);

    public final int code;

    Op(int code) {
        this.code = code;
    }

    public static Op ofCode(int code) {
        if (code < 0 || code > 3) throw new IllegalArgumentException("cmd_op must be in 0..3, got " + code);
        return values()[code];
    }
}
