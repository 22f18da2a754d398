package tagmatch.dpa.nic;

import tagmatch.dpa.DpaResult;

import java.util.List;
import java.util.Map;

/**
 * A run with the NIC and host block: the cluster's result, the block's counters as they stood at
 * the end (the read-only registers of {@code nic.h}), the log (one array of the kept words per
 * to-host entry taken, in order) and the host memory ranges the caller asked for.
 *
 * @param firstCqe the cycle the first message's completion landed (0: none)
 * @param lastTake the cycle the last to-host entry was taken (0: none)
 * @param done     1 once the script reached its end, 2 if it stopped at a record it does not know
 * @param waitEnd  the cycle the last WAIT record was satisfied (0: none): what lands after it
 *                 lands into a drained handler, so {@code lastTake - waitEnd} is its latency
 * @param wqes     the work requests the block executed
 * @param host     the harts' loads, AMOs and stores on host memory over the whole run
 */
public record NicOutcome(DpaResult result, long landed, long commands, long taken, long events, long stalls, long firstCqe,
                         long lastTake, long done, long waitEnd, long wqes, HostAccesses host, List<long[]> log, Map<HostRange, long[]> reads) {
    /** {@code words} 8-byte words of host memory from host address {@code addr} (8-byte aligned). */
    public record HostRange(long addr, int words) {
        public HostRange {
            if ((addr & 7) != 0 || addr < NicMap.HOST_BASE || words < 0)
                throw new IllegalArgumentException("a host range starts at an 8-byte aligned host address from 0x"
                        + Long.toHexString(NicMap.HOST_BASE) + " and has >= 0 words, got 0x" + Long.toHexString(addr) + ", " + words);
        }
    }

    /** The log's entries decoded (each needs its first 4 words kept). */
    public List<OtmQueues.ToHost> entries() {
        return log.stream().map(OtmQueues.ToHost::of).toList();
    }
}
