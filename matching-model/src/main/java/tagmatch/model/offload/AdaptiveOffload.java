package tagmatch.model.offload;

import java.util.HashMap;
import java.util.Map;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.InputRules;

/**
 * Seed 003 §5.1's communication-aware offload over §5.2's sequence numbers. A receive from a peer
 * is offloaded only when the delay δ expected between posting it and the start of its
 * rendezvous read exceeds K = Σ (α·size + β) over the outstanding rendezvous receives: a large δ
 * (a late sender, or a receiver that rarely progresses) is where the hardware gains overlap. δ is
 * predicted by the peer's last one: from the post of its last matched receive to when software
 * would have started that receive's read, at the receiver's first {@link ProgressCalls progress
 * call} after the message arrived (0 when the message was waiting). So both of Fig. 4's causes
 * raise it: a late sender (4a) and a low progress-call frequency f (4b). A peer not seen yet is
 * offloaded. And once more than the cut-off
 * share of the receives offloaded in a period were cancelled, none is offloaded until the
 * period ends.
 */
public final class AdaptiveOffload extends SequenceOffload {
    private record Peer(int comm, int source) {}

    private final ProgressCalls progress;
    private final Map<Peer, Long> lastDelta = new HashMap<>();
    /** K: §5.1's cost of the outstanding rendezvous receives, in ns. */
    private double outstandingNs;
    private int periodPosts;
    private int periodOffloads;
    private int periodCancels;
    private boolean suspended;
    private long suspensions;

    /** A receiver that progresses all the time: δ is the sender's lateness alone. */
    public AdaptiveOffload(OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers) {
        this(settings, capacities, rules, transfers, ProgressCalls.CONTINUOUS);
    }

    public AdaptiveOffload(OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers, ProgressCalls progress) {
        super(OffloadPolicy.ADAPTIVE, settings, capacities, rules, transfers);
        if (progress == null) throw new IllegalArgumentException("progress must not be null");
        this.progress = progress;
    }

    /** How often the cancel-rate cut-off stopped offloading for the rest of a period. */
    public long suspensions() {
        return suspensions;
    }

    @Override
    protected boolean admits(Pending r) {
        if (suspended || !super.admits(r)) return false;
        Long delta = lastDelta.get(new Peer(r.post.comm(), r.post.source()));
        return delta == null || delta > outstandingNs;
    }

    @Override
    protected void posted(Pending r, boolean offloaded, boolean cancelled) {
        super.posted(r, offloaded, cancelled);
        if (r.stored && r.transfer.rendezvous(settings.rndvThreshold())) outstandingNs += settings.rendezvousCostNs(r.transfer.bytes());
        if (offloaded && r.offloadable) periodOffloads++;
        if (cancelled) periodCancels++;
        if (!suspended && periodOffloads >= OffloadSettings.CUTOFF_MIN_OFFLOADS
                && periodCancels > settings.cancelCutoff() * periodOffloads) {
            suspended = true;
            suspensions++;
        }
        if (++periodPosts == settings.cancelPeriod()) {
            periodPosts = periodOffloads = periodCancels = 0;
            suspended = false;
        }
    }

    @Override
    protected void matched(Pending r, Event.Arrive m, long arrivalNanos) {
        super.matched(r, m, arrivalNanos);
        if (r.stored && r.transfer.rendezvous(settings.rndvThreshold())) {
            outstandingNs = Math.max(0, outstandingNs - settings.rendezvousCostNs(r.transfer.bytes()));
        }
        long posted = r.transfer.timeNanos();
        lastDelta.put(new Peer(m.comm(), m.source()), progress.readStartNanos(posted, arrivalNanos) - posted);
    }
}
