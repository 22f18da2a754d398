package tagmatch.testbench.firmware;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * JNA direct mapping of one generated {@code libotm.so}. Direct mapping binds native methods
 * to one class, so {@link OtmLibrary} defines this class afresh in its own class loader for
 * every library it loads; callers only see {@link OtmApi}.
 */
public final class OtmDirect implements OtmApi {
    public static native long otm_ctx_bytes();

    public static native int otm_init(Pointer ctx);

    public static native int otm_post_recv(Pointer ctx, int src, int tag, long recvId, long[] out);

    public static native int otm_post_claim(Pointer ctx, int src, int tag, Pointer claim);

    public static native void otm_post_link(Pointer ctx, Pointer claim, int src, int tag, long recvId);

    public static native void otm_block_begin(Pointer ctx, int count);

    public static native int otm_match_msg(Pointer ctx, int tid, int src, int tag, long msgId, long[] out);

    public static native void otm_block_end(Pointer ctx);

    public static native void otm_get_stats(Pointer ctx, Pointer out);

    public static native void otm_hold(Pointer ctx, int hold);

    @Override public long ctxBytes() { return otm_ctx_bytes(); }
    @Override public int init(Pointer ctx) { return otm_init(ctx); }
    @Override public int postRecv(Pointer ctx, int src, int tag, long recvId, long[] out) {
        return otm_post_recv(ctx, src, tag, recvId, out);
    }
    @Override public boolean postClaim(Pointer ctx, int src, int tag, Pointer claim) { return otm_post_claim(ctx, src, tag, claim) != 0; }
    @Override public void postLink(Pointer ctx, Pointer claim, int src, int tag, long recvId) { otm_post_link(ctx, claim, src, tag, recvId); }
    @Override public void blockBegin(Pointer ctx, int count) { otm_block_begin(ctx, count); }
    @Override public int matchMsg(Pointer ctx, int tid, int src, int tag, long msgId, long[] out) {
        return otm_match_msg(ctx, tid, src, tag, msgId, out);
    }
    @Override public void blockEnd(Pointer ctx) { otm_block_end(ctx); }
    @Override public void hold(Pointer ctx, boolean hold) { otm_hold(ctx, hold ? 1 : 0); }
    @Override public long[] stats(Pointer ctx) {
        try (Memory m = new Memory(STATS * 8L)) {
            otm_get_stats(ctx, m);
            return m.getLongArray(0, STATS);
        }
    }
}
