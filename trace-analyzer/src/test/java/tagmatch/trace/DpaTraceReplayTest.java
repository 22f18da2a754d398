package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.model.Event;
import tagmatch.model.Mpi;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpasystem.AlpuUnits;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.MatcherComparison;

class DpaTraceReplayTest {
    @Test
    void aClipKeepsTheFirstPostsAndArrivalsInOrderWithTheirKeysAndRenumbersThem() {
        List<Event> s = List.of(new Event.Post(7, 3, 1, 5), new Event.BlockEnd(), new Event.Arrive(99, 3, 1, 5),
                new Event.Post(8, 3, Mpi.ANY_SOURCE, Mpi.ANY_TAG), new Event.Arrive(100, 3, 2, 6));
        assertEquals(List.of(new Event.Post(0, 0, 1, 5), new Event.Arrive(1_000_000, 0, 1, 5), new Event.Post(1, 0, Mpi.ANY_SOURCE, Mpi.ANY_TAG)),
                DpaTraceReplay.clip(s, 3));
    }

    @Test
    void aWildcardTraceThroughEveryMatcherOnTheClusterEqualsTheReference() {
        List<HandlerImage.Matcher> all = List.of(HandlerImage.Matcher.values());
        MatcherComparison.Setup setup = new MatcherComparison.Setup(all, List.of(), 0, 24, 2, 1, AlpuUnits.of(8, 4, 64, 16), 1.8, LatencyOverrides.NONE);
        TraceFiles.Trace t = TraceFiles.find(List.of(Dumpi.root().resolve("data/traces/mpi-wildcard-n2"))).get(0);
        List<String> steps = new ArrayList<>();
        DpaTraceReplay.Result r = DpaTraceReplay.replay(List.of(t), setup, 24, new DpaConfig(1, 2, 1, 16), Path.of("target", "dpa-trace-replay"),
                1, null, steps::add);
        assertEquals(all.size(), r.comparison().rows().size(), "one run per matcher: " + steps);
        DpaTraceReplay.Clip c = r.clips().get(0);
        assertEquals(Math.min(24, c.of()), c.kept(), c.describe());
        assertTrue(c.posts() > 0 && c.arrivals() > 0, c.describe());
        assertTrue(r.comparison().table().contains("mpi-wildcard-n2"), r.comparison().table());
    }
}
