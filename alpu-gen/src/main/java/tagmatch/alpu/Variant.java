package tagmatch.alpu;

/** Which MPI queue an ALPU serves; fixes where the mask comes from (datasheet, parameter VARIANT). */
public enum Variant {
    /** Posted-receive queue: each entry stores its mask, given with INSERT ({@code cmd_mask}). */
    PRQ,
    /** Unexpected-message queue: the mask comes with each match request ({@code req_mask}). */
    UMQ;

    /** Default top-level module name for this variant, as the {@code rtl} command names it. */
    public String defaultTop() {
        return this == PRQ ? "alpu_prq" : "alpu_umq";
    }
}
