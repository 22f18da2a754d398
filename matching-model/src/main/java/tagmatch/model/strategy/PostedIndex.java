package tagmatch.model.strategy;

import tagmatch.model.Costs;
import tagmatch.model.Mpi;

/**
 * Seed 000 figure 3 / NewMadeleine: posted receives split by the wildcards they use into four
 * indexes, each receive in exactly one: a hash on (comm, source, tag) for no wildcard, a hash on
 * (comm, tag) for ANY_SOURCE, a hash on (comm, source) for ANY_TAG, and one list for both. Within a
 * bin receives stay in posting order; a message looks at one bin of each index and takes the
 * candidate with the smallest post label (C1 across indexes).
 */
final class PostedIndex {
    private final int bins;
    private final Chain[] exact;
    private final Chain[] anySource;
    private final Chain[] anyTag;
    private final Chain both = new Chain(0);

    PostedIndex(int bins) {
        this.bins = bins;
        this.exact = Bins.chains(bins, 0);
        this.anySource = Bins.chains(bins, 0);
        this.anyTag = Bins.chains(bins, 0);
    }

    void store(Entry r) {
        Chain c;
        if (r.source != Mpi.ANY_SOURCE && r.tag != Mpi.ANY_TAG) c = exact[Bins.of(bins, r.comm, r.source, r.tag)];
        else if (r.source == Mpi.ANY_SOURCE && r.tag != Mpi.ANY_TAG) c = anySource[Bins.of(bins, r.comm, -1, r.tag)];
        else if (r.source != Mpi.ANY_SOURCE) c = anyTag[Bins.of(bins, r.comm, r.source, -1)];
        else c = both;
        r.home = c;
        c.append(r);
    }

    /** The earliest posted receive matching the message; {@code skipTaken} hides receives consumed in this block. */
    Entry search(int comm, int source, int tag, Costs costs, boolean skipTaken) {
        Entry best = exact[Bins.of(bins, comm, source, tag)].firstReceiveFor(comm, source, tag, costs, skipTaken);
        best = Chain.older(best, anySource[Bins.of(bins, comm, -1, tag)].firstReceiveFor(comm, source, tag, costs, skipTaken));
        best = Chain.older(best, anyTag[Bins.of(bins, comm, source, -1)].firstReceiveFor(comm, source, tag, costs, skipTaken));
        return Chain.older(best, both.firstReceiveFor(comm, source, tag, costs, skipTaken));
    }

    /** {@link #search}'s receive (taken ones included), unlinked from its index; null when none matches. */
    Entry take(int comm, int source, int tag, Costs costs) {
        Entry r = search(comm, source, tag, costs, false);
        if (r != null) remove(r);
        return r;
    }

    void remove(Entry r) {
        r.home.remove(r);
    }
}
