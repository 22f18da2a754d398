package tagmatch.testbench.firmware;

import java.util.ArrayList;
import java.util.List;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.InputRules;
import tagmatch.model.ReferenceMatcher;

/** What the reference says for one communicator's event stream, one result per post or arrival. */
public final class Expected {
    private Expected() {}

    public static List<OpResult> of(List<Event> events, Capacities caps, Hints hints) {
        ReferenceMatcher ref = new ReferenceMatcher(caps, new InputRules(hints, Integer.MAX_VALUE));
        List<OpResult> out = new ArrayList<>();
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            try {
                out.add(OpResult.of(ref.apply(e)));
            } catch (IllegalArgumentException bad) {
                out.add(OpResult.ARG);   /* the reference refuses it and changes nothing */
            }
        }
        return out;
    }

    /** Null when equal, else a description of the first difference. */
    public static String firstDifference(List<Event> events, List<OpResult> expected, List<OpResult> got) {
        List<Event> ops = new ArrayList<>();
        for (Event e : events) if (!(e instanceof Event.BlockEnd)) ops.add(e);
        if (got.size() != expected.size()) {
            return "expected " + expected.size() + " results, got " + got.size();
        }
        for (int i = 0; i < expected.size(); i++) {
            if (!expected.get(i).equals(got.get(i))) {
                return "operation " + i + " " + ops.get(i) + ": reference " + expected.get(i) + ", firmware " + got.get(i);
            }
        }
        return null;
    }

    /** The five exact counters of otm_stats implied by the results. */
    public static long[] exactStats(List<Event> events, List<OpResult> results) {
        long posted = 0, matchedAtPost = 0, unexpected = 0, matched = 0, fallbacks = 0;
        int i = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            OpResult r = results.get(i++);
            boolean post = e instanceof Event.Post;
            if (r.status() == OpResult.POSTED) posted++;
            if (r.status() == OpResult.MATCHED && post) matchedAtPost++;
            if (r.status() == OpResult.UNEXPECTED) unexpected++;
            if (r.status() == OpResult.MATCHED && !post) matched++;
            if (r.status() == OpResult.ERR_FULL) fallbacks++;
        }
        return new long[] {posted, matchedAtPost, unexpected, matched, fallbacks};
    }
}
