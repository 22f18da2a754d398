package tagmatch.model.strategy;

import tagmatch.model.Mpi;

/**
 * Seed 004's communication-aware matching: the posted-receive queue and the unexpected-message
 * queue are each split into {@link PartnerQueues partner and non-partner queues}, static (partners
 * from {@link PartnerSettings#staticPartners()}, e.g. a {@link PartnerSettings#profile profile})
 * or dynamic (partners extracted at run time when a non-partner queue exceeds the threshold t).
 * ANY_SOURCE receives go to a separate PRQ_ANY queue; a message searches its source's queues and
 * PRQ_ANY and takes the candidate with the smaller sequence number, and an ANY_SOURCE receive
 * searches every unexpected queue of its communicator for the oldest candidate (seed 004 section 4.4).
 * ANY_TAG needs nothing special: a source's entries stay in one queue in order.
 */
public final class PartnerMatcher extends QueueMatcher {
    private final boolean dynamic;
    private final PartnerQueues posted;
    private final PartnerQueues unexpected;
    private final Chain postedAnySource = new Chain(0);

    public PartnerMatcher(StrategyOptions options, boolean dynamic) {
        super(options);
        this.dynamic = dynamic;
        this.posted = new PartnerQueues(options.partners(), dynamic);
        this.unexpected = new PartnerQueues(options.partners(), dynamic);
    }

    @Override
    public String name() {
        return dynamic ? "partner-dynamic" : "partner-static";
    }

    /** Partner queues of the posted-receive side and of the unexpected side (for reports and tests). */
    public int[] partnerCounts() {
        return new int[] {posted.partnerCount(), unexpected.partnerCount()};
    }

    @Override
    protected Entry takeUnexpected(int comm, int source, int tag) {
        PartnerQueues.Filter f = PartnerQueues.Filter.messageMatchedBy(comm, source, tag);
        Entry m = source == Mpi.ANY_SOURCE ? unexpected.firstAny(comm, costs, f)
                : unexpected.firstFrom(comm, source, costs, f);
        if (m != null) unexpected.remove(m);
        return m;
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        Entry specific = posted.firstFrom(comm, source, costs, PartnerQueues.Filter.receiveMatching(comm, source, tag));
        Entry wild = postedAnySource.firstReceiveFor(comm, source, tag, costs, false);
        Entry r = Chain.older(specific, wild);
        if (r == null) return null;
        if (r == wild) postedAnySource.remove(r); else posted.remove(r);
        return r;
    }

    @Override
    protected void storePosted(Entry r) {
        if (r.source == Mpi.ANY_SOURCE) {
            r.home = postedAnySource;
            postedAnySource.append(r);
        } else {
            posted.store(r);
        }
    }

    @Override
    protected void storeUnexpected(Entry m) {
        unexpected.store(m);
    }
}
