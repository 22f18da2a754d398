package tagmatch.model.offload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import tagmatch.model.Event;

/**
 * Seed 003 §6.3's 3D stencil kernel as workloads: ranks on a periodic px × py × pz torus; each
 * iteration a rank posts one receive per face neighbour (MPI_Irecv, contiguous faces), sends its
 * six faces (MPI_Isend), computes, and waits for its six messages. A message arrives
 * {@code latencyNs} after its send; computing takes {@code computeNs} times (1 + jitter·u), u
 * uniform in [0, 1): the only randomness, seeded. A rank starts the next iteration when it has
 * computed and all its messages are in, so a rank held up by a slow neighbour posts late and
 * finds that neighbour's next message already waiting (unexpected).
 *
 * <p>Compute time, jitter and latency are guesses (the paper gives none), swept in
 * {@code docs/BENCHMARKS.md}. Tags name the direction a face travels (0..5), so a rank's two
 * neighbours along an axis are told apart even when they are the same rank.
 */
public final class Stencil3d {
    /** The kernel's shape and timing. */
    public record Spec(int px, int py, int pz, int iterations, long faceBytes, long computeNs, double jitter, long latencyNs, long seed) {
        public Spec {
            if (px < 1 || py < 1 || pz < 1) throw new IllegalArgumentException("grid must be >= 1 in each dimension, got " + px + "x" + py + "x" + pz);
            if (iterations < 1) throw new IllegalArgumentException("iterations must be >= 1, got " + iterations);
            if (faceBytes < 0) throw new IllegalArgumentException("faceBytes must be >= 0, got " + faceBytes);
            if (computeNs < 0 || latencyNs < 0) throw new IllegalArgumentException("computeNs and latencyNs must be >= 0");
            if (!(jitter >= 0)) throw new IllegalArgumentException("jitter must be >= 0, got " + jitter);
        }

        /** 4 × 4 × 4 ranks, 100 iterations, 64 KiB faces, 100 µs of compute with 20 % jitter, 2 µs latency. */
        public static Spec defaults() {
            return new Spec(4, 4, 4, 100, 64 * 1024, 100_000, 0.2, 2_000, 1);
        }

        public Spec withJitter(double j) {
            return new Spec(px, py, pz, iterations, faceBytes, computeNs, j, latencyNs, seed);
        }

        public Spec withIterations(int n) {
            return new Spec(px, py, pz, n, faceBytes, computeNs, jitter, latencyNs, seed);
        }

        int ranks() {
            return px * py * pz;
        }
    }

    private record Timed(long time, int order, Event event, Transfer transfer) {}

    private Stencil3d() {}

    /** One workload per rank, in rank order. */
    public static List<SizedWorkload> generate(Spec spec) {
        int n = spec.ranks();
        int[][] neighbour = new int[n][6];
        for (int r = 0; r < n; r++) {
            int x = r % spec.px(), y = (r / spec.px()) % spec.py(), z = r / (spec.px() * spec.py());
            int[][] d = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
            for (int k = 0; k < 6; k++) {
                int nx = Math.floorMod(x + d[k][0], spec.px()), ny = Math.floorMod(y + d[k][1], spec.py()), nz = Math.floorMod(z + d[k][2], spec.pz());
                neighbour[r][k] = nx + spec.px() * (ny + spec.py() * nz);
            }
        }
        SplittableRandom rng = new SplittableRandom(spec.seed());
        List<List<Timed>> timeline = new ArrayList<>();
        for (int r = 0; r < n; r++) timeline.add(new ArrayList<>());
        long[] start = new long[n];
        for (int it = 0; it < spec.iterations(); it++) {
            long[] next = new long[n];
            for (int r = 0; r < n; r++) {
                long compute = (long) (spec.computeNs() * (1 + spec.jitter() * rng.nextDouble()));
                next[r] = start[r] + compute;
                for (int k = 0; k < 6; k++) {
                    // Receive the face that travels in direction k: it comes from the neighbour opposite, k ^ 1.
                    timeline.get(r).add(new Timed(start[r], 2 * k, new Event.Post(0, 0, neighbour[r][k ^ 1], k),
                            new Transfer(spec.faceBytes(), true, start[r])));
                }
            }
            for (int r = 0; r < n; r++) {
                for (int k = 0; k < 6; k++) {
                    int to = neighbour[r][k];
                    long at = start[r] + spec.latencyNs();
                    timeline.get(to).add(new Timed(at, 2 * k + 1, new Event.Arrive(0, 0, r, k), new Transfer(spec.faceBytes(), true, at)));
                    next[to] = Math.max(next[to], at);
                }
            }
            start = next;
        }
        List<SizedWorkload> out = new ArrayList<>();
        for (int r = 0; r < n; r++) out.add(stream(r, timeline.get(r)));
        return out;
    }

    /** The rank's events by time (a post first on a tie, then by direction), ids from 0. */
    private static SizedWorkload stream(int rank, List<Timed> timed) {
        timed.sort(Comparator.comparingLong(Timed::time).thenComparingInt(t -> t.event() instanceof Event.Post ? 0 : 1)
                .thenComparingInt(Timed::order));
        List<Event> events = new ArrayList<>();
        List<Transfer> transfers = new ArrayList<>();
        long id = 0;
        for (Timed t : timed) {
            if (t.event() instanceof Event.Post p) events.add(new Event.Post(id++, p.comm(), p.source(), p.tag()));
            else {
                Event.Arrive a = (Event.Arrive) t.event();
                events.add(new Event.Arrive(id++, a.comm(), a.source(), a.tag()));
            }
            transfers.add(t.transfer());
        }
        return new SizedWorkload("stencil-3d rank " + rank, events, Transfers.byIndex(transfers));
    }
}
