package tagmatch.dpasystem;

import java.util.ArrayList;
import java.util.List;
import tagmatch.model.Event;
import tagmatch.model.Outcome;
import tagmatch.model.Result;
import tagmatch.model.offload.OffloadCounts;
import tagmatch.model.offload.OffloadEngine;
import tagmatch.model.offload.OffloadEngines;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.OffloadWindow;
import tagmatch.model.offload.SizedWorkload;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * What a seed-003 engine does with one bandwidth window ({@link OffloadWindow}: W rendezvous
 * receives from one peer with one tag, posted before the sender starts, then their W messages in
 * order), and the two workloads the cluster's NIC gets from it.
 *
 * <p>On the NIC, receive j and message j carry tag j: the sequence number §5.2 puts into the
 * hardware tag. For the naive engine, whose offloaded receives are always the oldest, that gives
 * the answer the plain tag would; for the others it is the tag they give the hardware. Every
 * message reaches the NIC; one whose receive the engine kept in software finds no entry in the
 * hardware list and is stored for software. Software's rendezvous read of it is a post to the
 * NIC that finds the stored message, whose read the NIC's DMA then does: the host's matching
 * itself is the engine's, and its time is not simulated.
 *
 * <ul>
 * <li>{@link #overlapFeed()}: osu_bw_overlap's receiver. The offloaded receives are posted, the
 *     window's messages arrive while the host computes, and after the last of them is in, the
 *     host's next progress call (its MPI_Waitall) hands software's receives to the NIC.
 * <li>{@link #bandwidthFeed()}: osu_bw's receiver, which progresses all the time: software hands
 *     each of its receives to the NIC right after that receive's message.
 * </ul>
 */
public final class WindowPlan {
    private final OffloadPolicy policy;
    private final int window;
    private final int listSize;
    private final boolean[] offloaded;
    private final OffloadCounts counts;

    private WindowPlan(OffloadPolicy policy, int window, int listSize, boolean[] offloaded, OffloadCounts counts) {
        this.policy = policy;
        this.window = window;
        this.listSize = listSize;
        this.offloaded = offloaded;
        this.counts = counts;
    }

    /**
     * Runs the engine of {@code policy} with a hardware list of {@code listSize} entries (0: none,
     * every receive onloaded) over one window of {@code window} receives of {@code bytes}, the one at
     * {@code nonContiguousAt} non-contiguous (-1: none). Fails if the engine gives a message to any
     * receive but the one MPI gives it.
     */
    public static WindowPlan of(OffloadPolicy policy, int window, long bytes, int nonContiguousAt, int listSize) {
        if (policy == OffloadPolicy.ORDERED) throw new IllegalArgumentException("policy must be one of seed 003's naive, seqnum, adaptive, got ordered");
        if (listSize < 0) throw new IllegalArgumentException("list size must be >= 0, got " + listSize);
        OffloadSettings settings = OffloadSettings.defaults().withHwEntries(listSize);
        if (bytes < settings.rndvThreshold()) {
            throw new IllegalArgumentException("bytes must be >= the rendezvous threshold " + settings.rndvThreshold() + ", got " + bytes);
        }
        SizedWorkload w = OffloadWindow.generate(window, nonContiguousAt, bytes, 1);
        OffloadEngine engine = OffloadEngines.create(policy, settings, w.transfers());
        boolean[] off = new boolean[window];
        int post = 0, message = 0;
        for (Event e : w.events()) {
            long before = engine.counts().offloaded();
            Result r = engine.apply(e);
            if (e instanceof Event.Post) {
                off[post++] = engine.counts().offloaded() > before;
            } else if (e instanceof Event.Arrive) {
                if (r.outcome() != Outcome.MATCHED || r.partner() != message) {
                    throw new IllegalStateException(policy.cliName() + ": message " + message + " got " + r + ", MPI gives it receive " + message);
                }
                message++;
            }
        }
        return new WindowPlan(policy, window, listSize, off, engine.counts());
    }

    public OffloadPolicy policy() { return policy; }

    public int window() { return window; }

    public int listSize() { return listSize; }

    /** Whether the engine gave receive {@code j} to the hardware. */
    public boolean offloaded(int j) {
        return offloaded[j];
    }

    /** Receives the engine offloaded. */
    public int offloadedCount() {
        int n = 0;
        for (boolean b : offloaded) n += b ? 1 : 0;
        return n;
    }

    /** What the engine counted: offloaded, matched in hardware and in software, cancelled. */
    public OffloadCounts counts() {
        return counts;
    }

    /** The message id of window message {@code j} on the NIC: a rendezvous one ({@link WorkloadFile#proto}). */
    static long messageId(int j) {
        return 5L * j + 3;
    }

    /** The bytes the cluster's NIC reads for message {@code j} (the stand-in sender buffer's share of it). */
    static int movedBytes(int j) {
        return WorkloadFile.length(messageId(j));
    }

    /** The offloaded receives' posts, the messages, then software's receives after the last message's entry. */
    public HandlerFeed overlapFeed() {
        List<Event> ev = new ArrayList<>();
        for (int j = 0; j < window; j++) if (offloaded[j]) ev.add(post(j));
        int posted = ev.size();
        for (int j = 0; j < window; j++) ev.add(message(j));
        for (int j = 0; j < window; j++) if (!offloaded[j]) ev.add(post(j));
        List<HandlerFeed.Pause> pauses = new ArrayList<>();
        if (posted > 0) pauses.add(new HandlerFeed.Pause(posted - 1, 0));
        if (posted < window) pauses.add(new HandlerFeed.Pause(posted + window - 1, 0));
        return new HandlerFeed(ev, HandlerFeed.Pace.defaults(), pauses);
    }

    /** The offloaded receives' posts, then each message with software's receive for it right behind. */
    public HandlerFeed bandwidthFeed() {
        List<Event> ev = new ArrayList<>();
        for (int j = 0; j < window; j++) if (offloaded[j]) ev.add(post(j));
        int posted = ev.size();
        for (int j = 0; j < window; j++) {
            ev.add(message(j));
            if (!offloaded[j]) ev.add(post(j));
        }
        List<HandlerFeed.Pause> pauses = posted > 0 ? List.of(new HandlerFeed.Pause(posted - 1, 0)) : List.of();
        return new HandlerFeed(ev, HandlerFeed.Pace.defaults(), pauses);
    }

    private static Event.Post post(int j) {
        return new Event.Post(j, 0, 0, j);
    }

    private static Event.Arrive message(int j) {
        return new Event.Arrive(messageId(j), 0, 0, j);
    }
}
