package tagmatch.trace;

/**
 * One point-to-point operation of one rank, in the communicator's local ranks: a message sent to
 * {@code peer}, or a receive posted for {@code peer} (-1: {@code MPI_ANY_SOURCE}; tag -1:
 * {@code MPI_ANY_TAG}). {@code wallNanos} is the wall time the call entered.
 */
public record P2pOp(boolean send, long wallNanos, int comm, int peer, int tag, int line) {}
