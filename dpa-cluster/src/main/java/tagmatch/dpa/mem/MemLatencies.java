package tagmatch.dpa.mem;

import tagmatch.dpa.MemResponse;

/**
 * The run-time costs of the cache hierarchy, in cycles a thread waits after an access served
 * there: an L1 hit, the L2, the L3, the cluster's memory (DRAM) and host memory behind the
 * window; {@code atomic} is what an AMO or LR/SC costs on top of reaching the L2, where atomics
 * are performed; {@code wire} is the NIC's, not a core's: the round trip of an RDMA read to the
 * sender's memory. {@code storeBuffer} is not a latency but what hides one: the entries of each
 * thread's store buffer (0: a store waits for its write). Where each default comes from is in docs/dpa.md: none is published, all are
 * guesses, which is why {@link MemorySetting} names three of them.
 */
public record MemLatencies(int l1, int l2, int l3, int dram, int host, int atomic, int wire, int storeBuffer) {
    /** The most entries a thread's store buffer may have. */
    public static final int MAX_STORE_BUFFER = 15;
    /** The largest wait an access can report. */
    public static final int MAX = (1 << MemResponse.WAIT_BITS) - 1;

    public MemLatencies {
        check("l1-latency", l1);
        check("l2-latency", l2);
        check("l3-latency", l3);
        check("dram-latency", dram);
        check("host-latency", host);
        check("atomic-latency", atomic);
        check("wire-latency", wire);
        if (storeBuffer < 0 || storeBuffer > MAX_STORE_BUFFER)
            throw new IllegalArgumentException("--store-buffer must be in 0.." + MAX_STORE_BUFFER + " entries, got " + storeBuffer);
        if (l2 + atomic > MAX || l3 + atomic > MAX || dram + atomic > MAX)
            throw new IllegalArgumentException("--atomic-latency plus the L2, L3 or DRAM latency must be <= " + MAX + ", got " + atomic);
    }

    private static void check(String name, int v) {
        if (v < 0 || v > MAX) throw new IllegalArgumentException("--" + name + " must be in 0.." + MAX + ", got " + v);
    }

    public MemLatencies withL1(int v) { return new MemLatencies(v, l2, l3, dram, host, atomic, wire, storeBuffer); }

    public MemLatencies withL2(int v) { return new MemLatencies(l1, v, l3, dram, host, atomic, wire, storeBuffer); }

    public MemLatencies withL3(int v) { return new MemLatencies(l1, l2, v, dram, host, atomic, wire, storeBuffer); }

    public MemLatencies withDram(int v) { return new MemLatencies(l1, l2, l3, v, host, atomic, wire, storeBuffer); }

    public MemLatencies withHost(int v) { return new MemLatencies(l1, l2, l3, dram, v, atomic, wire, storeBuffer); }

    public MemLatencies withAtomic(int v) { return new MemLatencies(l1, l2, l3, dram, host, v, wire, storeBuffer); }

    public MemLatencies withWire(int v) { return new MemLatencies(l1, l2, l3, dram, host, atomic, v, storeBuffer); }

    public MemLatencies withStoreBuffer(int v) { return new MemLatencies(l1, l2, l3, dram, host, atomic, wire, v); }
}
