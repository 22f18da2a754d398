package tagmatch.model;

import java.util.ArrayList;
import java.util.List;

/** Helpers to drive any {@link Matcher} with an event stream. */
public final class Matchers {
    private Matchers() {}

    /** Runs every event; returns one result per post or arrival (block ends give none), in order. */
    public static List<Result> run(Matcher matcher, List<Event> events) {
        if (matcher == null) throw new IllegalArgumentException("matcher must not be null");
        if (events == null) throw new IllegalArgumentException("events must not be null");
        List<Result> results = new ArrayList<>(events.size());
        for (Event e : events) {
            Result r = matcher.apply(e);
            if (r != null) results.add(r);
        }
        return results;
    }
}
