package tagmatch.alpu.model;

/** The three response kinds of the datasheet ({@code rsp_kind}); code 3 is never legal (R2). */
public enum Kind {
    MATCH_SUCCESS(0), MATCH_FAILURE(1), START_ACK(2);

    public final int code;

    Kind(int code) {
        this.code = code;
    }

    /** The kind for a 2-bit code, or {@code null} for the illegal code 3. */
    public static Kind ofCode(int code) {
        return code >= 0 && code < 3 ? values()[code] : null;
    }
}
