package tagmatch.dpasystem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.CacheCounts;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.dpa.nic.HostAccesses;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/**
 * The handler end to end on the cluster ({@link HandlerRun}) on {@code otm_bench}'s workloads:
 * {@code depth} receives posted, then blocks of min(N, depth) arrivals that each take a posted
 * receive picked at random (no conflict: every receive its own key; conflict: every key (0, 0)),
 * each block followed by the host's reposts of the receives it consumed. For each case and N,
 * and for the list through the same handler on one thread and on the largest N (matching one
 * message at a time, the threads' protocol stages overlapping), under every {@link MemorySetting}:
 * messages per second at {@code clockGhz}, cycles per message by phase, thread 0's serial
 * share, cache hit rates. Every run is checked against the reference, payload bytes included;
 * a difference fails the bench.
 */
public final class HandlerBench {
    /** What to measure; {@code latencies} are fixed in every memory setting of the band. */
    public record Setup(List<BenchCase> cases, int depth, int messages, List<Integer> threads, int bins, double clockGhz,
                        LatencyOverrides latencies) {
        public Setup {
            cases = List.copyOf(cases);
            threads = List.copyOf(threads);
        }
    }

    /** One matcher on N threads on one case: the outcome under each memory setting. */
    public record Row(BenchCase kase, HandlerImage.Matcher matcher, int threads, Map<MemorySetting, HandlerRun.Outcome> bySetting) {
        /** The row's name in the table: N for the optimistic matcher, "list/N" for the list. */
        public String name() {
            return matcher == HandlerImage.Matcher.OTM ? String.valueOf(threads) : matcher.cliName() + "/" + threads;
        }
    }

    private final Setup setup;
    private final List<Row> rows;

    private HandlerBench(Setup setup, List<Row> rows) {
        this.setup = setup;
        this.rows = rows;
    }

    public List<Row> rows() {
        return rows;
    }

    /** The workload of {@code kase}: ids of posts from 0, of messages from 1 000 000. */
    public static List<Event> workload(BenchCase kase, int depth, int messages, int n, long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        List<Event> ev = new ArrayList<>();
        int[][] key = new int[depth][];
        long[] postId = new long[depth];
        long nextPost = 0, nextMsg = 1_000_000;
        for (int i = 0; i < depth; i++) {
            key[i] = kase == BenchCase.CONFLICT ? new int[] {0, 0} : new int[] {i % 64, i / 64};
            postId[i] = nextPost++;
            ev.add(new Event.Post(postId[i], 0, key[i][0], key[i][1]));
        }
        int block = Math.min(n, depth);
        int[] pick = new int[depth];
        for (int i = 0; i < depth; i++) pick[i] = i;
        for (int sent = 0; sent < messages; sent += block) {
            for (int j = 0; j < block; j++) {
                int x = j + rnd.nextInt(depth - j), t = pick[j];
                pick[j] = pick[x];
                pick[x] = t;
                ev.add(new Event.Arrive(nextMsg++, 0, key[pick[j]][0], key[pick[j]][1]));
            }
            ev.add(new Event.BlockEnd());
            for (int j = 0; j < block; j++) {
                postId[pick[j]] = nextPost++;
                ev.add(new Event.Post(postId[pick[j]], 0, key[pick[j]][0], key[pick[j]][1]));
            }
        }
        return ev;
    }

