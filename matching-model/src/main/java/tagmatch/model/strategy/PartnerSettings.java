package tagmatch.model.strategy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Mpi;
import tagmatch.model.Outcome;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;

/**
 * Settings of seed 004's partner/non-partner queues.
 *
 * @param staticPartners sources that get a dedicated queue from the start (static approach; the
 *                       profile of an earlier run, see {@link #profile}); applies to every communicator
 * @param threshold      t: a non-partner queue longer than this triggers partner extraction (dynamic approach), >= 1
 * @param metric         how the edge point is computed from per-source counts
 * @param alpha          upper-fence coefficient, >= 0
 * @param maxPartners    cap on partner queues (seed 004 bounds them by c * sqrt(N)), >= 0
 */
public record PartnerSettings(Set<Integer> staticPartners, int threshold, EdgeMetric metric, double alpha,
                              int maxPartners) {
    public PartnerSettings {
        if (staticPartners == null) throw new IllegalArgumentException("staticPartners must not be null");
        for (Integer s : staticPartners) {
            if (s == null || s < 0) {
                throw new IllegalArgumentException("staticPartners contains " + s + ": partner sources must be >= 0");
            }
        }
        staticPartners = Set.copyOf(new TreeSet<>(staticPartners));
        if (threshold < 1) throw new IllegalArgumentException("partner threshold = " + threshold + " is illegal: must be >= 1");
        if (metric == null) throw new IllegalArgumentException("partner metric must not be null");
        if (!(alpha >= 0)) throw new IllegalArgumentException("partner alpha = " + alpha + " is illegal: must be >= 0");
        if (maxPartners < 0) throw new IllegalArgumentException("maxPartners = " + maxPartners + " is illegal: must be >= 0");
    }

    /** No static partners; t = 100 (the seed's recommended threshold); average metric; at most 64 partners. */
    public static PartnerSettings defaults() {
        return new PartnerSettings(Set.of(), 100, EdgeMetric.AVERAGE, 0.0, 64);
    }

    public PartnerSettings withStaticPartners(Set<Integer> v) { return new PartnerSettings(v, threshold, metric, alpha, maxPartners); }
    public PartnerSettings withThreshold(int v) { return new PartnerSettings(staticPartners, v, metric, alpha, maxPartners); }
    public PartnerSettings withMetric(EdgeMetric v) { return new PartnerSettings(staticPartners, threshold, v, alpha, maxPartners); }

    /**
     * Seed 004's profiling stage (Algorithm 1): runs {@code events} through the reference, counts for
     * every source the receives and messages it left in the queues, and returns these settings with
     * the sources whose count exceeds the edge point (the largest first, at most {@code maxPartners})
     * as static partners.
     */
    public PartnerSettings profile(List<Event> events, Capacities capacities) {
        ReferenceMatcher ref = new ReferenceMatcher(capacities);
        Map<Integer, Long> counts = new HashMap<>();
        for (Event e : events) {
            Result r = ref.apply(e);
            if (r == null) continue;
            if (e instanceof Event.Post p && r.outcome() == Outcome.POSTED && p.source() != Mpi.ANY_SOURCE) {
                counts.merge(p.source(), 1L, Long::sum);
            } else if (e instanceof Event.Arrive a && r.outcome() == Outcome.UNEXPECTED) {
                counts.merge(a.source(), 1L, Long::sum);
            }
        }
        return withStaticPartners(select(counts, metric, alpha, maxPartners));
    }

    /** Sources whose count exceeds the edge point, largest count first (ties: smaller source), at most {@code max}. */
    static <K extends Comparable<K>> Set<K> select(Map<K, Long> counts, EdgeMetric metric, double alpha, int max) {
        long[] values = counts.values().stream().mapToLong(Long::longValue).toArray();
        double edge = metric.edge(values, alpha);
        List<Map.Entry<K, Long>> above = new ArrayList<>();
        for (Map.Entry<K, Long> e : counts.entrySet()) if (e.getValue() > edge) above.add(e);
        above.sort((x, y) -> x.getValue().equals(y.getValue())
                ? x.getKey().compareTo(y.getKey()) : Long.compare(y.getValue(), x.getValue()));
        Set<K> out = new TreeSet<>();
        for (int i = 0; i < above.size() && i < max; i++) out.add(above.get(i).getKey());
        return out;
    }
}
