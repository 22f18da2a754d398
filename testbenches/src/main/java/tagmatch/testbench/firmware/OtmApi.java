package tagmatch.testbench.firmware;

import com.sun.jna.Pointer;

/** The contract's C API as seen from Java; one implementation class per loaded library. */
public interface OtmApi {
    long ctxBytes();

    int init(Pointer ctx);

    int postRecv(Pointer ctx, int src, int tag, long recvId, long[] out);

    /** Bytes of an {@code otm_claim}. */
    int CLAIM_BYTES = 16;

    /** otm_post_claim: true when the common post's place was taken into {@code claim} ({@link #CLAIM_BYTES} bytes). */
    boolean postClaim(Pointer ctx, int src, int tag, Pointer claim);

    /** otm_post_link: stores the receive claimed in {@code claim} with {@code src} and {@code tag}. */
    void postLink(Pointer ctx, Pointer claim, int src, int tag, long recvId);

    void blockBegin(Pointer ctx, int count);

    int matchMsg(Pointer ctx, int tid, int src, int tag, long msgId, long[] out);

    void blockEnd(Pointer ctx);

    /** otm_hold: while held, a call without partner is refused (OTM_ERR_FULL) and nothing stored. */
    void hold(Pointer ctx, boolean hold);

    /** The number of counters of otm_stats. */
    int STATS = 10;

    /** The counters of otm_stats, in declaration order. */
    long[] stats(Pointer ctx);
}