    /** Measures every row; {@code step} is told after each run. */
    public static HandlerBench measure(DpaRun dpa, Setup s, Path work, Consumer<String> step) {
        OtmConfig base = OtmConfig.defaults().withBins(s.bins()).withCapacities(Math.max(64, 2 * s.depth()), Math.max(64, 2 * s.depth()));
        Map<Integer, HandlerImage> images = new LinkedHashMap<>();
        for (int n : s.threads()) images.put(n, HandlerImage.build(base.withThreads(n), HandlerImage.Matcher.OTM, work));
        Map<Integer, HandlerImage> lists = new LinkedHashMap<>();
        for (int n : listThreads(s)) lists.put(n, HandlerImage.build(base.withThreads(n), HandlerImage.Matcher.LIST, work));
        List<Row> rows = new ArrayList<>();
        for (BenchCase k : s.cases()) {
            for (int n : s.threads()) rows.add(row(dpa, images.get(n), k, n, workload(k, s.depth(), s.messages(), n, 1), s.latencies(), work, step));
            for (int n : lists.keySet()) rows.add(row(dpa, lists.get(n), k, n, workload(k, s.depth(), s.messages(), n, 1), s.latencies(), work, step));
        }
        return new HandlerBench(s, rows);
    }

    /** The list runs on one thread and on the largest N. */
    private static List<Integer> listThreads(Setup s) {
        int top = s.threads().stream().mapToInt(Integer::intValue).max().orElseThrow();
        return top == 1 ? List.of(1) : List.of(1, top);
    }

    private static Row row(DpaRun dpa, HandlerImage image, BenchCase k, int n, List<Event> events, LatencyOverrides latencies, Path work,
                           Consumer<String> step) {
        Map<MemorySetting, HandlerRun.Outcome> m = new EnumMap<>(MemorySetting.class);
        for (MemorySetting ms : MemorySetting.values()) {
            HandlerRun.Outcome o = HandlerRun.run(dpa, image, HandlerFeed.afterSetup(events, HandlerFeed.Pace.defaults()),
                    DpaRun.Options.defaults().withMemory(ms, latencies), work);
            String name = image.matcher().cliName() + ", N = " + n;
            if (!o.passed()) throw new IllegalStateException(k.label() + ", " + name + ", " + ms + ": " + o.difference());
            m.put(ms, o);
            step.accept(k.label() + " " + name + " " + ms);
        }
        return new Row(k, image.matcher(), n, m);
    }

    private double perSecond(HandlerRun.Outcome o) {
        return o.messages() * setup.clockGhz() * 1e9 / o.cycles();
    }

