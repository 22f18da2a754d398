package tagmatch.model.strategy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 000's optimistic tag matching, emulated deterministically. Receives live in the four
 * indexes of {@link PostedIndex} with a post label (their storing order), a sequence id (bumped
 * whenever a receive is not compatible with the previous one: other comm, source or tag) and a
 * booking bitmap. Arrivals come in blocks of up to N ({@code threads}); arrival i of a block is
 * thread i. The emulation is the "all threads at the same time" schedule:
 *
 * <ol>
 * <li>Optimistic phase: thread i searches the indexes as they were when the block began (receives
 *     taken by older threads are still linked: lazy removal) and books its candidate (bit i).
 * <li>Conflict detection after the partial barrier: a conflict is a candidate already booked by an
 *     older thread. From the first conflict on, every younger thread must resolve too, because an
 *     older thread's resolution may take its candidate.
 * <li>Fast path: if threads 0..i all booked the same receive c, the sequence of compatible
 *     receives gives thread i the receive labelled c + i, if it exists and has c's sequence id.
 * <li>Slow path otherwise: wait for thread i-1, then search again skipping receives taken in
 *     this block, i.e. exactly the sequential answer.
 * </ol>
 * A thread that found nothing in the optimistic phase cannot find anything later (the block only
 * removes receives), so its message is unexpected. Thread i's outcome depends only on threads
 * 0..i, which is why each arrival can be answered as it comes. Taken receives are unlinked when
 * the block closes: after N arrivals, on {@link #endBlock()}, or before a post. Unexpected
 * messages go to the four indexes of {@link UnexpectedIndex}. Costs count conflicts (the docs/otm-contract.md
 * definition), fast and slow path uses and blocks.
 */
public final class OptimisticMatcher extends FourIndexMatcher {
    private final int threads;
    private final Map<Long, Entry> byLabel = new HashMap<>();
    private final List<Entry> booked = new ArrayList<>();
    private final List<Entry> taken = new ArrayList<>();
    private Entry lastStored;
    private long sequences;
    private int thread;
    private boolean resolving;

    public OptimisticMatcher(StrategyOptions options) {
        super(options);
        this.threads = options.threads();
    }

    @Override
    public String name() {
        return "optimistic";
    }

    @Override
    public void endBlock() {
        if (thread > 0) closeBlock();
    }

    @Override
    protected void beforePost() {
        if (thread > 0) closeBlock();
    }

    @Override
    protected void afterArrive() {
        if (thread == threads) closeBlock();
    }

    private void closeBlock() {
        for (Entry r : taken) {
            posted.remove(r);
            byLabel.remove(r.seq);
        }
        for (Entry r : booked) r.booked = 0;
        taken.clear();
        booked.clear();
        thread = 0;
        resolving = false;
        costs.recordBlock();
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        int i = thread++;
        Entry candidate = posted.search(comm, source, tag, costs, false);
        if (candidate == null) return null;
        if (candidate.booked == 0) booked.add(candidate);
        candidate.booked |= 1L << i;
        long older = (1L << i) - 1;
        boolean conflict = (candidate.booked & older) != 0;
        if (conflict) {
            costs.recordConflict();
            resolving = true;
        }
        Entry chosen;
        if (!conflict && !resolving) {
            chosen = candidate;
        } else {
            long all = i == 63 ? -1L : (1L << (i + 1)) - 1;
            Entry next = null;
            if ((candidate.booked & all) == all) {
                costs.inspect(1);
                next = byLabel.get(candidate.seq + i);
                if (next != null && (next.taken || next.sequenceId != candidate.sequenceId)) next = null;
            }
            if (next != null) {
                costs.recordFastPath();
                chosen = next;
            } else {
                costs.recordSlowPath();
                chosen = posted.search(comm, source, tag, costs, true);
            }
        }
        if (chosen != null) {
            chosen.taken = true;
            taken.add(chosen);
        }
        return chosen;
    }

    @Override
    protected void storePosted(Entry r) {
        boolean compatible = lastStored != null && lastStored.comm == r.comm && lastStored.source == r.source
                && lastStored.tag == r.tag;
        r.sequenceId = compatible ? lastStored.sequenceId : ++sequences;
        lastStored = r;
        byLabel.put(r.seq, r);
        super.storePosted(r);
    }
}
