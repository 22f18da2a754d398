package tagmatch.trace;

import java.util.List;
import tagmatch.model.Event;
import tagmatch.model.offload.Transfer;
import tagmatch.model.offload.Transfers;

/**
 * The matching workload of one receiving rank on one communicator (its handle), in arrival order,
 * with the size, layout and time of each post and arrival ({@code transfers}, indexed by event id).
 */
public record EventStream(int rank, int comm, List<Event> events, List<Transfer> transfers) {
    public long posts() {
        return events.stream().filter(e -> e instanceof Event.Post).count();
    }

    public long arrivals() {
        return events.stream().filter(e -> e instanceof Event.Arrive).count();
    }

    /** The transfers by event id, as the offload engines take them. */
    public Transfers byId() {
        return Transfers.byIndex(transfers);
    }
}
