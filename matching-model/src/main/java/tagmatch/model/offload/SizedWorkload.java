package tagmatch.model.offload;

import java.util.List;
import tagmatch.model.Event;

/** A receiving rank's events with the size, contiguity and time of each: what the offload engine runs on. */
public record SizedWorkload(String name, List<Event> events, Transfers transfers) {
    public SizedWorkload {
        events = List.copyOf(events);
    }

    /** Runs {@code engine} over every event; returns what it counted. */
    public OffloadCounts run(OffloadEngine engine) {
        for (Event e : events) engine.apply(e);
        return engine.counts();
    }
}
