package tagmatch.model.offload;

/**
 * What the offload engine knows of a receive or message besides its envelope: the bytes its
 * buffer holds ({@code count} times the datatype's size; -1 when unknown), whether the datatype
 * lays them out contiguously, and when the call happened ({@code timeNanos}, any origin). A
 * receive of unknown size is never a rendezvous receive.
 */
public record Transfer(long bytes, boolean contiguous, long timeNanos) {
    public Transfer {
        if (bytes < -1) throw new IllegalArgumentException("transfer.bytes = " + bytes + " is illegal: must be >= 0, or -1 for unknown");
    }

    /** Whether a receive of this size goes through rendezvous at {@code threshold} bytes. */
    public boolean rendezvous(long threshold) {
        return bytes >= 0 && bytes >= threshold;
    }
}
