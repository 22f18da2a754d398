package tagmatch.testbench.dpa;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import tagmatch.dpa.DpaConfig;
import tagmatch.model.Event;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * What {@code otm_dpa_cluster.c} reads at {@code dpa_input}: the handler's threads, the
 * cluster's shape (the threads spread over its cores) and the workload, each event as six
 * little-endian 64-bit words (kind, id, source, tag, protocol, length; the protocol and length of
 * a message as {@link WorkloadFile} gives them to the host's handler runs).
 */
public record HandlerInput(int threads, int cores, int hartsPerCore, List<Event> events) {
    public HandlerInput {
        if (threads < 1 || threads > cores * hartsPerCore)
            throw new IllegalArgumentException("threads = " + threads + ": legal values are 1 to the cluster's " + cores * hartsPerCore + " harts");
        events = List.copyOf(events);
    }

    public static HandlerInput of(DpaConfig cluster, int threads, List<Event> events) {
        return new HandlerInput(threads, cluster.cores(), cluster.threads(), events);
    }

    byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(8 * (4 + 6 * events.size())).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(threads).putLong(cores).putLong(hartsPerCore).putLong(events.size());
        for (Event e : events) {
            if (e instanceof Event.Post p) {
                b.putLong('P').putLong(p.id()).putLong(p.source()).putLong(p.tag()).putLong(0).putLong(0);
            } else if (e instanceof Event.Arrive a) {
                b.putLong('A').putLong(a.id()).putLong(a.source()).putLong(a.tag()).putLong(WorkloadFile.proto(a.id()))
                        .putLong(WorkloadFile.length(a.id()));
            } else {
                b.putLong('E').putLong(0).putLong(0).putLong(0).putLong(0).putLong(0);
            }
        }
        return b.array();
    }
}
