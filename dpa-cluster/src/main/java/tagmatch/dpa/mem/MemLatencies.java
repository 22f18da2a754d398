package tagmatch.dpa.mem;

import tagmatch.dpa.MemResponse;

import java.util.List;

/**
 * The run-time costs of the cache hierarchy, in cycles a thread waits after an access served
 * there: an L1 hit, the L2, the L3, the cluster's memory (DRAM) and host memory behind the
 * window; {@code atomic} is what an AMO or LR/SC costs on top of reaching the L2, where atomics
 * are performed; {@code wire} is the NIC's, not a core's: the round trip of an RDMA read to the
 * sender's memory. {@code storeBuffer} is not a latency but what hides one: the entries of each
 * thread's store buffer (0: a store waits for its write), and {@code writeBack} the L1D's write
 * policy (1: a store that finds its line in its core's L1D costs an L1 hit, as in a write-back
 * cache; 0: every store writes through to the L2). Where each default comes from is in
 * docs/dpa.md: none is published, all are guesses, which is why {@link MemorySetting} names three
 * of them. Each field's option name is declared here once; the command line's options and every
 * message use it.
 */
public record MemLatencies(int l1, int l2, int l3, int dram, int host, int atomic, int wire, int storeBuffer, int writeBack) {
    public static final String L1 = "--l1-latency", L2 = "--l2-latency", L3 = "--l3-latency", DRAM = "--dram-latency",
            HOST = "--host-latency", ATOMIC = "--atomic-latency", WIRE = "--wire-latency", STORE_BUFFER = "--store-buffer",
            WRITE_BACK = "--l1d-write-back";
    /** The fields' option names, in the record's order. */
    public static final List<String> OPTIONS = List.of(L1, L2, L3, DRAM, HOST, ATOMIC, WIRE, STORE_BUFFER, WRITE_BACK);
    /** The most entries a thread's store buffer may have. */
    public static final int MAX_STORE_BUFFER = 15;
    /** The largest wait an access can report. */
    public static final int MAX = (1 << MemResponse.WAIT_BITS) - 1;

    public MemLatencies {
        check(L1, l1, MAX);
        check(L2, l2, MAX);
        check(L3, l3, MAX);
        check(DRAM, dram, MAX);
        check(HOST, host, MAX);
        check(ATOMIC, atomic, MAX);
        check(WIRE, wire, MAX);
        check(STORE_BUFFER, storeBuffer, MAX_STORE_BUFFER);
        check(WRITE_BACK, writeBack, 1);
        if (l2 + atomic > MAX || l3 + atomic > MAX || dram + atomic > MAX)
            throw new IllegalArgumentException(ATOMIC + " plus the L2, L3 or DRAM latency must be <= " + MAX + ", got " + atomic);
    }

    private static void check(String option, int v, int max) {
        if (v < 0 || v > max) throw new IllegalArgumentException(option + " must be in 0.." + max + ", got " + v);
    }

    /** The fields' values, in {@link #OPTIONS}' order. */
    public List<Integer> values() {
        return List.of(l1, l2, l3, dram, host, atomic, wire, storeBuffer, writeBack);
    }

    /**
     * The costs a run's set-up goes at, before anything it measures: every access at an L1 hit's
     * cost, the store buffer and the write policy unchanged, so that the hierarchy holds the same
     * lines when the measured part begins.
     */
    public MemLatencies forSetUp() {
        return new MemLatencies(l1, l1, l1, l1, l1, 0, wire, storeBuffer, writeBack);
    }

    public MemLatencies withL1(int v) { return new MemLatencies(v, l2, l3, dram, host, atomic, wire, storeBuffer, writeBack); }

    public MemLatencies withL2(int v) { return new MemLatencies(l1, v, l3, dram, host, atomic, wire, storeBuffer, writeBack); }

    public MemLatencies withL3(int v) { return new MemLatencies(l1, l2, v, dram, host, atomic, wire, storeBuffer, writeBack); }

    public MemLatencies withDram(int v) { return new MemLatencies(l1, l2, l3, v, host, atomic, wire, storeBuffer, writeBack); }

    public MemLatencies withHost(int v) { return new MemLatencies(l1, l2, l3, dram, v, atomic, wire, storeBuffer, writeBack); }

    public MemLatencies withAtomic(int v) { return new MemLatencies(l1, l2, l3, dram, host, v, wire, storeBuffer, writeBack); }

    public MemLatencies withWire(int v) { return new MemLatencies(l1, l2, l3, dram, host, atomic, v, storeBuffer, writeBack); }

    public MemLatencies withStoreBuffer(int v) { return new MemLatencies(l1, l2, l3, dram, host, atomic, wire, v, writeBack); }

    public MemLatencies withWriteBack(int v) { return new MemLatencies(l1, l2, l3, dram, host, atomic, wire, storeBuffer, v); }
}
