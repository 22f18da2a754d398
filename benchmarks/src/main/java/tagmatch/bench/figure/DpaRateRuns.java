package tagmatch.bench.figure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.PingPong;
import tagmatch.process.ProgressMeter;

/**
 * Figure 8's ping-pongs on the simulated DPA as independent runs: each series (a ping-pong
 * through a handler under a memory setting) is split into {@link PingPong#runs()}, each of
 * which starts from a fresh cluster, so that no sequence depends on state another run leaves;
 * a run two series share (the first half's runs are the whole's first ones) is simulated once;
 * the runs go to {@link ClusterRuns}' workers in any order and are summed back per series. The
 * sums are what running each series whole gives, run for run.
 */
final class DpaRateRuns {
    /** A ping-pong through {@code image} under {@code memory}. */
    record Series(PingPong pingPong, HandlerImage image, MemorySetting memory) {}

    private DpaRateRuns() {}

    /** The runs of every series, each simulated once; {@code meter} steps once a run. */
    static Map<Series, PingPong.Result> measure(List<Series> series, DpaRun dpa, ClusterRuns runs, LatencyOverrides fixed, Path work,
                                                ProgressMeter meter) {
        LinkedHashSet<Series> unique = new LinkedHashSet<>();
        for (Series s : series) for (PingPong r : s.pingPong().runs()) unique.add(new Series(r, s.image(), s.memory()));
        List<Series> todo = new ArrayList<>(unique);
        List<PingPong.Result> results = runs.map(todo, r -> {
            PingPong.Result x = r.pingPong().run(dpa, r.image(), r.memory(), fixed, work);
            synchronized (meter) {
                meter.step();
            }
            return x;
        });
        Map<Series, PingPong.Result> byRun = new HashMap<>();
        for (int i = 0; i < todo.size(); i++) byRun.put(todo.get(i), results.get(i));
        Map<Series, PingPong.Result> out = new LinkedHashMap<>();
        for (Series s : series) {
            PingPong.Result sum = null;
            for (PingPong r : s.pingPong().runs()) {
                PingPong.Result one = byRun.get(new Series(r, s.image(), s.memory()));
                sum = sum == null ? one : sum.plus(one);
            }
            out.put(s, sum);
        }
        return out;
    }

    /** The runs {@link #measure} simulates for {@code series}: the distinct runs of them all. */
    static int count(List<Series> series) {
        LinkedHashSet<Series> unique = new LinkedHashSet<>();
        for (Series s : series) for (PingPong r : s.pingPong().runs()) unique.add(new Series(r, s.image(), s.memory()));
        return unique.size();
    }
}
