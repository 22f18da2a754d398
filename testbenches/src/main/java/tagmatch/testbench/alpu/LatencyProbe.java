package tagmatch.testbench.alpu;

import java.util.Objects;
import java.util.function.Function;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.nic.AlpuNic;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.ReferenceMatcher;

/**
 * The measurement behind seed 001 figures 5 and 6: one search of a queue of a given length,
 * done by the plain list (the MPI reference) and by the NIC driver over a PRQ and a UMQ unit,
 * reporting the entries each traversed and the cycles the unit took to answer at its pins.
 *
 * <p>For the posted queue (figure 5), {@code length} receives with distinct tags are posted, the
 * unit is left to settle, and a message arrives that matches the receive a {@code fraction} of
 * the way down the queue (1.0: the newest, the whole queue is searched). For the unexpected
 * queue (figure 6), {@code length} messages arrive first and a receive is posted. The latency
 * itself is {@link tagmatch.alpu.nic.NicLatency}'s business; this class only counts.
 */
public final class LatencyProbe {

    /** Which queue is searched: the posted receives (figure 5) or the unexpected messages (figure 6). */
    public enum Queue {
        POSTED, UNEXPECTED
    }

    /**
     * One search.
     *
     * @param length        entries in the searched queue
     * @param listTraversed entries the plain list traversed
     * @param nicTraversed  entries the NIC's software traversed behind the unit
     * @param cycles        cycles from the search request to the unit's answer, at the pins
     * @param inUnit        entries of the queue held by the unit when the search began
     */
    public record Point(int length, long listTraversed, long nicTraversed, long cycles, int inUnit) {}

    private final Function<AlpuConfig, AlpuPins> opener;
    private final int cells;
    private final int block;

    /**
     * @param opener opens a unit of a configuration, e.g. {@code RtlPins::open} for the RTL under
     *               Verilator; the probe closes what it opens
     * @param cells  cells of both units
     * @param block  cells per block
     */
    public LatencyProbe(Function<AlpuConfig, AlpuPins> opener, int cells, int block) {
        this.opener = Objects.requireNonNull(opener, "opener");
        this.cells = cells;
        this.block = block;
    }

    /** One search of {@code queue} holding {@code length} entries, matching {@code fraction} of the way down. */
    public Point measure(Queue queue, int length, double fraction) {
        if (length < 0) throw new IllegalArgumentException("length must be >= 0, got " + length);
        if (!(fraction > 0 && fraction <= 1)) throw new IllegalArgumentException("fraction must be in (0, 1], got " + fraction);
        try (AlpuPins prqPins = opener.apply(AlpuConfig.seed(cells, block, Variant.PRQ));
             AlpuPins umqPins = opener.apply(AlpuConfig.seed(cells, block, Variant.UMQ))) {
            PinsDevice prq = new PinsDevice(prqPins, 1, 0);
            PinsDevice umq = new PinsDevice(umqPins, 2, 0);
            AlpuNic nic = new AlpuNic(prq, umq, MatchLayout.DEFAULT, Capacities.UNBOUNDED, 1);
            ReferenceMatcher list = new ReferenceMatcher(Capacities.UNBOUNDED);
            boolean posted = queue == Queue.POSTED;
            for (int i = 0; i < length; i++) {
                Event e = posted ? new Event.Post(i, 0, 0, i) : new Event.Arrive(i, 0, 0, i);
                apply(nic, e);
                apply(list, e);
            }
            // the entry `fraction` of the way down; with an empty queue, a tag nobody used
            int tag = length == 0 ? 0 : (int) Math.ceil(fraction * length) - 1;
            Event probe = posted ? new Event.Arrive(length, 0, 0, tag) : new Event.Post(length, 0, 0, tag);
            PinsDevice searched = posted ? prq : umq;
            prq.settle(4);
            umq.settle(4);
            int inUnit = posted ? nic.postedInAlpu() : nic.unexpectedInAlpu();
            long before = list.costs().inspected();
            apply(list, probe);
            long listTraversed = list.costs().inspected() - before;
            long start = searched.cycles();
            apply(nic, probe);
            long cycles = searched.cycles() - start;
            return new Point(length, listTraversed, nic.lastTraversed(), cycles, inUnit);
        }
    }

    private static void apply(tagmatch.model.Matcher m, Event e) {
        if (e instanceof Event.Post p) m.post(p);
        else m.arrive((Event.Arrive) e);
    }
}
