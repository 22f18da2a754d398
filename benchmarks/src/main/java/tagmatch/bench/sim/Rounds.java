package tagmatch.bench.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs every path once per round, in the order given, round after round (A B C A B C, never
 * A A B B C C): load from other processes comes and goes, and alternating makes it fall on every
 * path alike, so that a round's ratios compare paths that ran under the same load.
 */
final class Rounds {
    /** One timed run of one path. */
    interface Path<T> {
        T run() throws Exception;
    }

    private Rounds() {}

    /** {@code runs} rounds; round {@code r} holds each path's result in the order of {@code paths}. */
    static <T> List<List<T>> alternate(int runs, List<Path<T>> paths) throws Exception {
        List<List<T>> rounds = new ArrayList<>(runs);
        for (int r = 0; r < runs; r++) {
            List<T> round = new ArrayList<>(paths.size());
            for (Path<T> p : paths) {
                round.add(p.run());
            }
            rounds.add(List.copyOf(round));
        }
        return List.copyOf(rounds);
    }
}