    /** The table: per case and N, messages per second as a band, cycles per message by phase (likely memory), thread 0's share, hit rates. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        String fixed = setup.latencies().describe();
        sb.append(String.format(Locale.ROOT, "messages per second at %.1f GHz (optimistic / likely / pessimistic memory%s); cycles per message, all threads,"
                + " by phase, likely memory; thread 0's serial share, and its working cycles over the mean thread's; hit rates, likely memory;"
                + " the harts' host-memory loads and AMOs per message%n",
                setup.clockGhz(), fixed.isEmpty() ? "" : ", each with " + fixed));
        sb.append(String.format(Locale.ROOT, "%-12s %-8s %-26s %7s", "case", "N", "M msg/s", "cyc/msg"));
        for (String p : HandlerRun.PHASES) sb.append(String.format(Locale.ROOT, " %9s", p.split(" ")[0]));
        sb.append(String.format(Locale.ROOT, " %7s %7s %6s %6s %7s %7s%n", "t0", "t0/mean", "L1D", "L2", "ld/msg", "amo/msg"));
        for (Row r : rows) {
            HandlerRun.Outcome o = r.bySetting().get(MemorySetting.LIKELY);
            sb.append(String.format(Locale.ROOT, "%-12s %-8s %6.2f / %6.2f / %6.2f %7.0f", r.kase().label(), r.name(),
                    perSecond(r.bySetting().get(MemorySetting.OPTIMISTIC)) / 1e6, perSecond(o) / 1e6,
                    perSecond(r.bySetting().get(MemorySetting.PESSIMISTIC)) / 1e6, (double) o.cycles() / o.messages()));
            for (int k = 0; k < HandlerRun.PHASES.size(); k++) sb.append(String.format(Locale.ROOT, " %9.0f", (double) o.phaseTotal(k) / o.messages()));
            CacheCounts c = o.caches();
            sb.append(String.format(Locale.ROOT, " %6.1f%% %7.2f %5.1f%% %5.1f%% %7.2f %7.2f%n", 100 * o.threadZeroSerialShare(), o.threadZeroOverMean(),
                    100 * CacheCounts.rate(c.l1dHits(), c.l1dMisses()), 100 * CacheCounts.rate(c.l2Hits(), c.l2Misses()),
                    HostAccesses.perMessage(o.host().loads(), o.messages()), HostAccesses.perMessage(o.host().amos(), o.messages())));
        }
        return sb.toString();
    }

    /**
     * The targets, no conflict, at the largest N: >= 8x the handler's own rate at N = 1, >= 3x the
     * list's through the same handler on as many threads; each under every memory setting. The
     * list on one thread is shown beside it.
     */
    public String targets() {
        int top = setup.threads().stream().mapToInt(Integer::intValue).max().orElseThrow();
        StringBuilder sb = new StringBuilder();
        Row one = find(BenchCase.NO_CONFLICT, HandlerImage.Matcher.OTM, 1), best = find(BenchCase.NO_CONFLICT, HandlerImage.Matcher.OTM, top),
                list = find(BenchCase.NO_CONFLICT, HandlerImage.Matcher.LIST, top), listOne = find(BenchCase.NO_CONFLICT, HandlerImage.Matcher.LIST, 1);
        if (best == null || list == null) return "targets: need the no-conflict case\n";
        double t0 = best.bySetting().get(MemorySetting.LIKELY).threadZeroOverMean();
        sb.append(String.format(Locale.ROOT, "%-72s %.2fx (target at most 2x): %s%n", String.format(Locale.ROOT,
                "no conflict, depth %d, likely memory, N = %d: thread 0's work over the mean thread's", setup.depth(), top), t0,
                t0 <= 2 ? "MET" : "MISSED"));
        double trips = rows.stream().mapToDouble(r -> r.bySetting().get(MemorySetting.LIKELY).hostRoundTripsPerMessage()).max().orElse(0);
        sb.append(String.format(Locale.ROOT, "%-72s %.2f (target 0): %s%n", "host-memory loads and AMOs per message, worst row", trips,
                trips == 0 ? "MET" : "MISSED"));
        for (MemorySetting ms : MemorySetting.values()) {
            double b = perSecond(best.bySetting().get(ms));
            if (one != null) sb.append(verdict(String.format(Locale.ROOT, "no conflict, depth %d, %s memory: N = %d against N = 1", setup.depth(),
                    ms.name().toLowerCase(Locale.ROOT), top), b / perSecond(one.bySetting().get(ms)), 8));
            sb.append(verdict(String.format(Locale.ROOT, "no conflict, depth %d, %s memory: N = %d against the list on %d", setup.depth(),
                    ms.name().toLowerCase(Locale.ROOT), top, top), b / perSecond(list.bySetting().get(ms)), 3));
            if (listOne != null && top != 1)
                sb.append(String.format(Locale.ROOT, "%-72s %.2fx%n", String.format(Locale.ROOT, "no conflict, depth %d, %s memory: N = %d against the list on 1",
                        setup.depth(), ms.name().toLowerCase(Locale.ROOT), top), b / perSecond(listOne.bySetting().get(ms))));
        }
        return sb.toString();
    }

    private Row find(BenchCase k, HandlerImage.Matcher m, int n) {
        for (Row r : rows) if (r.kase() == k && r.matcher() == m && r.threads() == n) return r;
        return null;
    }

    private static String verdict(String what, double ratio, double target) {
        return String.format(Locale.ROOT, "%-72s %.2fx (target %.0fx): %s%n", what, ratio, target,
                ratio >= target ? "MET" : String.format(Locale.ROOT, "MISSED by %.0f %%", 100 * (1 - ratio / target)));
    }
}
