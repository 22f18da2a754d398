package tagmatch.model.strategy;

import tagmatch.model.Capacities;
import tagmatch.model.Costs;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.Matcher;
import tagmatch.model.Result;

/**
 * What every strategy shares: input checks (before anything changes), capacities, the
 * sequence counters (receives are numbered 0, 1, 2... in the order they are stored, messages
 * likewise, so a receive's number is seed 000's post label) and cost bookkeeping. A subclass only says how it finds, stores and removes
 * receives and messages.
 */
abstract class QueueMatcher implements Matcher {
    protected final Capacities capacities;
    protected final InputRules rules;
    protected final Costs costs = new Costs();
    private int postedCount;
    private int unexpectedCount;
    private long postSeq;
    private long arriveSeq;

    QueueMatcher(StrategyOptions options, InputRules rules) {
        this.capacities = options.capacities();
        this.rules = rules;
    }

    QueueMatcher(StrategyOptions options) {
        this(options, options.rules());
    }

    @Override
    public Result post(Event.Post r) {
        rules.checkPost(r);
        beforePost();
        int postedBefore = postedCount;
        int unexpectedBefore = unexpectedCount;
        Result result;
        Entry m = takeUnexpected(r.comm(), r.source(), r.tag());
        if (m != null) {
            unexpectedCount--;
            result = Result.matched(m.id);
        } else if (postedCount >= capacities.posted()) {
            result = Result.FULL;
        } else {
            storePosted(new Entry(r.id(), r.comm(), r.source(), r.tag(), postSeq++, postedSlots()));
            postedCount++;
            result = Result.POSTED;
        }
        costs.endOperation(true, result.outcome(), postedBefore, unexpectedBefore);
        return result;
    }

    @Override
    public Result arrive(Event.Arrive a) {
        rules.checkArrive(a);
        int postedBefore = postedCount;
        int unexpectedBefore = unexpectedCount;
        Result result;
        Entry r = takePosted(a.comm(), a.source(), a.tag());
        if (r != null) {
            postedCount--;
            result = Result.matched(r.id);
        } else if (unexpectedCount >= capacities.unexpected()) {
            result = Result.FULL;
        } else {
            storeUnexpected(new Entry(a.id(), a.comm(), a.source(), a.tag(), arriveSeq++, unexpectedSlots()));
            unexpectedCount++;
            result = Result.UNEXPECTED;
        }
        costs.endOperation(false, result.outcome(), postedBefore, unexpectedBefore);
        afterArrive();
        return result;
    }

    @Override
    public Costs costs() {
        return costs;
    }

    /** Hook before a post's search (the optimistic matcher closes an open block here). */
    protected void beforePost() {}

    /** Hook after an arrival (the optimistic matcher closes a full block here). */
    protected void afterArrive() {}

    /** Link slots a stored receive needs. */
    protected int postedSlots() { return 1; }

    /** Link slots a stored message needs. */
    protected int unexpectedSlots() { return 1; }

    /** Finds and removes the oldest stored message matched by the receive, or returns null. */
    protected abstract Entry takeUnexpected(int comm, int source, int tag);

    /** Finds and removes the oldest stored receive matching the message, or returns null. */
    protected abstract Entry takePosted(int comm, int source, int tag);

    protected abstract void storePosted(Entry r);

    protected abstract void storeUnexpected(Entry m);
}
