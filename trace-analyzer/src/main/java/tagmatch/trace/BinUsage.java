package tagmatch.trace;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tagmatch.model.Event;
import tagmatch.model.strategy.Bins;

/**
 * Tag and bin usage of one application (seed 000 section V): the distinct (source, tag) pairs of
 * the messages each receiving rank gets on each communicator, and how they spread over the bins
 * of a hash index keyed by (communicator, source, tag) with the matching-model's own hash
 * ({@link Bins#of}, the four-index strategy's exact index). Per stream (rank x communicator with
 * at least one message) and bin count: empty bins (no pair falls into them) and colliding pairs
 * (pairs that share their bin with a pair counted before, i.e. pairs minus occupied bins).
 * Reported as sums over the streams, so that percentages weight every stream by its bins or pairs.
 */
public record BinUsage(String trace, int streams, long pairs, int maxPairs, Map<Integer, Long> emptyBins, Map<Integer, Long> collisions) {

    /** Computes the usage of {@code streams} for every count in {@code bins}. */
    public static BinUsage of(String trace, List<EventStream> streams, List<Integer> bins) {
        Map<Integer, Long> empty = new LinkedHashMap<>();
        Map<Integer, Long> coll = new LinkedHashMap<>();
        for (int b : bins) {
            empty.put(b, 0L);
            coll.put(b, 0L);
        }
        int used = 0;
        long pairs = 0;
        int maxPairs = 0;
        for (EventStream s : streams) {
            Set<Long> seen = new HashSet<>();
            for (Event e : s.events()) {
                if (e instanceof Event.Arrive) {
                    Event.Arrive a = (Event.Arrive) e;
                    seen.add(((long) a.source() << 32) | (a.tag() & 0xffffffffL));
                }
            }
            if (seen.isEmpty()) continue;
            used++;
            pairs += seen.size();
            maxPairs = Math.max(maxPairs, seen.size());
            for (int b : bins) {
                Set<Integer> occupied = new HashSet<>();
                for (long p : seen) occupied.add(Bins.of(b, s.comm(), (int) (p >> 32), (int) p));
                empty.merge(b, (long) (b - occupied.size()), Long::sum);
                coll.merge(b, (long) (seen.size() - occupied.size()), Long::sum);
            }
        }
        return new BinUsage(trace, used, pairs, maxPairs, empty, coll);
    }

    /** Distinct (source, tag) pairs per stream, on average. */
    public double pairsPerStream() {
        return streams == 0 ? 0 : (double) pairs / streams;
    }

    /** Empty bins in percent of all bins of all streams at {@code bins} bins. */
    public double emptyPercent(int bins) {
        return streams == 0 ? 0 : 100.0 * emptyBins.get(bins) / ((long) bins * streams);
    }

    /** Pairs that share their bin with another, in percent of all pairs, at {@code bins} bins. */
    public double collidingPercent(int bins) {
        return pairs == 0 ? 0 : 100.0 * collisions.get(bins) / pairs;
    }
}
