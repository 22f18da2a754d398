package tagmatch.testbench.firmware;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tagmatch.model.Event;

/**
 * One otm context serves one communicator, so a workload is split into one event stream per
 * communicator. Order is kept, and every block of the workload closes the sub-block of each
 * communicator that had arrivals in it.
 */
public final class CommSplit {
    private CommSplit() {}

    public static Map<Integer, List<Event>> split(List<Event> events) {
        Map<Integer, List<Event>> out = new TreeMap<>();
        Map<Integer, Boolean> open = new TreeMap<>();
        for (Event e : events) {
            if (e instanceof Event.Post p) {
                out.computeIfAbsent(p.comm(), k -> new ArrayList<>()).add(e);
            } else if (e instanceof Event.Arrive a) {
                out.computeIfAbsent(a.comm(), k -> new ArrayList<>()).add(e);
                open.put(a.comm(), true);
            } else {
                for (Map.Entry<Integer, Boolean> o : open.entrySet()) {
                    if (o.getValue()) out.get(o.getKey()).add(e);
                }
                open.clear();
            }
        }
        for (Map.Entry<Integer, Boolean> o : open.entrySet()) {
            if (o.getValue()) out.get(o.getKey()).add(new Event.BlockEnd());
        }
        return out;
    }
}
