package tagmatch.alpu.nic;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.ReferenceMatcher;

/**
 * What seed 001 figure 5 shows, in the unit the processor pays for: software list entries
 * traversed to match one message against a posted-receive queue of a given length, when the
 * message matches the newest receive (the whole queue must be searched). Without an ALPU that is
 * the queue length; with an ALPU of {@code cells} entries it is 0 until the queue outgrows the
 * ALPU, then grows by one per entry beyond it: the flat-then-rising curves of figure 5 (c)-(f).
 */
public final class TraversalReport {

    /** One queue length: entries traversed by the plain list (the reference) and by the ALPU NIC. */
    public record Row(int queueLength, long baseline, long withAlpu) {}

    private final int cells;
    private final List<Row> rows;

    private TraversalReport(int cells, List<Row> rows) {
        this.cells = cells;
        this.rows = List.copyOf(rows);
    }

    /** Measures each queue length with a PRQ/UMQ pair of {@code cells} entries (block 2, seed widths). */
    public static TraversalReport measure(int cells, List<Integer> queueLengths) {
        Objects.requireNonNull(queueLengths, "queueLengths");
        List<Row> rows = new ArrayList<>();
        for (int length : queueLengths) {
            if (length < 1 || length > 65_536) {
                throw new IllegalArgumentException("queue length must be in 1..65536, got " + length);
            }
            AlpuConfig prq = AlpuConfig.seed(cells, 2, Variant.PRQ);
            AlpuConfig umq = AlpuConfig.seed(cells, 2, Variant.UMQ);
            AlpuNic nic = new AlpuNic(new ModelDevice(prq, 1), new ModelDevice(umq, 2), MatchLayout.DEFAULT,
                    Capacities.UNBOUNDED, 1);
            ReferenceMatcher list = new ReferenceMatcher(Capacities.UNBOUNDED);
            for (int i = 0; i < length; i++) {
                Event.Post p = new Event.Post(i, 0, 0, i);
                nic.post(p);
                list.post(p);
            }
            Event.Arrive newest = new Event.Arrive(length, 0, 0, length - 1);
            long before = list.costs().inspected();
            list.arrive(newest);
            long baseline = list.costs().inspected() - before;
            nic.arrive(newest);
            rows.add(new Row(length, baseline, nic.lastTraversed()));
        }
        return new TraversalReport(cells, rows);
    }

    public int cells() {
        return cells;
    }

    public List<Row> rows() {
        return rows;
    }

    /** A plain-text table: queue length, entries traversed without and with the ALPU. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("entries traversed per message (match at the tail), ALPU of %d cells%n", cells));
        sb.append(String.format("%12s %12s %12s%n", "queue", "list", "alpu"));
        for (Row r : rows) sb.append(String.format("%12d %12d %12d%n", r.queueLength(), r.baseline(), r.withAlpu()));
        return sb.toString();
    }
}
