package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.otm.OtmConfig;

/** Shared set-up of the firmware co-simulation tests. */
final class CosimSupport {
    static final Path ROOT = Path.of("target", "otm-builds");

    private CosimSupport() {}

    static Hints hints(OtmConfig c) {
        return new Hints(c.noAnySource(), c.noAnyTag());
    }

    static Capacities caps(OtmConfig c) {
        return new Capacities(c.maxRecvs(), c.maxUnexpected());
    }

    /** Every generator's workload for this build, with N-message blocks, split per communicator. */
    static List<List<Event>> streams(OtmConfig c, long seed, int size) {
        List<List<Event>> out = new ArrayList<>();
        for (String kind : Workloads.kinds()) {
            WorkloadSpec spec = WorkloadSpec.of(kind).withBlockSize(c.threads()).withSeed(seed)
                    .withHints(hints(c)).withSize(size).withRounds(3);
            Workload w = Workloads.generate(spec);
            for (Map.Entry<Integer, List<Event>> e : CommSplit.split(w.events()).entrySet()) {
                out.add(withBadInput(e.getValue(), c, seed));
            }
        }
        return out;
    }

    /**
     * Adds refused operations: a message with a negative tag inside a block (it must still take
     * part in the block's synchronization) and, under a hint, a post with the forbidden wildcard.
     */
    static List<Event> withBadInput(List<Event> events, OtmConfig c, long seed) {
        List<Event> out = new ArrayList<>(events);
        int comm = 0;
        for (Event e : events) {
            if (e instanceof Event.Post p) { comm = p.comm(); break; }
            if (e instanceof Event.Arrive a) { comm = a.comm(); break; }
        }
        long id = 1_000_000_000L + seed * 10;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) instanceof Event.Arrive a) {
                out.add(i + 1, new Event.Arrive(id, comm, a.source(), -5));
                out = new ArrayList<>(Workloads.blocked(out, c.threads()));
                break;
            }
        }
        if (c.noAnySource()) out.add(0, new Event.Post(id + 1, comm, -1, 3));
        if (c.noAnyTag()) out.add(0, new Event.Post(id + 2, comm, 3, -1));
        out.add(0, new Event.Post(id + 3, comm, -7, 0));
        return out;
    }

    /** Compares results and the exact statistics with the reference. */
    static void assertMatchesReference(String what, List<Event> events, OtmConfig c, List<OpResult> got, long[] stats) {
        List<OpResult> want = Expected.of(events, caps(c), hints(c));
        assertNull(Expected.firstDifference(events, want, got), what);
        if (stats != null) {
            long[] exact = Expected.exactStats(events, want);
            long[] gotExact = {stats[0], stats[1], stats[2], stats[3], stats[7]};
            assertArrayEquals(exact, gotExact, what + ": posted, matched_at_post, unexpected, matched, fallbacks "
                    + Arrays.toString(gotExact));
        }
    }
}
