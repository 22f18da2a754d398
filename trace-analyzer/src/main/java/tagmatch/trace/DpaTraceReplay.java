package tagmatch.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.DpaConfig;
import tagmatch.model.Event;
import tagmatch.dpasystem.MatcherComparison;

/**
 * Traces through the matchers behind the same handler on the simulated DPA cluster
 * ({@link MatcherComparison}), one case per trace: its busiest event stream (the rank and
 * communicator with the most posts and arrivals), clipped to its first posts and arrivals, as the
 * cluster runs a few thousand cycles per message. The clip keeps the stream's sources, tags and
 * wildcards and its order; ids are renumbered as the bench's workloads number theirs (posts from
 * 0, messages from 10^6), so payload sizes and protocols follow the bench's rule. Every run is
 * checked against the reference.
 */
public final class DpaTraceReplay {
    /** What one trace contributed: its stream, the posts and arrivals kept and how many it had. */
    public record Clip(String trace, int rank, int comm, int kept, long of, long posts, long arrivals) {
        public String describe() {
            return String.format(Locale.ROOT, "%s: rank %d, communicator %d, the first %,d of its %,d posts and arrivals (%,d posts, %,d arrivals)%s",
                    trace, rank, comm, kept, of, posts, arrivals, kept < of ? ", clipped" : "");
        }
    }

    /** The comparison over every trace's case, and what each case kept of its trace. */
    public record Result(MatcherComparison comparison, List<Clip> clips) {}

    private DpaTraceReplay() {}

    /** Replays {@code traces}, at most {@code events} posts and arrivals each, through {@code setup}'s matchers on {@code cluster}, one run at a time on Verilator. */
    public static Result replay(List<TraceFiles.Trace> traces, MatcherComparison.Setup setup, int events, DpaConfig cluster, Path work,
                                int parseThreads, TraceCache cache, Consumer<String> step) {
        return replay(traces, setup, events, cluster, ClusterRuns.serial(ClusterSimulator.VERILATOR), work, parseThreads, cache, step);
    }

    /** The same, simulated as {@code runs} says: each matcher on each trace a run of its own. */
    public static Result replay(List<TraceFiles.Trace> traces, MatcherComparison.Setup setup, int events, DpaConfig cluster, ClusterRuns runs,
                                Path work, int parseThreads, TraceCache cache, Consumer<String> step) {
        if (events < 1) throw new IllegalArgumentException("events must be at least 1, got " + events);
        List<MatcherComparison.Case> cases = new ArrayList<>();
        List<Clip> clips = new ArrayList<>();
        for (TraceFiles.Trace t : traces) {
            EventStream busiest = null;
            for (EventStream s : EventStreams.build(RankFileScheduler.parse(t.ranks(), parseThreads, n -> {}, cache)).streams()) {
                if (busiest == null || s.posts() + s.arrivals() > busiest.posts() + busiest.arrivals()) busiest = s;
            }
            if (busiest == null || busiest.posts() + busiest.arrivals() == 0) {
                throw new IllegalArgumentException(t.name() + " has no posts or arrivals to replay");
            }
            List<Event> kept = clip(busiest.events(), events);
            long posts = kept.stream().filter(e -> e instanceof Event.Post).count();
            clips.add(new Clip(t.name(), busiest.rank(), busiest.comm(), kept.size(), busiest.posts() + busiest.arrivals(), posts, kept.size() - posts));
            cases.add(new MatcherComparison.Case(t.name(), 0, false, kept.size(), n -> kept));
        }
        return new Result(MatcherComparison.measure(cluster, runs, setup, cases, work, step), clips);
    }

    /** The first {@code max} posts and arrivals of {@code events}, renumbered, on communicator 0. */
    static List<Event> clip(List<Event> events, int max) {
        List<Event> out = new ArrayList<>();
        long post = 0, msg = 1_000_000;
        for (Event e : events) {
            if (out.size() == max) break;
            if (e instanceof Event.Post p) out.add(new Event.Post(post++, 0, p.source(), p.tag()));
            else if (e instanceof Event.Arrive a) out.add(new Event.Arrive(msg++, 0, a.source(), a.tag()));
        }
        return List.copyOf(out);
    }
}
