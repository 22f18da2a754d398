package tagmatch.trace;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.model.Costs;
import tagmatch.model.Event;
import tagmatch.model.Matcher;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.strategy.StrategyOptions;

/**
 * Replays the event streams of one trace through the matching strategies of the
 * matching-model: every strategy on every rank, and the four-index strategy once per bin count
 * for seed 000 section V's queue depth against bins (see {@link Result#depthMean}). One fresh matcher per rank and communicator, since
 * every communicator has its own matching structures (seed 000 section IV). Every strategy's
 * result for every event is compared with the reference matcher's: on a correct strategy they
 * agree ({@link StrategyStats#disagreements()} = 0).
 */
public final class TraceAnalysis {
    /** The strategy that measures queue depth against bins: seed 000 figure 3's indexes. */
    public static final String BINNED = "four-index";

    /**
     * The result for one trace. {@code byBins}: bins -> per-rank four-index stats; {@code callMix}:
     * seed 000 figure 6; {@code binUsage}: distinct source/tag pairs, empty bins and collisions at
     * every bin count.
     */
    public record Result(String trace, int ranks, EventStreams.Conversion conversion, List<RankLog> logs,
                         Map<String, List<StrategyStats>> byStrategy, Map<Integer, List<StrategyStats>> byBins,
                         CallMix callMix, BinUsage binUsage, long unexpectedArrivals) {

        /** Messages that found no posted receive (the reference stored them as unexpected) over all messages. */
        public double unexpectedFraction() {
            long arrivals = 0;
            for (EventStream s : conversion.streams()) arrivals += s.arrivals();
            return arrivals == 0 ? 0 : (double) unexpectedArrivals / arrivals;
        }

        /**
         * Queue depth as seed 000 counts it, with {@code bins} bins: the entries a post or arrival
         * passes over before its match (all entries of the bins it searches when there is none),
         * averaged over every post and arrival. {@link #depthMean} counts the matching entry too,
         * so it is at least 0.5 when every arrival finds its receive already posted; this one is 0
         * when every match is the first entry of its bin.
         */
        public double seedDepthMean(int bins) {
            double sum = 0;
            long ops = 0;
            for (StrategyStats s : byBins.get(bins)) {
                long n = s.posts() + s.arrivals();
                sum += s.passedPerOp() * n;
                ops += n;
            }
            return ops == 0 ? 0 : sum / ops;
        }

        /**
         * Queue depth with {@code bins} bins over the whole trace: the entries in the bins one post
         * or arrival has to search (summed over the indexes it searches), averaged over every
         * post and arrival of every rank. With one bin this is the whole queue the operation
         * searches, i.e. traditional matching's queue depth, as in seed 000 figure 7.
         */
        public double depthMean(int bins) {
            double sum = 0;
            long ops = 0;
            for (StrategyStats s : byBins.get(bins)) {
                sum += s.binDepthMean() * s.binSearches();
                ops += s.posts() + s.arrivals();
            }
            return ops == 0 ? 0 : sum / ops;
        }

        /** The deepest single bin any operation searched with {@code bins} bins. */
        public long depthMax(int bins) {
            long m = 0;
            for (StrategyStats s : byBins.get(bins)) m = Math.max(m, s.binDepthMax());
            return m;
        }

        public long events() {
            long n = 0;
            for (EventStream s : conversion.streams()) n += s.events().size();
            return n;
        }
    }

    private TraceAnalysis() {}

    /**
     * Runs {@code strategies} (each with {@code options}) and {@link #BINNED} at every count of
     * {@code bins} over the streams of {@code logs}.
     */
    public static Result run(String trace, List<RankLog> logs, List<String> strategies, List<Integer> bins, StrategyOptions options) {
        EventStreams.Conversion conv = EventStreams.build(logs);
        Map<EventStream, List<tagmatch.model.Result>> reference = new IdentityHashMap<>();
        long unexpected = 0;
        for (EventStream s : conv.streams()) {
            List<tagmatch.model.Result> r = results(Strategies.create("reference", options), s);
            reference.put(s, r);
            for (tagmatch.model.Result x : r) if (x != null && x.outcome() == tagmatch.model.Outcome.UNEXPECTED) unexpected++;
        }
        Map<String, List<StrategyStats>> byStrategy = new LinkedHashMap<>();
        for (String s : strategies) byStrategy.put(s, perRank(s, logs.size(), conv.streams(), options, reference));
        Map<Integer, List<StrategyStats>> byBins = new LinkedHashMap<>();
        for (int b : bins) byBins.put(b, perRank(BINNED, logs.size(), conv.streams(), options.withBins(b), reference));
        return new Result(trace, logs.size(), conv, logs, byStrategy, byBins, CallMix.of(trace, logs), BinUsage.of(trace, conv.streams(), bins),
                unexpected);
    }

    /** Every event's result ({@code null} for block ends). */
    private static List<tagmatch.model.Result> results(Matcher m, EventStream s) {
        List<tagmatch.model.Result> out = new ArrayList<>(s.events().size());
        for (Event e : s.events()) out.add(m.apply(e));
        m.endBlock();
        return out;
    }

    private static List<StrategyStats> perRank(String strategy, int ranks, List<EventStream> streams, StrategyOptions options,
                                               Map<EventStream, List<tagmatch.model.Result>> reference) {
        List<StrategyStats> out = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            List<Costs> costs = new ArrayList<>();
            String rejected = null;
            long differ = 0;
            for (EventStream s : streams) {
                if (s.rank() != rank) continue;
                Matcher m = Strategies.create(strategy, options);
                List<tagmatch.model.Result> got;
                try {
                    got = results(m, s);
                } catch (IllegalArgumentException e) {
                    rejected = e.getMessage();
                    break;
                }
                List<tagmatch.model.Result> want = reference.get(s);
                for (int i = 0; i < got.size(); i++) if (!java.util.Objects.equals(got.get(i), want.get(i))) differ++;
                costs.add(m.costs());
            }
            out.add(rejected != null ? StrategyStats.rejected(strategy, rank, rejected) : StrategyStats.of(strategy, rank, costs, differ));
        }
        return out;
    }
}
