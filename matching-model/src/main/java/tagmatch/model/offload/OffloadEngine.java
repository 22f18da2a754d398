package tagmatch.model.offload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.Matcher;
import tagmatch.model.Result;

/**
 * The machinery every policy shares: posted receives in posting order, each either in the
 * hardware list (at most {@code hwEntries} of them) or in software, and the unexpected messages
 * in software. A post is offered to the hardware first (if its policy admits it), then software
 * searches the unexpected messages: a receive that finds its message there is matched in
 * software, and cancelled if it had been offloaded. An arrival searches the hardware list first,
 * in posting order and with {@link #hardwareMatches the policy's hardware tag}; only a miss goes
 * to software, which searches the receives it holds, oldest first, then stores the message.
 *
 * <p>A policy decides which receives the hardware may take; it must do so such that the
 * hardware's answer is MPI's (the earliest posted matching receive): that is what
 * {@code OffloadEnginesMatchReferenceTest} checks against the reference.
 */
public abstract class OffloadEngine implements Matcher {
    /** One posted receive still waiting. */
    protected static final class Pending {
        final Event.Post post;
        final Transfer transfer;
        /** A rendezvous receive with a contiguous datatype: one the NIC could move the data of. */
        final boolean offloadable;
        /** Added to the posted queue (not matched at once by an unexpected message). */
        boolean stored;
        boolean inHardware;
        /** The sequence number in the hardware tag ({@link SequenceOffload}); -1 when none. */
        long seq = -1;

        Pending(Event.Post post, Transfer transfer, boolean offloadable) {
            this.post = post;
            this.transfer = transfer;
            this.offloadable = offloadable;
        }

        /** Offloaded in the paper's sense: a rendezvous receive the hardware holds (it starts the transfer). */
        boolean offloaded() {
            return inHardware && offloadable;
        }
    }

    private record Waiting(Event.Arrive message, Transfer transfer) {}

    protected final OffloadSettings settings;
    private final Capacities capacities;
    private final InputRules rules;
    private final Transfers transfers;
    private final OffloadPolicy policy;
    /** Every waiting receive, oldest first; hardware and software ones interleaved as posted. */
    protected final List<Pending> posted = new ArrayList<>();
    private final List<Waiting> unexpected = new ArrayList<>();
    protected int inHardware;
    protected final OffloadCounts counts = new OffloadCounts();

    protected OffloadEngine(OffloadPolicy policy, OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers) {
        if (policy == null || settings == null || capacities == null || rules == null || transfers == null) {
            throw new IllegalArgumentException("policy, settings, capacities, rules and transfers must not be null");
        }
        this.policy = policy;
        this.settings = settings;
        this.capacities = capacities;
        this.rules = rules;
        this.transfers = transfers;
    }

    /** {@code offload-} and the policy's name on the command line. */
    @Override
    public final String name() {
        return "offload-" + policy.cliName();
    }

    /** Whether the policy gives {@code r}, about to be posted, to the hardware (which has room). Changes nothing. */
    protected abstract boolean admits(Pending r);

    /** Whether the hardware entry {@code r} takes {@code m}: the envelope matches, and whatever the policy adds to the tag. */
    protected boolean hardwareMatches(Pending r, Event.Arrive m) {
        return InputRules.matches(r.post, m);
    }

    /** Called once a post's fate is known: stored ({@code r.stored}) or matched at once, given to the hardware or not. */
    protected void posted(Pending r, boolean offloaded, boolean cancelled) {}

    /** Called for every arrival before any search. */
    protected void arriving(Event.Arrive m) {}

    /** Called when {@code r} is matched by {@code m}, which arrived at {@code arrivalNanos} (before it left the queue's counts). */
    protected void matched(Pending r, Event.Arrive m, long arrivalNanos) {}

    /** Called after a receive left the hardware list, so a policy may move software receives in. */
    protected void hardwareFreed() {}

    /** What this engine offloaded, matched and cancelled so far. */
    public OffloadCounts counts() {
        return counts;
    }

    @Override
    public Result post(Event.Post receive) {
        rules.checkPost(receive);
        Transfer t = transfers.of(receive.id());
        Pending r = new Pending(receive, t, t.rendezvous(settings.rndvThreshold()) && t.contiguous());
        counts.receive(t.rendezvous(settings.rndvThreshold()));
        boolean offload = inHardware < settings.hwEntries() && admits(r);
        for (Iterator<Waiting> it = unexpected.iterator(); it.hasNext(); ) {
            Waiting w = it.next();
            if (InputRules.matches(receive, w.message())) {
                it.remove();
                boolean cancelled = offload && r.offloadable;
                if (cancelled) {
                    counts.countOffloaded();
                    counts.countCancelled();
                }
                counts.countSoftwareMatched();
                posted(r, offload, cancelled);
                matched(r, w.message(), w.transfer().timeNanos());
                return Result.matched(w.message().id());
            }
        }
        if (posted.size() >= capacities.posted()) return Result.FULL;
        if (offload) place(r);
        r.stored = true;
        posted.add(r);
        posted(r, offload, false);
        return Result.POSTED;
    }

    /** Puts {@code r} into the hardware list (counted as offloaded if it is a rendezvous receive). */
    protected final void place(Pending r) {
        r.inHardware = true;
        inHardware++;
        if (r.offloadable) counts.countOffloaded();
    }

    @Override
    public Result arrive(Event.Arrive message) {
        rules.checkArrive(message);
        Transfer t = transfers.of(message.id());
        arriving(message);
        Pending hit = null;
        for (Pending r : posted) {
            if (r.inHardware && hardwareMatches(r, message)) {
                hit = r;
                break;
            }
        }
        if (hit == null) {
            for (Pending r : posted) {
                if (!r.inHardware && InputRules.matches(r.post, message)) {
                    hit = r;
                    break;
                }
            }
        }
        if (hit == null) {
            if (unexpected.size() >= capacities.unexpected()) {
                counts.arrival(false);
                return Result.FULL;
            }
            unexpected.add(new Waiting(message, t));
            counts.arrival(true);
            return Result.UNEXPECTED;
        }
        counts.arrival(false);
        posted.remove(hit);
        if (hit.offloaded()) counts.countHardwareMatched(); else counts.countSoftwareMatched();
        matched(hit, message, t.timeNanos());
        if (hit.inHardware) {
            inHardware--;
            hardwareFreed();
        }
        return Result.matched(hit.post.id());
    }

    /** Whether software holds a waiting receive (one not in the hardware list). */
    protected final boolean softwareHoldsReceive() {
        return posted.size() > inHardware;
    }

    /** Whether software holds an unexpected message no receive has taken yet. */
    protected final boolean softwareHoldsMessage() {
        return !unexpected.isEmpty();
    }
}
