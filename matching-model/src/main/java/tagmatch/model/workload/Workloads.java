package tagmatch.model.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Mpi;

/**
 * Seeded, reproducible workload generators: the same {@link WorkloadSpec} always gives the same
 * events (a {@link SplittableRandom} seeded with {@code spec.seed()} is the only randomness).
 * Every generator builds the receiver's sequence of posts and arrivals, then {@link #blocked
 * cuts it into blocks}: a block end after every N arrivals and before every post that follows an
 * arrival, so posts never fall inside a block. Ids are unique within a workload (posts and
 * arrivals share one counter, starting at 0).
 *
 * <ul>
 * <li>{@code no-conflict} (seed 000 NC): per round, {@code size} receives with distinct
 *     (source, tag), then their messages in random order.
 * <li>{@code with-conflict} (seed 000 WC): per round, {@code size} receives with the same
 *     (source, tag), then as many matching messages: every thread of a block wants the same receive.
 * <li>{@code shuffle} (seed 002, MadMPI): {@code size} receives with tags 0..size-1, messages with
 *     those tags in random order; odd rounds reverse roles (messages first, so the unexpected
 *     queue is searched).
 * <li>{@code burst} (seed 002): as shuffle, but messages come in posting order.
 * <li>{@code halo-2d}, {@code halo-3d}: 4 or 6 neighbours, {@code max(1, size/neighbours)}
 *     fields each per round; posts and arrivals interleaved at random, each neighbour's messages in order.
 * <li>{@code all-to-all}: as halo with {@code peers} neighbours.
 * <li>{@code many-to-one}: {@code size} receives with ANY_SOURCE (a specific source under the
 *     no-any-source hint) and messages from random senders, interleaved at random.
 * <li>{@code random}: {@code size} random posts or arrivals per round over {@code peers} sources,
 *     a few tags and {@code comms} communicators; a fraction {@code wildcardMix} of receives use
 *     ANY_SOURCE, ANY_TAG or both, as the hints allow.
 * </ul>
 * Where a kind does not mention {@code comms}, each post/message pair gets a random communicator.
 */
public final class Workloads {
    private static final List<String> KINDS = List.of("no-conflict", "with-conflict", "shuffle", "burst",
            "halo-2d", "halo-3d", "all-to-all", "many-to-one", "random");

    private Workloads() {}

    /** The generator names, in a stable order. */
    public static List<String> kinds() {
        return KINDS;
    }

    /** A one-line description of {@code kind}, for command-line help. */
    public static String description(String kind) {
        switch (kind) {
            case "no-conflict": return "seed 000 NC: receives with distinct (source, tag), then their messages in random order";
            case "with-conflict": return "seed 000 WC: receives with one (source, tag), then as many matching messages";
            case "shuffle": return "seed 002: tags 0..size-1 posted in order, messages in random order (odd rounds: messages first)";
            case "burst": return "seed 002: as shuffle, messages in posting order (always the head)";
            case "halo-2d": return "4 neighbours, size/4 fields each, posts and arrivals interleaved";
            case "halo-3d": return "6 neighbours, size/6 fields each, posts and arrivals interleaved";
            case "all-to-all": return "every peer sends size/peers messages, posts and arrivals interleaved";
            case "many-to-one": return "ANY_SOURCE receives, messages from random peers";
            case "random": return "random posts and arrivals, wildcardMix of receives with wildcards, several comms";
            default:
                throw new IllegalArgumentException("workload kind = '" + kind + "' is unknown: legal kinds are "
                        + String.join(", ", KINDS));
        }
    }

    /** The workload {@code kind} with {@link WorkloadSpec#of default} parameters and the given seed. */
    public static Workload generate(String kind, long seed) {
        return generate(WorkloadSpec.of(kind).withSeed(seed));
    }

    /** Generates the workload described by {@code spec}. */
    public static Workload generate(WorkloadSpec spec) {
        if (spec == null) throw new IllegalArgumentException("workload spec must not be null");
        Builder b = new Builder(spec);
        for (int round = 0; round < spec.rounds(); round++) {
            switch (spec.kind()) {
                case "no-conflict": b.noConflict(round); break;
                case "with-conflict": b.withConflict(round); break;
                case "shuffle": b.shuffleOrBurst(round, true); break;
                case "burst": b.shuffleOrBurst(round, false); break;
                case "halo-2d": b.exchange(4); break;
                case "halo-3d": b.exchange(6); break;
                case "all-to-all": b.exchange(spec.peers()); break;
                case "many-to-one": b.manyToOne(); break;
                case "random": b.random(); break;
                default: throw new IllegalStateException("kind " + spec.kind() + " has no generator");
            }
        }
        return new Workload(spec.kind(), spec.seed(), blocked(b.events, spec.blockSize()));
    }

    /**
     * Inserts block ends into a stream of posts and arrivals: after every {@code n} consecutive
     * arrivals, before a post that follows an arrival, and at the end. Existing block ends are kept
     * (and counted as closing the current block).
     */
    public static List<Event> blocked(List<Event> events, int n) {
        if (n < 1) throw new IllegalArgumentException("blockSize = " + n + " is illegal: must be >= 1");
        List<Event> out = new ArrayList<>(events.size() + events.size() / n + 2);
        int open = 0;
        for (Event e : events) {
            if (e instanceof Event.Arrive) {
                out.add(e);
                if (++open == n) {
                    out.add(new Event.BlockEnd());
                    open = 0;
                }
            } else if (e instanceof Event.Post) {
                if (open > 0) {
                    out.add(new Event.BlockEnd());
                    open = 0;
                }
                out.add(e);
            } else if (open > 0) {
                out.add(e);
                open = 0;
            }
        }
        if (open > 0) out.add(new Event.BlockEnd());
        return out;
    }

