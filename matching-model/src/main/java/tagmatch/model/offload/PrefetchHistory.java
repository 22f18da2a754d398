package tagmatch.model.offload;

/**
 * The outcomes of the last prefetches, useful or useless (seed 003 §5.3): useful when the
 * receiver posted the receive after the prefetch was done, useless when it posted it before.
 * With no outcome yet it allows prefetching, so the first messages are tried.
 */
final class PrefetchHistory {
    private final boolean[] outcomes;
    private int size;
    private int next;
    private int useful;

    PrefetchHistory(int length) {
        outcomes = new boolean[length];
    }

    void record(boolean wasUseful) {
        if (size == outcomes.length) {
            if (outcomes[next]) useful--;
        } else {
            size++;
        }
        outcomes[next] = wasUseful;
        if (wasUseful) useful++;
        next = (next + 1) % outcomes.length;
    }

    /** Whether at least {@code minShare} of the recorded outcomes were useful (true while none is recorded). */
    boolean allows(double minShare) {
        return size == 0 || useful >= minShare * size;
    }
}
