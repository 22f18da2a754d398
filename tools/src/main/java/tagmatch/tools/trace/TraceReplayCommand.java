package tagmatch.tools.trace;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.tools.Check;
import tagmatch.tools.KeepTempOption;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;
import tagmatch.tools.UsageError;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.otm.OtmConfig;

/**
 * {@code tagmatch trace replay}: a trace's real traffic through the ALPU RTL or the generated
 * firmware, every post and arrival checked against the reference matcher.
 */
@Command(name = "replay",
        mixinStandardHelpOptions = true,
        description = {"Replay each rank's event streams through the ALPU RTL (Verilator, the NIC driver with a PRQ and a UMQ unit)",
                "or through the generated firmware (native, N threads), every post and arrival checked against the reference",
                "matcher. Per rank: agreement, operations the ALPUs answered alone versus with a software search and cycles per",
                "operation (alpu), or firmware conflicts, fast and slow paths, in-order messages and fallbacks (firmware). Exit 1 on any difference.",
                "Example: tagmatch trace replay data/traces/lammps-melt --through alpu --cells 16"})
public final class TraceReplayCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories or rank files, as for analyze")
    List<Path> traces;

    @Option(names = "--through", required = true, paramLabel = "TARGET", description = "alpu or firmware")
    String through;

    @Option(names = "--ranks", split = ",", paramLabel = "R", description = "replay only these ranks (default: all)")
    List<Integer> ranks;

    @Option(names = "--cells", paramLabel = "N", description = "alpu: cells of each of the PRQ and UMQ units (default: ${DEFAULT-VALUE})")
    int cells = 16;

    @Option(names = "--block", paramLabel = "B", description = "alpu: cells per block (default: ${DEFAULT-VALUE})")
    int block = 2;

    @Option(names = "--threshold", paramLabel = "T", description = "alpu: the driver loads a list into its unit once it holds T entries (default: ${DEFAULT-VALUE})")
    int threshold = 1;

    @Option(names = "--match-layout", split = ",", paramLabel = "BITS", description = "alpu: bits of comm,source,tag in the match bits (default: 10,16,16)")
    List<Integer> layout = List.of(10, 16, 16);

    @Option(names = "--threads", paramLabel = "N", description = "firmware: threads matching one block of arrivals at once (default: ${DEFAULT-VALUE})")
    int threads = 4;

    @Option(names = "--bins", paramLabel = "B", description = "firmware: bins per index (default: ${DEFAULT-VALUE})")
    int bins = 128;

    @Option(names = "--capacity", split = ",", paramLabel = "N", description = "firmware: receive and unexpected-message table sizes (default: 1024,1024)")
    List<Integer> capacity = List.of(1024, 1024);

    @Option(names = "--no-any-source", description = "firmware: build with the no-any-source hint")
    boolean noAnySource;

    @Option(names = "--no-any-tag", description = "firmware: build with the no-any-tag hint")
    boolean noAnyTag;

    @Option(names = "--parse-threads", paramLabel = "T", description = "rank files parsed in parallel (default: the number of processors)")
    int parseThreads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--cache", paramLabel = "DIR", description = "parsed-trace cache, as for analyze (default: $XDG_CACHE_HOME/tagmatch/traces or ~/.cache/tagmatch/traces)")
    Path cacheDir;

    @Option(names = "--no-cache", description = "parse every rank file, read and write no cache")
    boolean noCache;

    @Option(names = "--no-progress", description = "no progress bar")
    boolean noProgress;

    @CommandLine.Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    @Override
    public Integer call() throws IOException {
        // every option before any work
        boolean alpu = Check.oneOf("--through", through, "alpu", "firmware").equals("alpu");
        Check.atLeast("--parse-threads", parseThreads, 1);
        if (noCache && cacheDir != null) throw new UsageError("--cache and --no-cache exclude each other");
        if (layout.size() != 3) throw new UsageError("--match-layout must be three bit counts COMM,SOURCE,TAG, got " + layout);
        if (capacity.size() != 2) throw new UsageError("--capacity must be two sizes RECEIVES,UNEXPECTED, got " + capacity);
        if (ranks != null) for (int r : ranks) Check.atLeast("--ranks", r, 0);
        if (alpu) Check.atLeast("--threshold", threshold, 1);
        AlpuReplay.Setup alpuSetup;
        OtmConfig fw;
        try {
            alpuSetup = alpu ? new AlpuReplay.Setup(cells, block, threshold, new MatchLayout(layout.get(0), layout.get(1), layout.get(2))) : null;
            fw = alpu ? null : OtmConfig.defaults().withThreads(threads).withBins(bins).withCapacities(capacity.get(0), capacity.get(1))
                    .withHints(noAnySource, noAnyTag);
        } catch (IllegalArgumentException e) {
            throw Check.asOption(option(e.getMessage()), e);
        }
        List<TraceFiles.Trace> found = TraceFiles.find(traces);
        for (TraceFiles.Trace t : found) {
            if (ranks != null) for (int r : ranks) {
                if (r >= t.ranks().size()) {
                    throw new UsageError("--ranks names rank " + r + ", but trace " + t.name() + " has ranks 0.." + (t.ranks().size() - 1));
                }
            }
        }
        TraceCache cache = noCache ? null : new TraceCache(cacheDir != null ? cacheDir : TraceCache.defaultDir());

        // parse and check every stream of every trace before anything runs
        PrintWriter out = spec.commandLine().getOut();
        List<String> names = new ArrayList<>();
        List<List<EventStream>> work = new ArrayList<>();
        long total = 0;
        boolean failed = false;
        try (Temp temp = alpu ? null : keepTemp.dir("replay", spec.commandLine().getErr());
             ReplayTarget target = alpu ? new AlpuReplay(alpuSetup) : new FirmwareReplay(fw, temp.path())) {
            for (TraceFiles.Trace t : found) {
                List<RankLog> logs = TraceParser.parse(t.ranks(), parseThreads, n -> {}, cache);
                List<EventStream> streams = new ArrayList<>();
                for (EventStream s : EventStreams.build(logs).streams()) {
                    if (ranks != null && !ranks.contains(s.rank())) continue;
                    target.check(t.name(), s);
                    streams.add(s);
                    total += s.posts() + s.arrivals();
                }
                names.add(t.name());
                work.add(streams);
            }
            for (int i = 0; i < names.size(); i++) {
                TreeMap<Integer, RankReplay> byRank = new TreeMap<>();
                for (int r = 0; r < found.get(i).ranks().size(); r++) if (ranks == null || ranks.contains(r)) byRank.put(r, RankReplay.empty(r));
                try (Progress bar = noProgress ? null : Progress.start("replay " + names.get(i) + " through " + through,
                        sum(work.get(i)), "operations")) {
                    for (EventStream s : work.get(i)) {
                        RankReplay r = target.run(s, n -> { if (bar != null) bar.stepBy(n); });
                        byRank.put(s.rank(), byRank.get(s.rank()).plus(r).withRank(s.rank()));
                    }
                }
                String table = table(names.get(i), target.describe(), alpu, new ArrayList<>(byRank.values()));
                out.print(table);
                out.flush();
                for (RankReplay r : byRank.values()) failed |= !r.allAgree();
            }
        }
        return failed ? 1 : 0;
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

    /** The option behind a record's check: the ALPU's CELLS and BLOCK, the firmware's threads, bins and capacities. */
    private static String option(String message) {
        if (message.startsWith("CELLS")) return "--cells";
        if (message.startsWith("BLOCK")) return "--block";
        if (message.startsWith("threads")) return "--threads";
        if (message.startsWith("bins")) return "--bins";
        if (message.startsWith("maxRecvs") || message.startsWith("maxUnexpected")) return "--capacity";
        return "--match-layout";
    }
}
