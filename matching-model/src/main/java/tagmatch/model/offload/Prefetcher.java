package tagmatch.model.offload;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Outcome;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;

/**
 * Seed 003 §5.3's decision to prefetch an unexpected rendezvous message (Fig. 7b): when its RTS
 * finds no receive, software asks the memory pool for a free slot and, if one is free and the
 * history of past prefetches allows it, reads the data into the slot at once, so the sender is not
 * held up by a late receiver. The read takes α·bytes + β ({@link OffloadSettings#rendezvousCostNs}).
 * A prefetch is <em>useful</em> when the receive is posted after the read is done (the receiver
 * copies from the slot), <em>useless</em> when it is posted before (the receiver waits for the read
 * anyway). The slot is free again once both have happened.
 *
 * <p>The paper does not say how a history that stopped prefetching starts again. Here a message
 * declined by the history still adds the outcome its prefetch would have had (known when its
 * receive is posted), so a receiver that becomes late again is prefetched again; messages refused
 * for want of a slot or too large for one add nothing. Which messages are unexpected does not
 * depend on the offload policy (every engine matches as the reference does), so the decision runs
 * over the reference's answers ({@link #run}).
 */
public final class Prefetcher {
    /** What was decided for an unexpected rendezvous message still waiting for its receive. */
    private record Waiting(boolean prefetched, long doneNanos) {}

    private final OffloadSettings offload;
    private final PrefetchSettings settings;
    private final PrefetchHistory history;
    private final Map<Long, Waiting> waiting = new HashMap<>();
    /** When slots of taken prefetches whose read was still running become free. */
    private final PriorityQueue<Long> releases = new PriorityQueue<>();
    private int slotsInUse;
    private long unexpectedRendezvous;
    private long prefetched;
    private long useful;
    private long useless;
    private long noSlot;
    private long tooLarge;
    private long declined;

    public Prefetcher(OffloadSettings offload, PrefetchSettings settings) {
        if (offload == null || settings == null) throw new IllegalArgumentException("offload and prefetch settings must not be null");
        this.offload = offload;
        this.settings = settings;
        this.history = new PrefetchHistory(settings.historyLength());
    }

    /**
     * Message {@code messageId} of {@code bytes} found no receive at {@code arrivalNanos}; returns
     * whether it is prefetched. Messages below the rendezvous threshold are sent eagerly and ignored.
     */
    public boolean unexpected(long messageId, long bytes, long arrivalNanos) {
        if (bytes < 0 || bytes < offload.rndvThreshold()) return false;
        unexpectedRendezvous++;
        while (!releases.isEmpty() && releases.peek() <= arrivalNanos) {
            releases.poll();
            slotsInUse--;
        }
        long done = arrivalNanos + (long) Math.ceil(offload.rendezvousCostNs(bytes));
        if (bytes > settings.slotBytes()) {
            tooLarge++;
            return false;
        }
        if (slotsInUse >= settings.poolSlots()) {
            noSlot++;
            return false;
        }
        if (!history.allows(settings.minUsefulShare())) {
            declined++;
            waiting.put(messageId, new Waiting(false, done));
            return false;
        }
        slotsInUse++;
        prefetched++;
        waiting.put(messageId, new Waiting(true, done));
        return true;
    }

    /** The receive that takes unexpected message {@code messageId} was posted at {@code postNanos}. */
    public void taken(long messageId, long postNanos) {
        Waiting w = waiting.remove(messageId);
        if (w == null) return;
        boolean wasUseful = postNanos >= w.doneNanos();
        history.record(wasUseful);
        if (!w.prefetched()) return;
        if (wasUseful) {
            useful++;
            slotsInUse--;
        } else {
            useless++;
            releases.add(w.doneNanos());
        }
    }

    /**
     * Runs the decision over {@code workload}, whose events are in time order: its unexpected
     * messages are those the reference stores.
     */
    public static Prefetcher run(SizedWorkload workload, OffloadSettings offload, PrefetchSettings settings) {
        Prefetcher p = new Prefetcher(offload, settings);
        ReferenceMatcher reference = new ReferenceMatcher(Capacities.UNBOUNDED);
        Set<Long> stored = new HashSet<>();
        for (Event e : workload.events()) {
            Result r = reference.apply(e);
            if (e instanceof Event.Arrive a && r.outcome() == Outcome.UNEXPECTED) {
                Transfer t = workload.transfers().of(a.id());
                p.unexpected(a.id(), t.bytes(), t.timeNanos());
                stored.add(a.id());
            } else if (e instanceof Event.Post post && r.outcome() == Outcome.MATCHED && stored.remove(r.partner())) {
                p.taken(r.partner(), workload.transfers().of(post.id()).timeNanos());
            }
        }
        return p;
    }

    /** What was decided so far; a prefetch counts as useful or useless once its receive is posted. */
    public PrefetchCounts counts() {
        return new PrefetchCounts(unexpectedRendezvous, prefetched, useful, useless, noSlot, tooLarge, declined);
    }

    /** Every count by a stable name, in a stable order. */
    public Map<String, Long> summary() {
        return counts().summary();
    }

    @Override
    public String toString() {
        return summary().toString();
    }
}
