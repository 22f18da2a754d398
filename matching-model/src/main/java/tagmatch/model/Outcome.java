package tagmatch.model;

/** What a matcher did with one post or arrival. Bad arguments are exceptions, not outcomes. */
public enum Outcome {
    /** A partner was found and removed; {@link Result#partner()} names it. */
    MATCHED,
    /** The receive is stored, waiting for a message. */
    POSTED,
    /** The message is stored, waiting for a receive. */
    UNEXPECTED,
    /** The entry had to be stored but its queue is at capacity: nothing was stored. */
    FULL
}
