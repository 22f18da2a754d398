package tagmatch.testbench.firmware;

import com.sun.jna.Pointer;

/** The contract's C API as seen from Java; one implementation class per loaded library. */
public interface OtmApi {
    long ctxBytes();

    int init(Pointer ctx);

    int postRecv(Pointer ctx, int src, int tag, long recvId, long[] out);

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
