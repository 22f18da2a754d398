package tagmatch.model;

import java.util.ArrayList;
import java.util.List;

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
        int postedBefore = posted.size();
        int unexpectedBefore = unexpected.size();
        Result result = null;
        costs.binSearched(unexpected.size());
        for (int i = 0; i < unexpected.size(); i++) {
            costs.inspect(1);
            Event.Arrive m = unexpected.get(i);
            if (InputRules.matches(receive, m)) {
                unexpected.remove(i);
                result = Result.matched(m.id());
                break;
            }
        }
        if (result == null) {
            if (posted.size() >= capacities.posted()) {
                result = Result.FULL;
            } else {
                posted.add(receive);
                result = Result.POSTED;
            }
        }
        costs.endOperation(true, result.outcome(), postedBefore, unexpectedBefore);
        return result;
    }

    @Override
    public Result arrive(Event.Arrive message) {
        rules.checkArrive(message);
        int postedBefore = posted.size();
        int unexpectedBefore = unexpected.size();
        Result result = null;
        costs.binSearched(posted.size());
        for (int i = 0; i < posted.size(); i++) {
            costs.inspect(1);
            Event.Post r = posted.get(i);
            if (InputRules.matches(r, message)) {
                posted.remove(i);
                result = Result.matched(r.id());
                break;
            }
        }
        if (result == null) {
            if (unexpected.size() >= capacities.unexpected()) {
                result = Result.FULL;
            } else {
                unexpected.add(message);
                result = Result.UNEXPECTED;
            }
        }
        costs.endOperation(false, result.outcome(), postedBefore, unexpectedBefore);
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
