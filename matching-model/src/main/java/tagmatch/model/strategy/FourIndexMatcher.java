package tagmatch.model.strategy;

/**
 * NewMadeleine's four-index matching as seed 000 figure 3 bins it: receives in one of four
 * indexes by wildcard kind, labelled with their posting order; unexpected messages in all four.
 * {@code bins} sets the bins of each hash index (1 bin degenerates to per-kind lists). Costs
 * report the depth of every bin searched, the quantity seed 000 section V plots against bins.
 */
public final class FourIndexMatcher extends IndexedMatcher {
    public FourIndexMatcher(StrategyOptions options) {
        super(options);
    }

    @Override
    public String name() {
        return "four-index";
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        Entry r = posted.search(comm, source, tag, costs, false);
        if (r != null) posted.remove(r);
        return r;
    }
}
