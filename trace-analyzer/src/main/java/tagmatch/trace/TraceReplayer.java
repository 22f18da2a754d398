package tagmatch.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.Consumer;
import tagmatch.otm.OtmConfig;
import tagmatch.process.ProgressMeter;
import tagmatch.process.ParameterError;

/**
 * {@code replay(traces, target)}: each rank's event streams of a trace through the ALPU RTL or the
 * generated firmware, every post and arrival checked against the reference matcher; one
 * per-rank table per trace. Every stream of every trace is parsed and checked against the target
 * before any runs.
 */
public final class TraceReplayer {
    /**
     * Where the streams run: the ALPU ({@code alpu} non-null) or the firmware ({@code firmware}
     * non-null, built in {@code work}).
     *
     * @param ranks the ranks to replay; null for all
     * @param cache the parsed-trace cache; null for none
     */
    public record Options(AlpuReplay.Setup alpu, OtmConfig firmware, Path work, List<Integer> ranks, int parseThreads, TraceCache cache) {
        /** What the {@link ParameterError} of {@link #checkRanks} names. */
        public enum Parameter {
            RANKS;

            @Override
            public String toString() {
                return "ranks";
            }
        }

        public Options {
            if ((alpu == null) == (firmware == null)) throw new IllegalArgumentException("replay through exactly one of the ALPU and the firmware");
            ranks = ranks == null ? null : List.copyOf(ranks);
        }

        String through() {
            return alpu != null ? "alpu" : "firmware";
        }
    }

    private TraceReplayer() {}

    /**
     * Replays {@code traces}; {@code tables} hears each trace's table as soon as it is done.
     * Returns true when every operation of every trace gave the reference matcher's result.
     */
    public static boolean replay(List<TraceFiles.Trace> traces, Options options, Consumer<String> tables, ProgressMeter.Factory progress) {
        List<Integer> ranks = options.ranks();
        checkRanks(traces, ranks);
        boolean alpu = options.alpu() != null;
        List<List<EventStream>> work = new ArrayList<>();
        boolean agree = true;
        try (ReplayTarget target = alpu ? new AlpuReplay(options.alpu()) : new FirmwareReplay(options.firmware(), options.work())) {
            for (TraceFiles.Trace t : traces) {
                List<RankLog> logs = RankFileScheduler.parse(t.ranks(), options.parseThreads(), n -> {}, options.cache());
                List<EventStream> streams = new ArrayList<>();
                for (EventStream s : EventStreams.build(logs).streams()) {
                    if (ranks != null && !ranks.contains(s.rank())) continue;
                    target.check(t.name(), s);
                    streams.add(s);
                }
                work.add(streams);
            }
            for (int i = 0; i < traces.size(); i++) {
                TreeMap<Integer, RankReplay> byRank = new TreeMap<>();
                for (int r = 0; r < traces.get(i).ranks().size(); r++) if (ranks == null || ranks.contains(r)) byRank.put(r, RankReplay.empty(r));
                try (ProgressMeter bar = progress.start("replay " + traces.get(i).name() + " through " + options.through(),
                        sum(work.get(i)), "operations")) {
                    for (EventStream s : work.get(i)) {
                        RankReplay r = target.run(s, bar::stepBy);
                        byRank.put(s.rank(), byRank.get(s.rank()).plus(r).withRank(s.rank()));
                    }
                }
                tables.accept(table(traces.get(i).name(), target.describe(), alpu, new ArrayList<>(byRank.values())));
                for (RankReplay r : byRank.values()) agree &= r.allAgree();
            }
        }
        return agree;
    }

    /** Fails naming the trace when {@code ranks} (null for all) names a rank some trace does not have. */
    public static void checkRanks(List<TraceFiles.Trace> traces, List<Integer> ranks) {
        for (TraceFiles.Trace t : traces) {
            if (ranks != null) for (int r : ranks) {
                if (r >= t.ranks().size()) {
                    throw new ParameterError(Options.Parameter.RANKS, "must be in 0.." + (t.ranks().size() - 1) + ", the ranks of trace " + t.name(), r);
                }
            }
        }
    }

    private static long sum(List<EventStream> streams) {
        long n = 0;
        for (EventStream s : streams) n += s.posts() + s.arrivals();
        return n;
    }

    /** The per-rank summary of one trace. */
    static String table(String trace, String target, boolean alpu, List<RankReplay> ranks) {
        StringBuilder sb = new StringBuilder();
        sb.append(trace).append(" through ").append(target).append(":\n");
        if (alpu) {
            sb.append(String.format(Locale.ROOT, "%6s %8s %9s %9s %9s %11s %11s %10s %8s%n", "rank", "streams", "posts", "arrivals", "agree",
                    "ALPU alone", "+software", "cycles/op", "batches"));
        } else {
            sb.append(String.format(Locale.ROOT, "%6s %8s %9s %9s %9s %9s %10s %10s %10s %10s %10s%n", "rank", "streams", "posts", "arrivals", "agree",
                    "blocks", "conflicts", "fast path", "slow path", "in order", "fallbacks"));
        }
        RankReplay all = RankReplay.empty(-1);
        for (RankReplay r : ranks) {
            row(sb, String.valueOf(r.rank()), r, alpu);
            all = all.plus(r);
        }
        row(sb, "all", all, alpu);
        if (all.allAgree()) {
            sb.append(String.format(Locale.ROOT, "every one of the %d posts and arrivals gave the reference matcher's result%n", all.operations()));
        } else {
            sb.append(String.format(Locale.ROOT, "%d of %d posts and arrivals differ from the reference matcher; the first: %s%n",
                    all.operations() - all.agree(), all.operations(), all.firstDifference()));
        }
        return sb.append('\n').toString();
    }

    private static void row(StringBuilder sb, String rank, RankReplay r, boolean alpu) {
        if (alpu) {
            sb.append(String.format(Locale.ROOT, "%6s %8d %9d %9d %9d %11d %11d %10.2f %8d%n", rank, r.streams(), r.posts(), r.arrivals(), r.agree(),
                    r.alpuOnly(), r.softwareSearched(), r.cyclesPerOperation(), r.batches()));
        } else {
            sb.append(String.format(Locale.ROOT, "%6s %8d %9d %9d %9d %9d %10d %10d %10d %10d %10d%n", rank, r.streams(), r.posts(), r.arrivals(),
                    r.agree(), r.blocks(), r.conflicts(), r.fastPath(), r.slowPath(), r.inOrder(), r.fallbacks()));
        }
    }
}
