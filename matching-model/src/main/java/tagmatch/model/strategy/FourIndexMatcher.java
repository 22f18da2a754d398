package tagmatch.model.strategy;

/**
 * NewMadeleine's four-index matching as seed 000 figure 3 bins it: receives in one of four
 * indexes by wildcard kind ({@link PostedIndex}), labelled with their posting order; unexpected
 * messages in all four ({@link UnexpectedIndex}). {@code bins} sets the bins of each hash index
 * (1 bin degenerates to per-kind lists). Costs report the depth of every bin searched, the
 * quantity seed 000 section V plots against bins. An arrival takes the receive of the smallest
 * label; seed 000's optimistic matcher keeps the indexes and takes receives by blocks of threads
 * instead.
 */
public sealed class FourIndexMatcher extends QueueMatcher permits OptimisticMatcher {
    protected final PostedIndex posted;
    protected final UnexpectedIndex unexpected;

    public FourIndexMatcher(StrategyOptions options) {
        super(options);
        this.posted = new PostedIndex(options.bins());
        this.unexpected = new UnexpectedIndex(options.bins());
    }

    @Override
    public String name() {
        return "four-index";
    }

    @Override
    protected int unexpectedSlots() {
        return UnexpectedIndex.SLOTS;
    }

    @Override
    protected Entry takeUnexpected(int comm, int source, int tag) {
        return unexpected.take(comm, source, tag, costs);
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        return posted.take(comm, source, tag, costs);
    }

    @Override
    protected void storePosted(Entry r) {
        posted.store(r);
    }

    @Override
    protected void storeUnexpected(Entry m) {
        unexpected.store(m);
    }
}
