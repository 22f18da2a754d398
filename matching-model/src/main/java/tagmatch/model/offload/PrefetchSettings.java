package tagmatch.model.offload;

/**
 * Seed 003 §5.3's prefetch of unexpected rendezvous messages: a pool of {@code poolSlots} slots
 * of {@code slotBytes} each, registered with the NIC at MPI_Init, and the history that decides
 * whether to prefetch: the outcomes of the last {@code historyLength} prefetches, and the share of
 * them that must have been useful for the next message to be prefetched. The paper gives none of
 * these values: 64 slots of 1 MiB (one window of Fig. 8), a history of 16 and a share of 0.5 are
 * guesses.
 */
public record PrefetchSettings(int poolSlots, long slotBytes, int historyLength, double minUsefulShare) {
    public PrefetchSettings {
        if (poolSlots < 0) throw new IllegalArgumentException("pool-slots must be >= 0, got " + poolSlots);
        if (slotBytes < 1) throw new IllegalArgumentException("slot-bytes must be >= 1, got " + slotBytes);
        if (historyLength < 1) throw new IllegalArgumentException("history must be >= 1, got " + historyLength);
        if (!(minUsefulShare >= 0 && minUsefulShare <= 1)) throw new IllegalArgumentException("useful-share must be in [0, 1], got " + minUsefulShare);
    }

    public static PrefetchSettings defaults() {
        return new PrefetchSettings(64, 1 << 20, 16, 0.5);
    }

    public PrefetchSettings withPool(int slots, long bytes) {
        return new PrefetchSettings(slots, bytes, historyLength, minUsefulShare);
    }

    public PrefetchSettings withHistory(int length, double share) {
        return new PrefetchSettings(poolSlots, slotBytes, length, share);
    }
}
