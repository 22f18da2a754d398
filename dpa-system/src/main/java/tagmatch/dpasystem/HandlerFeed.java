package tagmatch.dpasystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import tagmatch.dpa.nic.HostImage;
import tagmatch.dpa.nic.NicOutcome;
import tagmatch.dpa.nic.NicScript;
import tagmatch.dpa.nic.OtmQueues;
import tagmatch.model.Event;
import tagmatch.testbench.firmware.OpResult;
import tagmatch.testbench.firmware.ProgramCosim;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * One workload as the cluster's NIC and host block feed it to the handler: host memory under
 * three memory keys (control: the command ring, the to-host ring and its consumer count, one
 * receive descriptor per post; the receive buffers; the rendezvous senders' buffers) and the
 * block's script, each post a command and each arrival a message carrying its ticket (its place
 * among the workload's posts and arrivals), in ticket order, then a stop. A {@link Pause} after a
 * ticket holds the rest back until its entries are in (an acknowledgement). After the run
 * {@link #readBack} turns the block's log and the host memory read back into the results the
 * host's handler runs write, so that the same checks judge both.
 */
public final class HandlerFeed {
    /** Bytes of every receive buffer and of every rendezvous sender's buffer. */
    public static final int RECV_CAP = 256, RNDV_SPAN = 256;
    /** The memory keys, in the order otm_dpa_cluster.c registers them. */
    public static final int CTL_KEY = 1, RECV_KEY = 2, SENDER_KEY = 3;
    private static final int LOG_WORDS = OtmQueues.TO_HOST_BYTES / 8;

    /**
     * How the block feeds the handler: log2 of the message CQ's depth (also its receive buffers), of
     * the command ring's and of the to-host ring's, and the cycles from one message's due time to the
     * next's (0: as fast as the message CQ drains).
     */
    public record Pace(int msgLog, int cmdLog, int thLog, long gap) {
        public Pace {
            check("msg-log", msgLog, 1, 16);
            check("cmd-log", cmdLog, 1, 16);
            check("th-log", thLog, 0, 16);
            if (gap < 0 || gap > 0xFFFF_FFFFL) throw new IllegalArgumentException("gap must be in 0..2^32-1 cycles, got " + gap);
        }

        /** 256-entry rings (a guess, docs/dpa.md), messages as fast as the handler drains them. */
        public static Pace defaults() {
            return new Pace(8, 8, 8, 0);
        }

        public Pace withGap(long cycles) {
            return new Pace(msgLog, cmdLog, thLog, cycles);
        }

        private static void check(String name, int v, int lo, int hi) {
            if (v < lo || v > hi) throw new IllegalArgumentException(name + " must be in " + lo + ".." + hi + ", got " + v);
        }
    }

    /**
     * After ticket {@code afterTicket} the block waits until the to-host entries of tickets 0 to
     * {@code afterTicket} have been taken; the commands after it go at once (host software's, before
     * it answers), the next message {@code cycles} after the last of them (the answer's way to the
     * sender and back, and the sender's reaction). After ticket -1, before the first, the wait is
     * met at once: it only stamps the block's {@code WAIT_END}, from which a latency is timed.
     */
    public record Pause(long afterTicket, long cycles) {
        public Pause {
            if (afterTicket < -1) throw new IllegalArgumentException("a pause's ticket must be >= -1, got " + afterTicket);
            if (cycles < 0 || cycles > 0xFFFF_FFFFL) throw new IllegalArgumentException("a pause's cycles must be in 0..2^32-1, got " + cycles);
        }
    }

    /** A memory key's host memory: {@code bytes} from host address {@code haddr}. */
    public record Region(long haddr, long bytes) {}

    /** What the block's log and host memory said: the results text, or the first thing missing or misplaced (then text is empty). */
    public record Readback(String results, String problem) {}

    private final List<Event> events;
    private final Pace pace;
    private final HostImage host;
    private final List<Region> keys;
    private final long descBase, recvBase;
    private final int posts, arrivals;
    /** Per ticket: the post's or the arrival's ordinal; whether it is a post; its source and tag. */
    private final int[] ordinal;
    private final boolean[] isPost;
    private final long[] sourceTag;

    public HandlerFeed(List<Event> events, Pace pace) {
        this(events, pace, List.of());
    }

    /**
     * {@code events} at {@code pace}, the posts before its first arrival (the workload's set-up)
     * applied and reported before the first message lands, so that a run's span, which starts at
     * the first message's completion, times the rest alone.
     */
    public static HandlerFeed afterSetup(List<Event> events, Pace pace) {
        int setup = 0;
        while (setup < events.size() && events.get(setup) instanceof Event.Post) setup++;
        boolean both = setup > 0 && setup < events.size();
        return new HandlerFeed(events, pace, both ? List.of(new Pause(setup - 1, 0)) : List.of());
    }

    /**
     * As {@link #HandlerFeed(List, Pace)}, and with {@code pauses} in increasing ticket order, each
     * after a ticket the workload has (or -1) and before its last.
     */
    public HandlerFeed(List<Event> events, Pace pace, List<Pause> pauses) {
        this.events = List.copyOf(events);
        this.pace = pace;
        int p = 0, a = 0, rndv = 0;
        for (Event e : this.events) {
            if (e instanceof Event.Post) p++;
            else if (e instanceof Event.Arrive ar) {
                a++;
                if (WorkloadFile.proto(ar.id()) == OtmQueues.PROTO_RNDV) rndv++;
            }
        }
        posts = p;
        arrivals = a;
        int tickets = p + a;
        long descBytes = round((long) Math.max(1, p) * OtmQueues.RECV_DESC_BYTES), recvBytes = (long) Math.max(1, p) * RECV_CAP,
                senderBytes = (long) Math.max(1, rndv) * RNDV_SPAN;
        host = new HostImage(pace.cmdLog(), pace.thLog(), LOG_WORDS, Math.max(1, tickets), descBytes + recvBytes + senderBytes);
        descBase = host.heap();
        recvBase = descBase + descBytes;
        long senderBase = recvBase + recvBytes;
        keys = List.of(new Region(host.thRing(), descBase + descBytes - host.thRing()), new Region(recvBase, recvBytes),
                new Region(senderBase, senderBytes));

        ordinal = new int[tickets];
        isPost = new boolean[tickets];
        sourceTag = new long[tickets];
        for (int i = 0; i < pauses.size(); i++) {
            long t = pauses.get(i).afterTicket();
            if (t >= tickets - 1 || (i > 0 && t <= pauses.get(i - 1).afterTicket()))
                throw new IllegalArgumentException("pauses must follow tickets in increasing order within -1.." + (tickets - 2) + ", got " + t + " at " + i);
        }
        NicScript s = new NicScript().gap(pace.gap());
        int ticket = 0, post = 0, ord = 0, sender = 0, next = 0;
        long delay = -1;
        if (!pauses.isEmpty() && pauses.get(0).afterTicket() == -1) {
            s.waitTaken(0);
            delay = pauses.get(next++).cycles();
        }
        for (Event e : this.events) {
            if (e instanceof Event.Post po) {
                long buf = recvBase + (long) post * RECV_CAP;
                host.put(descOf(post), OtmQueues.recvDesc(buf, RECV_CAP, RECV_KEY));
                long[] cmd = OtmQueues.post(ticket, po.source(), po.tag(), post, buf, RECV_CAP, RECV_KEY);
                s.command(cmd, OtmQueues.CMD_BYTES);
                isPost[ticket] = true;
                ordinal[ticket] = post++;
                sourceTag[ticket] = cmd[1] >>> 32 | (cmd[2] << 32);
            } else if (e instanceof Event.Arrive ar) {
                int proto = WorkloadFile.proto(ar.id()), len = WorkloadFile.length(ar.id());
                long[] msg;
                if (proto == OtmQueues.PROTO_EAGER) {
                    byte[] payload = new byte[len];
                    for (int k = 0; k < len; k++) payload[k] = ProgramCosim.eagerByte(ord, k);
                    msg = OtmQueues.wireMessage(ticket, ar.source(), ar.tag(), proto, len, 0, 0, payload);
                } else {
                    long raddr = senderBase + (long) sender++ * RNDV_SPAN;
                    byte[] bytes = new byte[RNDV_SPAN];
                    for (int k = 0; k < RNDV_SPAN; k++) bytes[k] = ProgramCosim.senderByte(ord, k);
                    host.put(raddr, words(bytes));
                    msg = OtmQueues.wireMessage(ticket, ar.source(), ar.tag(), proto, Math.min(len, RNDV_SPAN), raddr, SENDER_KEY, new byte[0]);
                }
                if (delay >= 0) s.delay(delay);
                delay = -1;
                s.message(msg, OtmQueues.wireByteCount(proto, len));
                ordinal[ticket] = ord++;
                sourceTag[ticket] = msg[1];
            } else {
                continue;
            }
            if (next < pauses.size() && pauses.get(next).afterTicket() == ticket) {
                s.waitTaken(ticket + 1);
                delay = pauses.get(next++).cycles();
            }
            ticket++;
        }
        s.command(OtmQueues.stop(ticket), OtmQueues.CMD_BYTES);
        host.script(s);
    }

    public Pace pace() { return pace; }

    public List<Event> events() { return events; }

    public HostImage host() { return host; }

    /** The host address of the receives' records, one per post in posting order (a receive's id is its post's ordinal). */
    public long recvRecords() { return descBase; }

    /** The three keys' host memory, in key order. */
    public List<Region> keys() { return keys; }

    /** To-host entries the workload makes: one per post and per arrival. */
    public long entries() { return posts + arrivals; }

    public int posts() { return posts; }

    public int arrivals() { return arrivals; }

    /** The host memory to read back after the run: every receive's descriptor, then every receive buffer. */
    public List<NicOutcome.HostRange> reads() {
        return List.of(new NicOutcome.HostRange(descBase, Math.max(1, posts) * OtmQueues.RECV_DESC_BYTES / 8),
                new NicOutcome.HostRange(recvBase, Math.max(1, posts) * RECV_CAP / 8));
    }

    /**
     * The run's results as the host's handler runs write them: per post and arrival in workload
     * order "status partner-ordinal"; per post "D post kind message-ordinal length fnv" of its
     * buffer; per message handed to host software "O message-ordinal proto length fnv". Before
     * that, every to-host entry must be there once, stamped with its place in the queue, and echo
     * its call's ticket, source and tag; else the first entry that does not is the problem.
     */
    public Readback readBack(NicOutcome o) {
        int tickets = posts + arrivals;
        if (o.taken() != tickets || o.log().size() != tickets)
            return new Readback("", "the NIC took " + o.taken() + " to-host entries (log " + o.log().size() + "), the workload makes " + tickets);
        int[] status = new int[tickets];
        long[] partner = new long[tickets];
        boolean[] seen = new boolean[tickets];
        List<long[]> handed = new ArrayList<>();
        for (int i = 0; i < tickets; i++) {
            long[] w = o.log().get(i);
            OtmQueues.ToHost e = OtmQueues.ToHost.of(w);
            long t = e.msg()[0];
            String where = "to-host entry " + i;
            if (e.stamp() != i + 1) return new Readback("", where + " has stamp " + e.stamp() + ", want " + (i + 1));
            if (t < 0 || t >= tickets || seen[(int) t]) return new Readback("", where + " names ticket " + t + ", unknown or seen before");
            int tk = (int) t;
            seen[tk] = true;
            if (e.msg()[1] != sourceTag[tk]) return new Readback("", where + " (ticket " + t + ") echoes source and tag 0x" + Long.toHexString(e.msg()[1])
                    + ", want 0x" + Long.toHexString(sourceTag[tk]));
            boolean post = e.kind() == OtmQueues.TH_POST;
            if (post != isPost[tk] || (!post && e.kind() != OtmQueues.TH_MSG))
                return new Readback("", where + " (ticket " + t + ") is of kind " + e.kind() + ", want " + (isPost[tk] ? "a post's" : "a message's"));
            long id = post ? ordinal[tk] : t;
            if (e.id() != id) return new Readback("", where + " (ticket " + t + ") has id 0x" + Long.toHexString(e.id()) + ", want 0x" + Long.toHexString(id));
            status[tk] = e.status();
            partner[tk] = -1;
            if (e.status() == OpResult.MATCHED) {
                long p = post ? messageOrdinal(e.partner()) : postOrdinal(e.partner());
                if (p < 0) return new Readback("", where + " (ticket " + t + ") names an unknown partner 0x" + Long.toHexString(e.partner()));
                partner[tk] = p;
            }
            if (!post && e.status() == OpResult.ERR_FULL) handed.add(e.msg());
        }
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < tickets; t++) sb.append(status[t]).append(' ').append(partner[t]).append('\n');
        long[] descs = o.reads().get(reads().get(0)), bufs = o.reads().get(reads().get(1));
        for (int r = 0; r < posts; r++) {
            OtmQueues.Delivered d = OtmQueues.Delivered.of(Arrays.copyOfRange(descs, 4 * r, 4 * r + 4));
            boolean none = d.kind() == 0;
            int len = Math.min(Math.max(d.len(), 0), RECV_CAP);
            byte[] got = bytes(bufs, r * (RECV_CAP / 8), len);
            sb.append("D ").append(r).append(' ').append(none ? '-' : (char) d.kind()).append(' ')
                    .append(none ? -1 : messageOrdinal(d.msgSeq())).append(' ').append(Integer.toUnsignedString(d.len())).append(' ')
                    .append(hex(none ? 0 : ProgramCosim.fnv1a(got))).append('\n');
        }
        for (long[] m : handed) {
            int proto = (int) m[2], len = (int) (m[2] >>> 32);
            byte[] payload = proto == OtmQueues.PROTO_EAGER ? bytes(Arrays.copyOfRange(m, 5, m.length), 0, Math.min(len, OtmQueues.EAGER_MAX)) : new byte[0];
            sb.append("O ").append(messageOrdinal(m[0])).append(' ').append(proto).append(' ').append(len).append(' ')
                    .append(hex(ProgramCosim.fnv1a(payload))).append('\n');
        }
        return new Readback(sb.toString(), null);
    }

    private long descOf(int post) {
        return descBase + (long) post * OtmQueues.RECV_DESC_BYTES;
    }

    /** The post ordinal of receive id {@code id} (the post's ordinal itself), or -1. */
    private long postOrdinal(long id) {
        return id >= 0 && id < posts ? id : -1;
    }

    /** The arrival ordinal of ticket {@code t}, or -1. */
    private long messageOrdinal(long t) {
        return t >= 0 && t < isPost.length && !isPost[(int) t] ? ordinal[(int) t] : -1;
    }

    private static String hex(long v) {
        return HexFormat.of().toHexDigits(v);
    }

    private static long[] words(byte[] b) {
        long[] w = new long[(b.length + 7) / 8];
        for (int i = 0; i < b.length; i++) w[i / 8] |= (b[i] & 0xFFL) << (8 * (i % 8));
        return w;
    }

    private static byte[] bytes(long[] w, int fromWord, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (w[fromWord + i / 8] >>> (8 * (i % 8)));
        return b;
    }

    private static long round(long n) {
        return (n + 63) / 64 * 64;
    }
}
