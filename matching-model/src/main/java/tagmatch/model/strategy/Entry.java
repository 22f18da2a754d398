package tagmatch.model.strategy;

/**
 * One stored receive or message. It can sit in several {@link Chain chains} at once (an
 * unexpected message of the four-index scheme is in four), one pair of links per chain slot, so
 * removal from every chain is O(1). {@code seq} numbers stored receives 0, 1, 2... in posting
 * order (seed 000's post label) and, separately, stored messages in arrival order: strategies
 * that split a queue compare it across queues to find the oldest candidate.
 */
final class Entry {
    final long id;
    final int comm;
    final int source;
    final int tag;
    final long seq;
    final Entry[] prev;
    final Entry[] next;
    /** Sequence-of-compatible-receives id (optimistic matcher only). */
    long sequenceId;
    /** Booking bitmap: bit i set by thread i of the current block (optimistic matcher only). */
    long booked;
    /** Consumed during the current block but not yet unlinked (lazy removal, optimistic matcher only). */
    boolean taken;
    /** The chain (or other home) holding this entry, for strategies that keep one per entry. */
    Chain home;

    Entry(long id, int comm, int source, int tag, long seq, int slots) {
        this.id = id;
        this.comm = comm;
        this.source = source;
        this.tag = tag;
        this.seq = seq;
        this.prev = new Entry[slots];
        this.next = new Entry[slots];
    }
}
