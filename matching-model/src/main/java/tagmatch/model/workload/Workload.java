package tagmatch.model.workload;

import java.util.List;
import tagmatch.model.Event;

/** A named, seeded event stream for one receiving rank; {@code events} is immutable. */
public record Workload(String name, long seed, List<Event> events) {
    public Workload {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("workload name must not be empty");
        if (events == null) throw new IllegalArgumentException("workload events must not be null");
        events = List.copyOf(events);
    }

    /** Number of posts plus arrivals (block ends not counted). */
    public int operations() {
        int n = 0;
        for (Event e : events) if (!(e instanceof Event.BlockEnd)) n++;
        return n;
    }
}
