package tagmatch.dpasystem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.model.Event;
import tagmatch.testbench.alpu.LatencyProbe;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * The measurement behind seed 001 figures 5 and 6 taken from the system: one search of a queue
 * of a given length by the generated handler on the cluster, its matcher the list or seed 001's
 * NIC driver over the ALPUs on the cluster's bus ({@link HandlerImage.Matcher}), fed by the NIC
 * block and checked against the reference like every handler run.
 *
 * <p>The queue is built as {@link LatencyProbe} builds it: {@code length} receives with distinct
 * tags (figure 5) or {@code length} unexpected messages (figure 6). The NIC then waits until the
 * handler has answered every one of them, so that the probe (the message matching the entry a
 * {@code fraction} of the way down, or the receive that searches the unexpected queue) lands
 * into a handler with nothing else to do. Its latency is the cycles from the wait's end to the
 * probe's to-host entry taken ({@code NIC_WAIT_END} to {@code NIC_LAST_TAKE}): the NIC landing
 * it, the handler polling its CQ, matching, completing and writing the to-host entry. Messages
 * are eager and empty, so no copy is timed. A warm-up pair runs first ({@link #events}).
 */
public final class ClusterLatencyProbe {
    /** The warm-up's tag, which no queue entry uses. */
    static final int WARM_UP_TAG = 1 << 20;

    private final DpaRun dpa;
    private final HandlerImage image;
    private final MemorySetting memory;
    private final LatencyOverrides fixed;
    private final Path work;

    /**
     * @param dpa    the cluster; for {@link HandlerImage.Matcher#ALPU} it must carry {@link AlpuUnits}' devices
     * @param image  the handler with the matcher to measure, on one thread, its capacities above the longest queue
     * @param memory the memory setting of the runs
     * @param fixed  latencies fixed in place of the setting's
     * @param work   a directory for the runs' files
     */
    public ClusterLatencyProbe(DpaRun dpa, HandlerImage image, MemorySetting memory, LatencyOverrides fixed, Path work) {
        this.dpa = dpa;
        this.image = image;
        this.memory = memory;
        this.fixed = fixed;
        this.work = work;
    }

    /** The probe under {@code memory}'s own latencies. */
    public ClusterLatencyProbe(DpaRun dpa, HandlerImage image, MemorySetting memory, Path work) {
        this(dpa, image, memory, LatencyOverrides.NONE, work);
    }

    /** One search's latency in cycles: {@code queue} holding {@code length} entries, the match {@code fraction} of the way down. */
    public long measure(LatencyProbe.Queue queue, int length, double fraction) {
        if (length < 0) throw new IllegalArgumentException("length must be >= 0, got " + length);
        if (!(fraction > 0 && fraction <= 1)) throw new IllegalArgumentException("fraction must be in (0, 1], got " + fraction);
        int cap = Math.min(image.config().maxRecvs(), image.config().maxUnexpected());
        if (length >= cap) throw new IllegalArgumentException("length must be below the handler's capacities (" + cap + "), got " + length);
        List<Event> events = events(queue, length, fraction);
        HandlerFeed feed = new HandlerFeed(events, HandlerFeed.Pace.defaults(), List.of(new HandlerFeed.Pause(length + 1, 0)));
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, feed, DpaRun.Options.defaults().withMemory(memory, fixed), work);
        if (!o.passed()) {
            throw new IllegalStateException(image.matcher() + ", " + queue + " queue of " + length + ", " + memory + ": " + o.difference());
        }
        return o.latency();
    }

    /**
     * A warm-up (a receive and its message, on a tag of their own: they leave nothing queued), the
     * queue's entries, then the probe: as {@link LatencyProbe} builds them, with ids that make every
     * message empty and eager. The warm-up runs the handler's paths once, so the probe times a
     * search, not the first fetch of the handler's code and data into the caches.
     */
    static List<Event> events(LatencyProbe.Queue queue, int length, double fraction) {
        boolean posted = queue == LatencyProbe.Queue.POSTED;
        List<Event> events = new ArrayList<>();
        events.add(new Event.Post(length + 1, 0, 0, WARM_UP_TAG));
        events.add(new Event.Arrive(WorkloadFile.eagerId(0, length + 2), 0, 0, WARM_UP_TAG));
        for (int i = 0; i < length; i++) {
            long msgId = WorkloadFile.eagerId(0, i + 1);
            events.add(posted ? new Event.Post(i, 0, 0, i) : new Event.Arrive(msgId, 0, 0, i));
        }
        // the entry `fraction` of the way down; with an empty queue, a tag nobody used
        int tag = length == 0 ? 0 : (int) Math.ceil(fraction * length) - 1;
        events.add(posted ? new Event.Arrive(WorkloadFile.eagerId(0, length + 1), 0, 0, tag) : new Event.Post(length, 0, 0, tag));
        return events;
    }
}
