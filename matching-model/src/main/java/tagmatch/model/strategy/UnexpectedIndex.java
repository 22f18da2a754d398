package tagmatch.model.strategy;

import tagmatch.model.Costs;
import tagmatch.model.Mpi;

/**
 * Seed 000 section IV.C: unexpected messages indexed for the receives that will look for them.
 * Unlike a receive, a message sits in all four indexes at once (link slots 0..3): by (comm,
 * source, tag), by (comm, tag), by (comm, source), and one list in arrival order. A receive
 * searches only the index of its wildcard kind, whose chains keep arrival order, so its first
 * match is the earliest arrived; a match is unlinked from all four.
 */
final class UnexpectedIndex {
    static final int SLOTS = 4;
    private final int bins;
    private final Chain[] exact;
    private final Chain[] byTag;
    private final Chain[] bySource;
    private final Chain all = new Chain(3);

    UnexpectedIndex(int bins) {
        this.bins = bins;
        this.exact = Bins.chains(bins, 0);
        this.byTag = Bins.chains(bins, 1);
        this.bySource = Bins.chains(bins, 2);
    }

    private Chain exactOf(int comm, int source, int tag) { return exact[Bins.of(bins, comm, source, tag)]; }
    private Chain tagOf(int comm, int tag) { return byTag[Bins.of(bins, comm, -1, tag)]; }
    private Chain sourceOf(int comm, int source) { return bySource[Bins.of(bins, comm, source, -1)]; }

    void store(Entry m) {
        exactOf(m.comm, m.source, m.tag).append(m);
        tagOf(m.comm, m.tag).append(m);
        sourceOf(m.comm, m.source).append(m);
        all.append(m);
    }

    /** Finds and unlinks the earliest arrived message the receive matches, or returns null. */
    Entry take(int comm, int source, int tag, Costs costs) {
        Chain c;
        if (source != Mpi.ANY_SOURCE && tag != Mpi.ANY_TAG) c = exactOf(comm, source, tag);
        else if (source == Mpi.ANY_SOURCE && tag != Mpi.ANY_TAG) c = tagOf(comm, tag);
        else if (source != Mpi.ANY_SOURCE) c = sourceOf(comm, source);
        else c = all;
        Entry m = c.firstMessageFor(comm, source, tag, costs);
        if (m != null) {
            exactOf(m.comm, m.source, m.tag).remove(m);
            tagOf(m.comm, m.tag).remove(m);
            sourceOf(m.comm, m.source).remove(m);
            all.remove(m);
        }
        return m;
    }
}
