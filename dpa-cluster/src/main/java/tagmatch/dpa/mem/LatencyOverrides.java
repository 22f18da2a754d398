package tagmatch.dpa.mem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Latencies a user fixed on the command line, each null where the setting's own value stands.
 * A bench that reports a band applies them to every {@link MemorySetting} of the band, so that one
 * guess (the host latency, say) can be moved while the others keep their band.
 */
public record LatencyOverrides(Integer l1, Integer l2, Integer l3, Integer dram, Integer host, Integer atomic, Integer wire, Integer storeBuffer,
                               Integer writeBack) {
    /** Nothing overridden. */
    public static final LatencyOverrides NONE = new LatencyOverrides(null, null, null, null, null, null, null, null, null);

    /** {@code base} with every overridden latency in place of its value; a bad value fails naming its option. */
    public MemLatencies apply(MemLatencies base) {
        MemLatencies m = base;
        if (l1 != null) m = m.withL1(l1);
        if (l2 != null) m = m.withL2(l2);
        if (l3 != null) m = m.withL3(l3);
        if (dram != null) m = m.withDram(dram);
        if (host != null) m = m.withHost(host);
        if (atomic != null) m = m.withAtomic(atomic);
        if (wire != null) m = m.withWire(wire);
        if (storeBuffer != null) m = m.withStoreBuffer(storeBuffer);
        if (writeBack != null) m = m.withWriteBack(writeBack);
        return m;
    }

    /** These overrides with the wire latency (an RDMA read's round trip) fixed at {@code cycles}. */
    public LatencyOverrides withWire(int cycles) {
        return new LatencyOverrides(l1, l2, l3, dram, host, atomic, cycles, storeBuffer, writeBack);
    }

    /** {@code setting}'s latencies with these overrides. */
    public MemLatencies apply(MemorySetting setting) {
        return apply(setting.latencies());
    }

    /** The overrides as options ("--host-latency 0"), or "" with none; for the heading of a table. */
    public String describe() {
        List<Integer> given = Arrays.asList(l1, l2, l3, dram, host, atomic, wire, storeBuffer, writeBack);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) if (given.get(i) != null) parts.add(MemLatencies.OPTIONS.get(i) + " " + given.get(i));
        return String.join(" ", parts);
    }
}
