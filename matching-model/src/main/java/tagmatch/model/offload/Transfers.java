package tagmatch.model.offload;

import java.util.List;
import java.util.Map;

/** The {@link Transfer} of each post and arrival of a workload, by event id. */
@FunctionalInterface
public interface Transfers {
    /** The transfer of event {@code id}; never {@code null} for an id of the workload. */
    Transfer of(long id);

    /** Transfers of a workload whose ids count from 0: element {@code i} belongs to event {@code i}. */
    static Transfers byIndex(List<Transfer> transfers) {
        List<Transfer> copy = List.copyOf(transfers);
        return id -> {
            if (id < 0 || id >= copy.size()) throw new IllegalArgumentException("event id " + id + " has no transfer: known are 0.." + (copy.size() - 1));
            return copy.get((int) id);
        };
    }

    /** Transfers by id from a map. */
    static Transfers of(Map<Long, Transfer> transfers) {
        Map<Long, Transfer> copy = Map.copyOf(transfers);
        return id -> {
            Transfer t = copy.get(id);
            if (t == null) throw new IllegalArgumentException("event id " + id + " has no transfer");
            return t;
        };
    }
}
