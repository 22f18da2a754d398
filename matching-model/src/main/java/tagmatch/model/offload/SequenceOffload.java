package tagmatch.model.offload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.Mpi;

/**
 * Seed 003 §5.2's trace-based matching: every message and every offloaded receive carries a
 * sequence number per (communicator, peer, tag) in its hardware tag, so the hardware matches the
 * k-th message of a triple only to the receive that MPI gives it, whatever software holds. A
 * receive is offloaded whenever it is a rendezvous receive with a contiguous datatype and room
 * is left, regardless of older receives in software.
 *
 * <p>The number of a new receive of triple t is the number of t's messages arrived so far plus
 * its receives still waiting: each of those takes one message of t before it (MPI's order). That
 * count is exact unless an older wildcard receive may take a message of t first, which no number
 * can foresee: a wildcard receive therefore stays in software, and while one that could match t
 * waits, receives of t stay in software too (the paper's design assumes specific receives).
 */
public class SequenceOffload extends OffloadEngine {
    private record Triple(int comm, int source, int tag) {}

    private final Map<Triple, Long> arrived = new HashMap<>();
    private final Map<Triple, Integer> waitingSpecific = new HashMap<>();
    private final List<Pending> waitingWildcards = new ArrayList<>();
    /** The sequence number of the message being matched. */
    private long arrivingSeq;

    public SequenceOffload(OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers) {
        this(OffloadPolicy.SEQNUM, settings, capacities, rules, transfers);
    }

    /** For a policy that refines this one's sequence numbers ({@link AdaptiveOffload}). */
    protected SequenceOffload(OffloadPolicy policy, OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers) {
        super(policy, settings, capacities, rules, transfers);
    }

    private static boolean wildcard(Event.Post p) {
        return p.source() == Mpi.ANY_SOURCE || p.tag() == Mpi.ANY_TAG;
    }

    private static Triple triple(Event.Post p) {
        return new Triple(p.comm(), p.source(), p.tag());
    }

    @Override
    protected boolean admits(Pending r) {
        if (!r.offloadable || wildcard(r.post)) return false;
        for (Pending w : waitingWildcards) {
            if (InputRules.matches(w.post.comm(), w.post.source(), w.post.tag(), r.post.comm(), r.post.source(), r.post.tag())) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected void posted(Pending r, boolean offloaded, boolean cancelled) {
        if (!r.stored) return;
        if (wildcard(r.post)) {
            waitingWildcards.add(r);
            return;
        }
        Triple t = triple(r.post);
        int waiting = waitingSpecific.getOrDefault(t, 0);
        if (r.inHardware) r.seq = arrived.getOrDefault(t, 0L) + waiting;
        waitingSpecific.put(t, waiting + 1);
    }

    @Override
    protected void arriving(Event.Arrive m) {
        Triple t = new Triple(m.comm(), m.source(), m.tag());
        arrivingSeq = arrived.getOrDefault(t, 0L);
        arrived.put(t, arrivingSeq + 1);
    }

    @Override
    protected boolean hardwareMatches(Pending r, Event.Arrive m) {
        return r.seq == arrivingSeq && super.hardwareMatches(r, m);
    }

    @Override
    protected void matched(Pending r, Event.Arrive m, long arrivalNanos) {
        if (!r.stored) return;
        if (wildcard(r.post)) {
            waitingWildcards.remove(r);
            return;
        }
        waitingSpecific.merge(triple(r.post), -1, Integer::sum);
    }
}
