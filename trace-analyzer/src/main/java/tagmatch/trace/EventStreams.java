package tagmatch.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tagmatch.model.Event;

/**
 * From the ranks of one trace to one {@link Event} stream per receiving rank and communicator.
 *
 * <p><b>The approximation.</b> A trace records when each call entered, not when a message
 * reached the receiver's matching engine. So: a receive is posted when its call
 * ({@code MPI_Recv}, {@code MPI_Irecv}, {@code MPI_Sendrecv}, {@code MPI_Start} of a
 * {@code MPI_Recv_init}) entered, in program order; a message arrives when its send call
 * entered at the sender, i.e. transfer time is taken as zero and the ranks' wall clocks as
 * synchronised (true for ranks on one machine, as with tracer/; skewed clocks across nodes shift
 * arrivals). Arrivals are ordered by that send time; equal times by sender rank, and one
 * sender's messages keep their program order (MPI's non-overtaking rule). Posts and arrivals
 * are merged by time, a post first on a tie. A {@link Event.BlockEnd} closes every run of
 * consecutive arrivals: the arrivals an optimistic matcher could take as one block.
 *
 * <p>Each post and arrival carries its {@link RankLog#transfer transfer}: the receive's buffer or
 * the message's size and layout, and its call's time (the sender's for an arrival).
 *
 * <p>Event ids count from 0 in stream order. Sends to {@code MPI_PROC_NULL} are left out;
 * sends on a communicator whose members are unknown (see {@link Communicators}), to a rank
 * outside it, or whose handle means other members at the receiver, are counted as unresolved
 * and left out.
 */
public final class EventStreams {
    /** The streams, ordered by rank then communicator, and what could not be placed. */
    public record Conversion(List<EventStream> streams, long unresolvedSends) {}

    private record Timed(long time, int sender, int seq, Event event, tagmatch.model.offload.Transfer transfer) {}

    private EventStreams() {}

    public static Conversion build(List<RankLog> logs) {
        Communicators comms = new Communicators(logs);
        Map<Long, List<Timed>> arrivals = new TreeMap<>();
        Map<Long, List<Timed>> posts = new TreeMap<>();
        long unresolved = 0;
        for (RankLog log : logs) {
            int seq = 0;
            for (P2pOp op : log.ops()) {
                seq++;
                if (!op.send()) {
                    posts.computeIfAbsent(key(log.rank(), op.comm()), k -> new ArrayList<>())
                            .add(new Timed(op.wallNanos(), log.rank(), seq, new Event.Post(0, op.comm(), op.peer(), op.tag()), log.transfer(op)));
                    continue;
                }
                int[] members = comms.members(log.rank(), op.comm());
                int self = members == null ? -1 : indexOf(members, log.rank());
                if (members == null || self < 0 || op.peer() >= members.length) {
                    unresolved++;
                    continue;
                }
                int receiver = members[op.peer()];
                if (!java.util.Arrays.equals(members, comms.members(receiver, op.comm()))) {
                    unresolved++; // the receiver numbers this communicator differently: no safe stream to put it in
                    continue;
                }
                arrivals.computeIfAbsent(key(receiver, op.comm()), k -> new ArrayList<>())
                        .add(new Timed(op.wallNanos(), log.rank(), seq, new Event.Arrive(0, op.comm(), self, op.tag()), log.transfer(op)));
            }
        }
        TreeMap<Long, Boolean> keys = new TreeMap<>();
        for (Long k : posts.keySet()) keys.put(k, true);
        for (Long k : arrivals.keySet()) keys.put(k, true);
        List<EventStream> streams = new ArrayList<>();
        for (Long k : keys.keySet()) {
            List<Timed> a = arrivals.getOrDefault(k, new ArrayList<>());
            a.sort(Comparator.comparingLong(Timed::time).thenComparingInt(Timed::sender).thenComparingInt(Timed::seq));
            List<tagmatch.model.offload.Transfer> transfers = new ArrayList<>();
            List<Event> events = merge(posts.getOrDefault(k, List.of()), a, transfers);
            streams.add(new EventStream((int) (k >> 32), (int) (long) k, events, transfers));
        }
        return new Conversion(streams, unresolved);
    }

    /** Receiver rank in the high half, communicator handle in the low half: sorts by rank, then handle. */
    private static long key(int rank, int comm) {
        return ((long) rank << 32) | (comm & 0xffffffffL);
    }

    /** Merges by time; {@code transfers} receives each post's and arrival's transfer in id order. */
    private static List<Event> merge(List<Timed> posts, List<Timed> arrivals, List<tagmatch.model.offload.Transfer> transfers) {
        List<Event> out = new ArrayList<>(posts.size() + arrivals.size() + 16);
        int p = 0, a = 0;
        long id = 0;
        boolean inBlock = false;
        while (p < posts.size() || a < arrivals.size()) {
            boolean takePost = a == arrivals.size() || p < posts.size() && posts.get(p).time() <= arrivals.get(a).time();
            if (takePost) {
                if (inBlock) out.add(new Event.BlockEnd());
                inBlock = false;
                Timed t = posts.get(p++);
                Event.Post e = (Event.Post) t.event();
                out.add(new Event.Post(id++, e.comm(), e.source(), e.tag()));
                transfers.add(t.transfer());
            } else {
                inBlock = true;
                Timed t = arrivals.get(a++);
                Event.Arrive e = (Event.Arrive) t.event();
                out.add(new Event.Arrive(id++, e.comm(), e.source(), e.tag()));
                transfers.add(t.transfer());
            }
        }
        if (inBlock) out.add(new Event.BlockEnd());
        return out;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) if (a[i] == v) return i;
        return -1;
    }
}
