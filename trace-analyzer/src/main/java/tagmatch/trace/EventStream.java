package tagmatch.trace;

import java.util.List;
import tagmatch.model.Event;

/** The matching workload of one receiving rank on one communicator (its handle), in arrival order. */
public record EventStream(int rank, int comm, List<Event> events) {
    public long posts() {
        return events.stream().filter(e -> e instanceof Event.Post).count();
    }

    public long arrivals() {
        return events.stream().filter(e -> e instanceof Event.Arrive).count();
    }
}
