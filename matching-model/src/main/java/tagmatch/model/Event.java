package tagmatch.model;

/**
 * One step of a matching workload, as seen by one receiving rank: a receive is posted, or a
 * message arrives. {@link BlockEnd} closes a block of arrivals that an optimistic matcher may
 * process in parallel (seed 000); posts never fall inside a block. Consumers that do not care
 * about blocks ignore it.
 *
 * <p>Every matcher, the ALPU benches and the firmware benches consume this one type.
 */
public sealed interface Event permits Event.Post, Event.Arrive, Event.BlockEnd {

    /** A receive posted with {@code source} and {@code tag}, each a value {@code >= 0} or the wildcard -1. */
    record Post(long id, int comm, int source, int tag) implements Event {}

    /** A message from {@code source} with {@code tag}; messages never carry wildcards. */
    record Arrive(long id, int comm, int source, int tag) implements Event {}

    /** End of a block of arrivals. */
    record BlockEnd() implements Event {}
}
