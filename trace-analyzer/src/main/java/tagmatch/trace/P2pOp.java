package tagmatch.trace;

/**
 * One point-to-point operation of one rank, in the communicator's local ranks: a message sent to
 * {@code peer}, or a receive posted for {@code peer} (-1: {@code MPI_ANY_SOURCE}; tag -1:
 * {@code MPI_ANY_TAG}). {@code wallNanos} is the wall time the call entered. {@code count} and
 * {@code datatype} (DUMPI's id) are the call's; {@code bytes} and {@code layout} are what the
 * tracer measured (-1 and {@link #LAYOUT_UNKNOWN} in traces written before it recorded them):
 * {@link RankLog#transfer} resolves them.
 */
public record P2pOp(boolean send, long wallNanos, int comm, int peer, int tag, int line, long count, int datatype, long bytes,
                    byte layout) {
    public static final byte LAYOUT_UNKNOWN = -1;
    public static final byte NONCONTIGUOUS = 0;
    public static final byte CONTIGUOUS = 1;

    /** The same operation started at {@code time} (a persistent request's {@code MPI_Start}). */
    P2pOp startedAt(long time, int startLine) {
        return new P2pOp(send, time, comm, peer, tag, startLine, count, datatype, bytes, layout);
    }
}
