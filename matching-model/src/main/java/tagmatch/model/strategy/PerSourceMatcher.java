package tagmatch.model.strategy;

import java.util.HashMap;
import java.util.Map;
import tagmatch.model.Mpi;

/**
 * Open MPI-style matching: receives and messages are kept in one queue per (communicator, source);
 * ANY_SOURCE receives go to one wildcard queue. A message searches its source's queue and the
 * wildcard queue and takes the older candidate by post label (C1 across queues). A receive with
 * a specific source searches only that source's unexpected queue; an ANY_SOURCE receive searches
 * every source queue of its communicator and takes the earliest arrived candidate.
 */
public final class PerSourceMatcher extends QueueMatcher {
    private final Map<Long, Chain> postedBySource = new HashMap<>();
    private final Chain postedAnySource = new Chain(0);
    private final Map<Integer, Map<Integer, Chain>> unexpectedByComm = new HashMap<>();

    public PerSourceMatcher(StrategyOptions options) {
        super(options);
    }

    @Override
    public String name() {
        return "per-source";
    }

    private static long key(int comm, int source) {
        return ((long) comm << 32) | (source & 0xffffffffL);
    }

    @Override
    protected Entry takeUnexpected(int comm, int source, int tag) {
        Map<Integer, Chain> bySource = unexpectedByComm.get(comm);
        if (bySource == null) {
            costs.binSearched(0);
            return null;
        }
        Entry best = null;
        if (source != Mpi.ANY_SOURCE) {
            Chain q = bySource.get(source);
            if (q != null) best = q.firstMessageFor(comm, source, tag, costs);
            else costs.binSearched(0);
        } else {
            for (Chain q : bySource.values()) best = Chain.older(best, q.firstMessageFor(comm, source, tag, costs));
        }
        if (best != null) {
            Chain q = best.home;
            q.remove(best);
            if (q.size == 0) bySource.remove(best.source);
            if (bySource.isEmpty()) unexpectedByComm.remove(comm);
        }
        return best;
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        Chain q = postedBySource.get(key(comm, source));
        Entry specific = q == null ? null : q.firstReceiveFor(comm, source, tag, costs, false);
        if (q == null) costs.binSearched(0);
        Entry wild = postedAnySource.firstReceiveFor(comm, source, tag, costs, false);
        Entry best = Chain.older(specific, wild);
        if (best != null) {
            best.home.remove(best);
            if (best.home != postedAnySource && best.home.size == 0) postedBySource.remove(key(comm, source));
        }
        return best;
    }

    @Override
    protected void storePosted(Entry r) {
        Chain q = r.source == Mpi.ANY_SOURCE ? postedAnySource
                : postedBySource.computeIfAbsent(key(r.comm, r.source), k -> new Chain(0));
        r.home = q;
        q.append(r);
    }

    @Override
    protected void storeUnexpected(Entry m) {
        Chain q = unexpectedByComm.computeIfAbsent(m.comm, c -> new HashMap<>())
                .computeIfAbsent(m.source, s -> new Chain(0));
        m.home = q;
        q.append(m);
    }
}
