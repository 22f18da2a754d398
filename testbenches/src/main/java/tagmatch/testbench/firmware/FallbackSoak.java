package tagmatch.testbench.firmware;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Mpi;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.otm.OtmConfig;

/**
 * A soak of the DPA handler with host software's fallback, judged as one system by
 * {@link SystemCosim}: builds whose receive and unexpected-message capacities run through
 * {@link #CAPACITIES} (or the ones given), N = 1 to 32, bins 1/16/128, both hints and in-order
 * runs in turn, every workload kind on a new seed per stream, each stream's rounds longer than
 * its build's capacities so that the DPA runs out of room, some with host software posting
 * late, until exactly {@code ops} posts and arrivals ran or one answer differed. Capacities
 * whose workloads never overflowed them fail the soak (the fallback went untested there), as
 * does host software answering fewer calls than the DPA had no room for (both computed from
 * the workloads, {@link SystemCosim#certainlyByHost}, so the verdict does not hang on timing). Only two kinds post
 * wildcards themselves, so every other stream has a share of its receives turned into
 * {@code ANY_SOURCE}, {@code ANY_TAG} or both ({@link #mixWildcards}), as the build's hints
 * allow: wildcards meet every kind, capacity and N. What {@code tagmatch cosim firmware
 * --fallback} runs.
 *
 * @param target {@code native}, {@code tsan} (the handler under ThreadSanitizer) or {@code riscv} (under qemu-riscv64)
 * @param posts receives posted
 * @param wildcardPosts of them, receives with {@code ANY_SOURCE} or {@code ANY_TAG}
 * @param byHost calls host software answered
 * @param receivesByHost of them, receives (the rest are messages)
 * @param certainByHost calls host software answers on every run whatever the timing ({@link SystemCosim#certainlyByHost})
 * @param certainReceivesByHost of them, receives
 * @param byCapacity per pair of capacities run, the calls and the share host software answered
 * @param failure the first difference; null when the soak passed
 */
