package tagmatch.dpa.nic;

import java.util.Arrays;

/**
 * The DPA handler's queue formats ({@code otm_dpa_handler.h} of the generated firmware) as 64-bit
 * little-endian words: what the NIC lands ({@code otm_wire_msg}, {@code otm_cmd_entry}), a
 * receive's record in host memory ({@code otm_recv_desc}) and what it takes ({@code otm_to_host}).
 */
public final class OtmQueues {
    private OtmQueues() {}

    /** {@code OTM_EAGER_MAX}: the largest eager payload. */
    public static final int EAGER_MAX = 64;
    public static final int PROTO_EAGER = 0, PROTO_RNDV = 1;
    public static final int CMD_POST = 1, CMD_STOP = 2;
    public static final int TH_POST = 1, TH_MSG = 2;
    /** Bytes of otm_wire_hdr, otm_wire_msg, otm_cmd_entry, otm_recv_desc, otm_to_host. */
    public static final int WIRE_HDR_BYTES = 40, WIRE_MSG_BYTES = WIRE_HDR_BYTES + EAGER_MAX, CMD_BYTES = 48, RECV_DESC_BYTES = 32,
            TO_HOST_BYTES = 32 + WIRE_MSG_BYTES;

    /**
     * A message as the NIC lands it in a receive buffer. Eager: {@code payload} holds the bytes
     * ({@code len} of them, at most {@link #EAGER_MAX}); rendezvous: the sender's buffer is at host
     * address {@code raddr} under key {@code rkey}, {@code len} bytes, and {@code payload} is empty.
     */
    public static long[] wireMessage(long seq, int src, int tag, int proto, int len, long raddr, int rkey, byte[] payload) {
        if (proto == PROTO_EAGER && (len > EAGER_MAX || payload.length < len))
            throw new IllegalArgumentException("an eager payload must be 0.." + EAGER_MAX + " bytes and given whole, got len " + len
                    + " with " + payload.length + " bytes");
        long[] w = new long[WIRE_MSG_BYTES / 8];
        w[0] = seq;
        w[1] = pair(src, tag);
        w[2] = pair(proto, len);
        w[3] = raddr;
        w[4] = rkey & 0xFFFF_FFFFL;
        if (proto == PROTO_EAGER) for (int i = 0; i < len; i++) w[5 + i / 8] |= (payload[i] & 0xFFL) << (8 * (i % 8));
        return w;
    }

    /** The completion's byte_cnt for a message, as the host rig gives it: the header, and an eager payload. */
    public static int wireByteCount(int proto, int len) {
        return WIRE_HDR_BYTES + (proto == PROTO_EAGER ? len : 0);
    }

    /**
     * Host command: post receive {@code recv} (its id, an index into the DPA's descriptors) as ticket
     * {@code seq}, with its user buffer (host address), capacity and key inline.
     */
    public static long[] post(long seq, int src, int tag, long recv, long buf, int cap, int mkey) {
        return new long[] {seq, pair(CMD_POST, src), tag & 0xFFFF_FFFFL, recv, buf, pair(cap, mkey)};
    }

    /** Host command: stop, as ticket {@code seq}. */
    public static long[] stop(long seq) {
        return new long[] {seq, CMD_STOP, 0, 0, 0, 0};
    }

    /** A receive's record in host memory before the handler completes it: user buffer (host address), capacity, key. */
    public static long[] recvDesc(long buf, int cap, int mkey) {
        return new long[] {buf, pair(cap, mkey), 0, 0};
    }

    /** A delivered receive's descriptor as the handler leaves it. */
    public record Delivered(long buf, int cap, int mkey, long msgSeq, int len, int kind) {
        public static Delivered of(long[] w) {
            return new Delivered(w[0], (int) w[1], (int) (w[1] >>> 32), w[2], (int) w[3], (int) (w[3] >>> 32));
        }
    }

    /**
     * A to-host entry: {@code kind} {@link #TH_POST} (id = receive, partner = message seq) or
     * {@link #TH_MSG} (id = message seq, partner = receive); {@code msg} the message's words when the
     * handler handed it over whole (empty when the log keeps fewer words).
     */
    public record ToHost(long stamp, int kind, int status, long id, long partner, long[] msg) {
        /** Decodes the first words of an otm_to_host (at least 4). */
        public static ToHost of(long[] w) {
            if (w.length < 4) throw new IllegalArgumentException("a to-host entry needs its first 4 words, got " + w.length);
            return new ToHost(w[0], (int) w[1], (int) (w[1] >>> 32), w[2], w[3], Arrays.copyOfRange(w, 4, w.length));
        }
    }

    private static long pair(int lo, int hi) {
        return (lo & 0xFFFF_FFFFL) | (long) hi << 32;
    }
}
