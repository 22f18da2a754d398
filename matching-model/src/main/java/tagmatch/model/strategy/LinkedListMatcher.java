package tagmatch.model.strategy;

/**
 * MPICH-style matching: one posted-receive list and one unexpected-message list, appended at the
 * tail and scanned from the head. Satisfies C1 and C2 by construction; every search is O(queue
 * length). The baseline every benchmark ratio is taken against.
 */
public final class LinkedListMatcher extends QueueMatcher {
    private final Chain posted = new Chain(0);
    private final Chain unexpected = new Chain(0);

    public LinkedListMatcher(StrategyOptions options) {
        super(options);
    }

    @Override
    public String name() {
        return "linked-list";
    }

    @Override
    protected Entry takeUnexpected(int comm, int source, int tag) {
        return unexpected.takeMessageFor(comm, source, tag, costs);
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        return posted.takeReceiveFor(comm, source, tag, costs);
    }

    @Override
    protected void storePosted(Entry r) {
        posted.append(r);
    }

    @Override
    protected void storeUnexpected(Entry m) {
        unexpected.append(m);
    }
}
