package tagmatch.dpasystem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import tagmatch.dpa.DpaConfig;
import tagmatch.model.Event;

/**
 * What {@code otm_dpa_driver.c} is told to do, as the little-endian 64-bit words it reads at
 * {@code dpa_input}: a mode, the matcher threads, the cluster's cores and hardware threads per
 * core (the driver spreads the threads over the cores), a benchmark case and an event list.
 * Every hart of the cluster is started; those of no thread park at once.
 */
public record DriverInput(Mode mode, int threads, int cores, int hartsPerCore, BenchCase kase, int depth, long messages,
                          List<List<Event>> streams) {
    /** 0: every event's result printed (co-simulation); 1: a benchmark of the firmware; 2: of the list on hart 0. */
    public enum Mode { COSIM, BENCH_FIRMWARE, BENCH_LIST }

    public DriverInput {
        if (threads < 1 || threads > cores * hartsPerCore)
            throw new IllegalArgumentException("threads = " + threads + ": legal values are 1 to the cluster's " + cores * hartsPerCore + " harts");
        streams = List.copyOf(streams);
    }

    /** A co-simulation on {@code threads} harts of {@code streams}, each in a context of its own (one communicator each). */
    public static DriverInput cosim(DpaConfig cluster, int threads, List<List<Event>> streams) {
        return new DriverInput(Mode.COSIM, threads, cluster.cores(), cluster.threads(), BenchCase.NO_CONFLICT, 1, 0, streams);
    }

    public static DriverInput bench(DpaConfig cluster, boolean firmware, int threads, BenchCase kase, int depth, long messages) {
        return new DriverInput(firmware ? Mode.BENCH_FIRMWARE : Mode.BENCH_LIST, threads, cluster.cores(), cluster.threads(), kase, depth,
                messages, List.of());
    }

    /** The words: a new context ('I') before every stream but the first. */
    byte[] bytes() {
        int n = 0;
        for (List<Event> s : streams) n += s.size() + 1;
        ByteBuffer b = ByteBuffer.allocate(8 * (8 + 4 * n)).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(mode.ordinal()).putLong(threads).putLong(cores).putLong(hartsPerCore).putLong(kase.ordinal()).putLong(depth).putLong(messages).putLong(n);
        for (List<Event> s : streams) {
            b.putLong('I').putLong(0).putLong(0).putLong(0);
            for (Event e : s) put(b, e);
        }
        return b.array();
    }

    private static void put(ByteBuffer b, Event e) {
        if (e instanceof Event.Post p) {
            b.putLong('P').putLong(p.id()).putLong(p.source()).putLong(p.tag());
        } else if (e instanceof Event.Arrive a) {
            b.putLong('A').putLong(a.id()).putLong(a.source()).putLong(a.tag());
        } else {
            b.putLong('E').putLong(0).putLong(0).putLong(0);
        }
    }
}
