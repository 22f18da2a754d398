package tagmatch.model.offload;

import java.util.ArrayList;
import java.util.List;
import tagmatch.model.Event;

/**
 * Seed 003 §4.1's benchmark behind Fig. 2 and Fig. 6: a window of receives from one peer with one
 * tag, all of them rendezvous and contiguous but the one at {@code nonContiguousAt} (-1: none),
 * posted before the sender starts (every message expected), then the window's messages in order.
 * The window repeats {@code iterations} times.
 */
public final class OffloadWindow {
    /** Time between calls, and the sender's delay after the last post (a late sender: δ is large). */
    private static final long STEP_NS = 1_000;
    private static final long SENDER_DELAY_NS = 1_000_000_000L;

    private OffloadWindow() {}

    public static SizedWorkload generate(int window, int nonContiguousAt, long bytes, int iterations) {
        if (window < 1) throw new IllegalArgumentException("window must be >= 1, got " + window);
        if (nonContiguousAt < -1 || nonContiguousAt >= window) {
            throw new IllegalArgumentException("nonContiguousAt must be -1 or in 0.." + (window - 1) + ", got " + nonContiguousAt);
        }
        if (iterations < 1) throw new IllegalArgumentException("iterations must be >= 1, got " + iterations);
        List<Event> events = new ArrayList<>();
        List<Transfer> transfers = new ArrayList<>();
        long id = 0;
        long time = 0;
        for (int it = 0; it < iterations; it++) {
            for (int i = 0; i < window; i++) {
                events.add(new Event.Post(id++, 0, 1, 0));
                transfers.add(new Transfer(bytes, i != nonContiguousAt, time += STEP_NS));
            }
            time += SENDER_DELAY_NS;
            for (int i = 0; i < window; i++) {
                events.add(new Event.Arrive(id++, 0, 1, 0));
                transfers.add(new Transfer(bytes, true, time += STEP_NS));
            }
            events.add(new Event.BlockEnd());
        }
        return new SizedWorkload("window-" + window + "-nc-" + nonContiguousAt, events, Transfers.byIndex(transfers));
    }

    /** What the engine of {@code policy} counts on the window of 1 MiB receives, with E = the window. */
    public static OffloadCounts run(OffloadPolicy policy, int window, int nonContiguousAt, int iterations) {
        OffloadSettings s = OffloadSettings.defaults().withHwEntries(window);
        long bytes = Math.max(s.rndvThreshold(), 1 << 20);
        SizedWorkload w = generate(window, nonContiguousAt, bytes, iterations);
        return w.run(OffloadEngines.create(policy, s, w.transfers()));
    }

    /** The share of a window's receives the engine of {@code policy} offloads, with E = the window. */
    public static double offloadedShare(OffloadPolicy policy, int window, int nonContiguousAt, int iterations) {
        return (double) run(policy, window, nonContiguousAt, iterations).offloaded() / ((long) window * iterations);
    }
}
