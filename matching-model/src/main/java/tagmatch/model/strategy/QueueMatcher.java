package tagmatch.model.strategy;

import java.util.function.LongConsumer;
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
    private final Count posted = new Count();
    private final Count unexpected = new Count();

    /** One queue as this class counts it: the entries stored and the number the next one gets. */
    private static final class Count {
        int stored;
        long next;
    }

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
        return operate(true, takeUnexpected(r.comm(), r.source(), r.tag()), unexpected, posted, capacities.posted(),
                seq -> storePosted(new Entry(r.id(), r.comm(), r.source(), r.tag(), seq, postedSlots())), Result.POSTED);
    }

    @Override
    public Result arrive(Event.Arrive a) {
        rules.checkArrive(a);
        Result result = operate(false, takePosted(a.comm(), a.source(), a.tag()), posted, unexpected, capacities.unexpected(),
                seq -> storeUnexpected(new Entry(a.id(), a.comm(), a.source(), a.tag(), seq, unexpectedSlots())), Result.UNEXPECTED);
        afterArrive();
        return result;
    }

    /**
     * The rest of a post or an arrival, one rule seen from either side: {@code found}, taken from
     * {@code other}, is the match; without one the new entry is stored in {@code own} under its
     * next number ({@code stored}), or gets {@link Result#FULL} when {@code own} holds {@code capacity}.
     */
    private Result operate(boolean post, Entry found, Count other, Count own, int capacity, LongConsumer store, Result stored) {
        int postedBefore = posted.stored;
        int unexpectedBefore = unexpected.stored;
        Result result;
        if (found != null) {
            other.stored--;
            result = Result.matched(found.id);
        } else if (own.stored >= capacity) {
            result = Result.FULL;
        } else {
            store.accept(own.next++);
            own.stored++;
            result = stored;
        }
        costs.endOperation(post, result.outcome(), postedBefore, unexpectedBefore);
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
