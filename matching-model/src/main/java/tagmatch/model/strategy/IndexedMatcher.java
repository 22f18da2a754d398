package tagmatch.model.strategy;

/**
 * A matcher on seed 000's four indexes ({@link PostedIndex} for receives by wildcard kind,
 * {@link UnexpectedIndex} for messages in all four). The unexpected side and the storing of
 * receives are the same for every such matcher; how an arrival takes a receive is what sets
 * them apart (in posting order, or booked by a block of threads).
 */
abstract class IndexedMatcher extends QueueMatcher {
    protected final PostedIndex posted;
    protected final UnexpectedIndex unexpected;

    IndexedMatcher(StrategyOptions options) {
        super(options);
        this.posted = new PostedIndex(options.bins());
        this.unexpected = new UnexpectedIndex(options.bins());
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
    protected void storePosted(Entry r) {
        posted.store(r);
    }

    @Override
    protected void storeUnexpected(Entry m) {
        unexpected.store(m);
    }
}
