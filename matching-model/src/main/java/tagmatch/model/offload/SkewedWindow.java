package tagmatch.model.offload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tagmatch.model.Event;

/**
 * Seed 003 §5.3's benchmark behind Fig. 8: a sender sends a window of rendezvous messages, one
 * peer and one tag, one every {@code STEP_NS}; the receiver posts the window's receives at the same
 * pace but {@code skewNs} later, so each message arrives unexpected when the skew exceeds the
 * step. The window repeats {@code iterations} times, each starting once the last one is matched;
 * {@code skewNs} gives each iteration's skew in turn (cycled), so a receiver can be on time for a
 * while and then late.
 */
public final class SkewedWindow {
    /** Time between two sends, and between two posts. */
    public static final long STEP_NS = 1_000;

    private record Timed(long time, int order, boolean post, Transfer transfer) {}

    private SkewedWindow() {}

    public static SizedWorkload generate(int window, long bytes, int iterations, long... skewNs) {
        if (window < 1) throw new IllegalArgumentException("window must be >= 1, got " + window);
        if (bytes < 0) throw new IllegalArgumentException("bytes must be >= 0, got " + bytes);
        if (iterations < 1) throw new IllegalArgumentException("iterations must be >= 1, got " + iterations);
        if (skewNs.length == 0) throw new IllegalArgumentException("skewNs must give at least one skew");
        for (long s : skewNs) if (s < 0) throw new IllegalArgumentException("skew must be >= 0 ns, got " + s);
        List<Timed> timed = new ArrayList<>();
        long start = 0;
        int order = 0;
        for (int it = 0; it < iterations; it++) {
            long skew = skewNs[it % skewNs.length];
            for (int i = 0; i < window; i++) {
                timed.add(new Timed(start + i * STEP_NS, order++, false, new Transfer(bytes, true, start + i * STEP_NS)));
                timed.add(new Timed(start + skew + i * STEP_NS, order++, true, new Transfer(bytes, true, start + skew + i * STEP_NS)));
            }
            start += skew + (long) window * STEP_NS;
        }
        // A post before an arrival at the same time: a receiver exactly on time finds nothing waiting.
        timed.sort(Comparator.comparingLong(Timed::time).thenComparing(t -> !t.post()).thenComparingInt(Timed::order));
        List<Event> events = new ArrayList<>();
        List<Transfer> transfers = new ArrayList<>();
        long id = 0;
        for (Timed t : timed) {
            events.add(t.post() ? new Event.Post(id++, 0, 1, 0) : new Event.Arrive(id++, 0, 1, 0));
            transfers.add(t.transfer());
        }
        return new SizedWorkload("skewed-window-" + window, events, Transfers.byIndex(transfers));
    }
}