    /** Accumulates one workload's events; one method per pattern and round. */
    private static final class Builder {
        final WorkloadSpec spec;
        final SplittableRandom rng;
        final List<Event> events = new ArrayList<>();
        long nextId;

        Builder(WorkloadSpec spec) {
            this.spec = spec;
            this.rng = new SplittableRandom(spec.seed());
        }

        Event.Post post(int comm, int source, int tag) {
            return new Event.Post(nextId++, comm, source, tag);
        }

        Event.Arrive arrive(int comm, int source, int tag) {
            return new Event.Arrive(nextId++, comm, source, tag);
        }

        int comm() {
            return spec.comms() == 1 ? 0 : rng.nextInt(spec.comms());
        }

        int[] permutation(int n, boolean shuffled) {
            int[] p = new int[n];
            for (int i = 0; i < n; i++) p[i] = i;
            if (shuffled) {
                for (int i = n - 1; i > 0; i--) {
                    int j = rng.nextInt(i + 1);
                    int t = p[i]; p[i] = p[j]; p[j] = t;
                }
            }
            return p;
        }

        void noConflict(int round) {
            int n = spec.size();
            int[] comms = new int[n];
            for (int i = 0; i < n; i++) {
                comms[i] = comm();
                events.add(post(comms[i], i % spec.peers(), i / spec.peers()));
            }
            for (int i : permutation(n, true)) events.add(arrive(comms[i], i % spec.peers(), i / spec.peers()));
        }

        void withConflict(int round) {
            int c = comm();
            for (int i = 0; i < spec.size(); i++) events.add(post(c, 0, round));
            for (int i = 0; i < spec.size(); i++) events.add(arrive(c, 0, round));
        }

        void shuffleOrBurst(int round, boolean shuffled) {
            int n = spec.size();
            int c = comm();
            int[] order = permutation(n, shuffled);
            if (round % 2 == 0) {
                for (int t = 0; t < n; t++) events.add(post(c, 0, t));
                for (int t : order) events.add(arrive(c, 0, t));
            } else {
                for (int t : order) events.add(arrive(c, 0, t));
                for (int t = 0; t < n; t++) events.add(post(c, 0, t));
            }
        }

        /** Neighbour exchange: posts field-major; each neighbour's messages in field order, neighbours mixed. */
        void exchange(int neighbours) {
            int fields = Math.max(1, spec.size() / neighbours);
            int c = comm();
            List<Event> posts = new ArrayList<>();
            for (int f = 0; f < fields; f++) {
                for (int n = 0; n < neighbours; n++) posts.add(post(c, n, f));
            }
            int[] sent = new int[neighbours];
            List<Integer> pending = new ArrayList<>();
            for (int n = 0; n < neighbours; n++) for (int f = 0; f < fields; f++) pending.add(n);
            List<Event> arrivals = new ArrayList<>();
            while (!pending.isEmpty()) {
                int n = pending.remove(rng.nextInt(pending.size()));
                arrivals.add(arrive(c, n, sent[n]++));
            }
            merge(posts, arrivals);
        }

        void manyToOne() {
            int n = spec.size();
            int c = comm();
            int tag = 0;
            List<Event> arrivals = new ArrayList<>();
            int[] sources = new int[n];
            for (int i = 0; i < n; i++) {
                sources[i] = rng.nextInt(spec.peers());
                arrivals.add(arrive(c, sources[i], tag));
            }
            List<Event> posts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                posts.add(post(c, spec.hints().noAnySource() ? sources[i] : Mpi.ANY_SOURCE, tag));
            }
            merge(posts, arrivals);
        }

        void random() {
            int tags = Math.max(2, Math.min(8, spec.peers()));
            Hints h = spec.hints();
            for (int i = 0; i < spec.size(); i++) {
                int c = comm();
                int source = rng.nextInt(spec.peers());
                int tag = rng.nextInt(tags);
                if (rng.nextBoolean()) {
                    if (rng.nextDouble() < spec.wildcardMix()) {
                        int kind = rng.nextInt(3); // 0: ANY_SOURCE, 1: ANY_TAG, 2: both
                        boolean anySource = (kind == 0 || kind == 2) && !h.noAnySource();
                        boolean anyTag = (kind == 1 || kind == 2) && !h.noAnyTag();
                        if (anySource) source = Mpi.ANY_SOURCE;
                        if (anyTag) tag = Mpi.ANY_TAG;
                    }
                    events.add(post(c, source, tag));
                } else {
                    events.add(arrive(c, source, tag));
                }
            }
        }

        /** Random interleaving that keeps the order within {@code posts} and within {@code arrivals}. */
        void merge(List<Event> posts, List<Event> arrivals) {
            int p = 0;
            int a = 0;
            while (p < posts.size() || a < arrivals.size()) {
                int remP = posts.size() - p;
                int remA = arrivals.size() - a;
                if (remA == 0 || (remP > 0 && rng.nextInt(remP + remA) < remP)) {
                    events.add(posts.get(p++));
                } else {
                    events.add(arrivals.get(a++));
                }
            }
        }
    }
}
