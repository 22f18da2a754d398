package tagmatch.testbench.firmware;

import tagmatch.model.Result;

/**
 * The answer to one post or arrival in the C API's terms: an {@code otm_status} code
 * (1 MATCHED, 2 POSTED, 3 UNEXPECTED, -1 ERR_FULL, -2 ERR_ARG) and the partner id (-1 unless matched).
 */
public record OpResult(int status, long partner) {
    public static final int MATCHED = 1;
    public static final int POSTED = 2;
    public static final int UNEXPECTED = 3;
    public static final int ERR_FULL = -1;
    public static final int ERR_ARG = -2;

    public static final OpResult ARG = new OpResult(ERR_ARG, -1);

    /** The reference's result mapped to the C status. */
    public static OpResult of(Result r) {
        switch (r.outcome()) {
            case MATCHED: return new OpResult(MATCHED, r.partner());
            case POSTED: return new OpResult(POSTED, -1);
            case UNEXPECTED: return new OpResult(UNEXPECTED, -1);
            case FULL: return new OpResult(ERR_FULL, -1);
            default: throw new IllegalStateException("unknown outcome " + r.outcome());
        }
    }

    @Override
    public String toString() {
        switch (status) {
            case MATCHED: return "MATCHED(" + partner + ")";
            case POSTED: return "POSTED";
            case UNEXPECTED: return "UNEXPECTED";
            case ERR_FULL: return "ERR_FULL";
            case ERR_ARG: return "ERR_ARG";
            default: return "status " + status;
        }
    }
}
