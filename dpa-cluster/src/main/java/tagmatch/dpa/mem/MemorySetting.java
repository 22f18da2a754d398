package tagmatch.dpa.mem;

import tagmatch.process.ParameterError;

/**
 * Three named guesses at the hierarchy's costs (cycles at the DPA's 1.8 GHz), for results
 * reported as a band rather than one number. None is published (docs/dpa.md says where each
 * figure comes from): the likely setting takes common values for a small in-order core's caches,
 * DDR at about 110 ns, a PCIe read at about 1 µs and an RDMA read's round trip at 1.5 µs; the
 * other two halve or double the uncertain parts (the wire: 1 to 2 µs). A thread's stores go
 * through an 8-entry store buffer but under the pessimistic setting, where each waits for its
 * write; only the optimistic setting's L1D is write-back (a store hitting it costs an L1 hit).
 */
public enum MemorySetting {
    OPTIMISTIC(new MemLatencies(1, 8, 20, 100, 900, 2, 1800, 8, 1)),
    LIKELY(new MemLatencies(2, 16, 40, 200, 1800, 4, 2700, 8, 0)),
    PESSIMISTIC(new MemLatencies(3, 30, 80, 400, 3600, 10, 3600, 0, 0));

    private final MemLatencies latencies;

    MemorySetting(MemLatencies latencies) {
        this.latencies = latencies;
    }

    public MemLatencies latencies() {
        return latencies;
    }

    /** What the {@link ParameterError} of {@link #parse} names: the setting asked for. */
    public enum Parameter {
        SETTING;

        @Override
        public String toString() {
            return "memory setting";
        }
    }

    /** The setting named {@code name}, any case; a one-line error naming the legal ones otherwise. */
    public static MemorySetting parse(String name) {
        for (MemorySetting s : values()) if (s.name().equalsIgnoreCase(name)) return s;
        throw new ParameterError(Parameter.SETTING, "must be optimistic, likely or pessimistic", name);
    }
}
