package tagmatch.dpa.nic;

/**
 * The harts' accesses to host memory through the window in one run, as the NIC block counted
 * them ({@link Nic#HOST_ACCESSES}). A load or an AMO stalls its thread for a PCIe round trip
 * (the host latency); a store is posted and costs one hop.
 */
public record HostAccesses(long loads, long amos, long stores) {
    /** The accesses that wait for the host: loads and AMOs. */
    public long roundTrips() {
        return loads + amos;
    }

    /** {@code n} per message of {@code messages} (0 when there are none). */
    public static double perMessage(long n, long messages) {
        return messages == 0 ? 0 : (double) n / messages;
    }
}