public record FallbackSoak(String target, long operations, long streams, long posts, long wildcardPosts, long byHost, long receivesByHost,
                           long certainByHost, long certainReceivesByHost, List<Share> byCapacity, String failure) {
    /** The capacities a soak runs through unless given, for receives and for unexpected messages. */
    public static final int[] CAPACITIES = {1, 2, 4, 16, 64};

    /**
     * The calls run on builds of {@code receives} and {@code unexpected} capacity, how many of
     * them host software answered, and how many it had to (the DPA had no room for them).
     */
    public record Share(int receives, int unexpected, long calls, long byHost, long certainByHost) {
        /** The summary line: the share answered on the DPA and by host software. */
        public String line() {
            return String.format(java.util.Locale.ROOT, "receives %d, unexpected %d: %d calls, %.1f %% on the DPA, %.1f %% by host software",
                    receives, unexpected, calls, 100.0 * (calls - byHost) / calls, 100.0 * byHost / calls);
        }
    }

    private static final int[] THREADS = {4, 32, 1, 8, 16};
    private static final int[] BINS = {16, 1, 128};
    private static final int[] IN_ORDER_RUNS = {OtmConfig.DEFAULT_IN_ORDER_RUN, 1, 0};
    /** Streams run on one build before the soak moves to the next shape. */
    private static final int STREAMS_PER_BUILD = 9;

    public boolean passed() {
        return failure == null;
    }

    /** The verdict line of {@code tagmatch cosim firmware --fallback}. */
    public String verdict() {
        return passed() ? "PASS: " + operations + " operations in " + streams + " streams on " + target + ", " + wildcardPosts + " of "
                + posts + " receives wildcards, " + byHost + " answered by host software ("
                + receivesByHost + " receives, " + (byHost - receivesByHost) + " messages), 0 differences: every answer and receive buffer equal to the "
                + "reference's" + byCapacity.stream().map(c -> System.lineSeparator() + "  " + c.line()).collect(java.util.stream.Collectors.joining())
                : "FAIL: " + failure;
    }

    /**
     * Runs the soak with its builds under {@code root} (a directory the caller owns).
     * {@code maxRecvs} and {@code maxUnexpected} of 0 cycle through {@link #CAPACITIES}; {@code progress}
     * hears the operations done so far.
     */
    public static FallbackSoak run(String target, long ops, long seed, int maxRecvs, int maxUnexpected, Path root, LongConsumer progress) {
        String[] artifact = artifact(target);
        List<String> launcher = target.equals("riscv") ? List.of("qemu-riscv64") : List.of();
        Map<String, Path> built = new HashMap<>();
        long done = 0, streams = 0, host = 0, hostReceives = 0, posts = 0, wildcards = 0, certain = 0, certainReceives = 0;
        String failure = null;
        Map<List<Integer>, long[]> shares = new java.util.TreeMap<>(java.util.Comparator.<List<Integer>>comparingInt(k -> k.get(0))
                .thenComparingInt(k -> k.get(1)));
        List<String> kinds = Workloads.kinds();
        for (int round = 0; done < ops && failure == null; round++) {
            OtmConfig cfg = shape(round, maxRecvs, maxUnexpected);
            Path bin = built.computeIfAbsent(cfg.key(), k -> FirmwareBuild.generate(cfg, root).artifact(artifact[0], artifact[1]));
            Hints hints = new Hints(cfg.noAnySource(), cfg.noAnyTag());
            for (int s = 0; s < STREAMS_PER_BUILD && done < ops && failure == null; s++) {
                long ws = seed + streams;
                String kind = kinds.get((int) (streams % kinds.size()));
                Workload w = Workloads.generate(WorkloadSpec.of(kind).withBlockSize(cfg.threads()).withSeed(ws)
                        .withHints(hints).withSize(overflowing(cfg) + (int) (ws % 13)).withRounds(2).withComms(1));
                List<Event> one = CommSplit.split(w.events()).values().iterator().next();
                if (streams % 2 == 1) one = mixWildcards(one, hints, ws);
                List<Event> ev = FirmwareSoak.prefix(one, ops - done);
                List<String> args = streams % 5 == 4 ? List.of("lag-posts") : List.of();
                SystemCosim.Verdict v = SystemCosim.run(launcher, bin, ev, hints, root.resolve("work").toAbsolutePath(), args);
                if (!v.passed()) {
                    failure = cfg.key() + " " + kind + " seed " + ws + (streams % 2 == 1 ? " wildcards mixed" : "")
                            + (args.isEmpty() ? "" : " lag-posts") + ": " + v.problem();
                    break;
                }
                long calls = ev.stream().filter(x -> !(x instanceof Event.BlockEnd)).count();
                done += calls;
                SystemCosim.ByHost forced = SystemCosim.certainlyByHost(ev, hints, new Capacities(cfg.maxRecvs(), cfg.maxUnexpected()));
                long[] share = shares.computeIfAbsent(List.of(cfg.maxRecvs(), cfg.maxUnexpected()), k -> new long[3]);
                share[0] += calls;
                share[1] += v.byHost();
                share[2] += forced.total();
                host += v.byHost();
                hostReceives += v.receivesByHost();
                certain += forced.total();
                certainReceives += forced.receives();
                for (Event e : ev) {
                    if (!(e instanceof Event.Post p)) continue;
                    posts++;
                    if (p.source() == Mpi.ANY_SOURCE || p.tag() == Mpi.ANY_TAG) wildcards++;
                }
                streams++;
                progress.accept(done);
            }
        }
        if (done != ops && failure == null) throw new IllegalStateException("ran " + done + " operations instead of " + ops);
        List<Share> byCapacity = new ArrayList<>();
        shares.forEach((k, v) -> byCapacity.add(new Share(k.get(0), k.get(1), v[0], v[1], v[2])));
        for (Share c : byCapacity) {
            if (failure != null) break;
            String where = "receives " + c.receives() + ", unexpected " + c.unexpected() + ": ";
            if (c.certainByHost() == 0) {
                failure = where + "no workload of " + c.calls() + " calls overflowed the DPA, so the fallback went untested there"
                        + " (a longer soak, --ops, runs whole workloads on it)";
            } else if (c.byHost() < c.certainByHost()) {
                failure = where + "host software answered " + c.byHost() + " calls, the DPA had no room for " + c.certainByHost();
            }
        }
        return new FallbackSoak(target, done, streams, posts, wildcards, host, hostReceives, certain, certainReceives, byCapacity, failure);
    }

    /**
     * {@code events} with about a quarter of its receives made wildcards, seeded: {@code ANY_SOURCE},
     * {@code ANY_TAG} or both, each only where {@code hints} allow it. Messages are unchanged, so
     * every message still has the receive it had or an older wildcard one that takes it first.
     */
    static List<Event> mixWildcards(List<Event> events, Hints hints, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Event> out = new ArrayList<>(events.size());
        for (Event e : events) {
            if (!(e instanceof Event.Post p)) {
                out.add(e);
                continue;
            }
            int pick = rnd.nextInt(12);
            boolean anySource = (pick == 0 || pick == 2) && !hints.noAnySource();
            boolean anyTag = (pick == 1 || pick == 2) && !hints.noAnyTag();
            out.add(new Event.Post(p.id(), p.comm(), anySource ? Mpi.ANY_SOURCE : p.source(), anyTag ? Mpi.ANY_TAG : p.tag()));
        }
        return out;
    }

    /**
     * A round's messages: past the larger capacity by a few, so that a kind that posts its
     * receives first, or sends its messages first, leaves more waiting than the DPA can store.
     */
    static int overflowing(OtmConfig cfg) {
        return Math.min(Math.max(cfg.maxRecvs(), cfg.maxUnexpected()), 1000) + 3;
    }

    /**
     * The build of round {@code round}: capacities from {@link #CAPACITIES} unless given (every
     * one within the first five rounds, each N with each in 25), N, bins, hints and in-order run
     * in turn.
     */
    static OtmConfig shape(int round, int maxRecvs, int maxUnexpected) {
        int n = CAPACITIES.length;
        int recvs = maxRecvs > 0 ? maxRecvs : CAPACITIES[(round + round / n) % n];
        int unexpected = maxUnexpected > 0 ? maxUnexpected : CAPACITIES[(round + 2 * (round / n) + 1) % n];
        return OtmConfig.defaults().withThreads(THREADS[round % THREADS.length]).withBins(BINS[round % BINS.length])
                .withCapacities(recvs, unexpected).withHints(round % 7 == 5, round % 7 == 6)
                .withInOrderRun(IN_ORDER_RUNS[round % IN_ORDER_RUNS.length]);
    }

    /** The make target and program of each target. */
    private static String[] artifact(String target) {
        switch (target) {
            case "native": return new String[] {"handler", "otm_handler"};
            case "tsan": return new String[] {"handler-tsan", "otm_handler_tsan"};
            case "riscv": return new String[] {"rv64-linux", "otm_handler_rv64"};
            default: throw new IllegalArgumentException("target must be native, tsan or riscv, got " + target);
        }
    }
}
