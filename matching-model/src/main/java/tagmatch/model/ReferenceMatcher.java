package tagmatch.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * The judge: MPI matching of seed 000 section III written as plainly as possible. Two lists in
 * arrival/posting order, scanned from the front. A message takes the earliest posted matching
 * receive (C1); since unexpected messages are kept in arrival order and a receive takes the
 * earliest matching one, messages from one sender match in order (C2). A receive or message that
 * must be stored while its queue is at capacity gets {@link Result#FULL} and is not stored.
 * Every co-simulation compares against this class, so it favours obviousness over speed.
 */
public final class ReferenceMatcher implements Matcher {
    private final Capacities capacities;
    private final InputRules rules;
    private final List<Event.Post> posted = new ArrayList<>();
    private final List<Event.Arrive> unexpected = new ArrayList<>();
    private final Costs costs = new Costs();

    public ReferenceMatcher(Capacities capacities) {
        this(capacities, InputRules.DEFAULT);
    }

    public ReferenceMatcher(Capacities capacities, InputRules rules) {
        if (capacities == null) throw new IllegalArgumentException("capacities must not be null");
        if (rules == null) throw new IllegalArgumentException("rules must not be null");
        this.capacities = capacities;
        this.rules = rules;
    }

    @Override
    public String name() {
        return "reference";
    }

    @Override
    public Result post(Event.Post receive) {
        rules.checkPost(receive);
        return operate(true, unexpected, m -> InputRules.matches(receive, m), Event.Arrive::id, posted, capacities.posted(), receive,
                Result.POSTED);
    }

    @Override
    public Result arrive(Event.Arrive message) {
        rules.checkArrive(message);
        return operate(false, posted, r -> InputRules.matches(r, message), Event.Post::id, unexpected, capacities.unexpected(), message,
                Result.UNEXPECTED);
    }

    /**
     * A post or an arrival, which are one rule seen from either side: the earliest entry of
     * {@code other} that matches is taken; with none, {@code item} joins the end of {@code own}
     * ({@code stored}), or gets {@link Result#FULL} when {@code own} already holds {@code capacity}.
     */
    private <O, S> Result operate(boolean post, List<O> other, Predicate<O> matches, ToLongFunction<O> id, List<S> own, int capacity,
                                  S item, Result stored) {
        int postedBefore = posted.size();
        int unexpectedBefore = unexpected.size();
        Result result = null;
        costs.binSearched(other.size());
        for (int i = 0; i < other.size(); i++) {
            costs.inspect(1);
            O candidate = other.get(i);
            if (matches.test(candidate)) {
                other.remove(i);
                result = Result.matched(id.applyAsLong(candidate));
                break;
            }
        }
        if (result == null) {
            if (own.size() >= capacity) {
                result = Result.FULL;
            } else {
                own.add(item);
                result = stored;
            }
        }
        costs.endOperation(post, result.outcome(), postedBefore, unexpectedBefore);
        return result;
    }

    /** Posted receives still waiting, oldest first (a copy). */
    public List<Event.Post> postedQueue() {
        return List.copyOf(posted);
    }

    /** Unexpected messages still waiting, oldest first (a copy). */
    public List<Event.Arrive> unexpectedQueue() {
        return List.copyOf(unexpected);
    }

    @Override
    public Costs costs() {
        return costs;
    }
}
