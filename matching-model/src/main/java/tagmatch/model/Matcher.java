package tagmatch.model;

/**
 * A matching engine for one receiving rank: the reference or one of the seeds' strategies.
 * Each call either returns a {@link Result} or, for bad input, throws
 * {@link IllegalArgumentException} with a message naming the bad field and changes nothing.
 */
public interface Matcher {
    /** A short stable name, e.g. {@code "reference"}, {@code "linked-list"}. */
    String name();

    /** Posts a receive: takes the earliest arrived matching unexpected message, else stores it. */
    Result post(Event.Post receive);

    /** A message arrives: takes the earliest posted matching receive, else stores it. */
    Result arrive(Event.Arrive message);

    /** Closes a block of arrivals; only block-aware strategies (optimistic matching) care. */
    default void endBlock() {}

    /**
     * The costs this matcher has accumulated so far (entries inspected, depths, conflicts...).
     * Matchers that count nothing return a fresh, empty {@link Costs}.
     */
    default Costs costs() {
        return new Costs();
    }

    /** Runs one event; {@link Event.BlockEnd} returns {@code null}. */
    default Result apply(Event event) {
        if (event == null) throw new IllegalArgumentException("event must not be null");
        if (event instanceof Event.Post p) return post(p);
        if (event instanceof Event.Arrive a) return arrive(a);
        endBlock();
        return null;
    }
}
