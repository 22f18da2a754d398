package tagmatch.model.offload;

import java.util.Arrays;

/**
 * When the receiver calls into MPI's progress (MPI_Wait, MPI_Test, any call that polls the
 * network), seen by the adaptive engine as times on the workload's clock. Without the NIC, a
 * rendezvous read starts only at the receiver's first progress call after the sender's RTS has
 * arrived and the receive is posted, so a receiver that progresses at a low frequency f has a
 * large delay δ even when its sender is on time: seed 003's Fig. 4b, the second cause of a large
 * δ beside the late sender of Fig. 4a.
 */
@FunctionalInterface
public interface ProgressCalls {
    /** The first progress call at or after {@code nanos}; {@code nanos} itself when no call follows. */
    long nextAtOrAfter(long nanos);

    /**
     * When software would start the rendezvous read of a receive posted at {@code postNanos} whose
     * message arrived at {@code arrivalNanos}: at the post itself when the message was waiting (the
     * post searches the unexpected messages), otherwise at the first progress call after the arrival.
     */
    default long readStartNanos(long postNanos, long arrivalNanos) {
        return arrivalNanos <= postNanos ? postNanos : Math.max(postNanos, nextAtOrAfter(arrivalNanos));
    }

    /** A receiver that progresses all the time (f unbounded): the read starts when the message arrives. */
    ProgressCalls CONTINUOUS = nanos -> nanos;

    /** A receiver that progresses at every multiple of {@code intervalNs}: f = 1 / {@code intervalNs}. */
    static ProgressCalls every(long intervalNs) {
        if (intervalNs < 1) throw new IllegalArgumentException("progress interval must be >= 1 ns, got " + intervalNs);
        return nanos -> -Math.floorDiv(-nanos, intervalNs) * intervalNs;
    }

    /** The progress calls a receiver made, at {@code nanos} (any order; copied and sorted). */
    static ProgressCalls at(long... nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return t -> {
            int i = Arrays.binarySearch(sorted, t);
            if (i >= 0) return t;
            int next = -i - 1;
            return next < sorted.length ? sorted[next] : t;
        };
    }
}
