package tagmatch.dpa.nic;

import java.util.Map;
import java.util.TreeMap;

/**
 * Host memory as the runner loads it before a run: the layout block ({@code struct
 * nic_host_layout}) at {@link NicMap#HOST_BASE}, then the to-host ring, the log, a heap for the caller (receive descriptors, user buffers, rendezvous
 * sender buffers) and the script. Everything but the layout block and what the caller puts
 * starts zeroed.
 */
public final class HostImage {
    private final int cmdLog, thLog, logWords;
    private final long thRing, log, logEntries, heap, heapBytes, script;
    private final Map<Long, Long> words = new TreeMap<>();
    private long end;

    /**
     * @param cmdLog     log2 of the command ring's entries (and the command CQ's depth), 1..16; the ring is DPA memory
     * @param thLog      log2 of the to-host ring's entries, 0..30
     * @param logWords   words of each to-host entry the log keeps, 1..32 (17: all of an otm_to_host)
     * @param logEntries to-host entries the log has room for
     * @param heapBytes  bytes the caller may use from {@link #heap()}
     */
    public HostImage(int cmdLog, int thLog, int logWords, long logEntries, long heapBytes) {
        check("cmd-log", cmdLog, 1, 16);
        check("th-log", thLog, 0, 30);
        check("log-words", logWords, 1, NicMap.MAX_LOG_WORDS);
        if (logEntries < 1) throw new IllegalArgumentException("log entries must be >= 1, got " + logEntries);
        if (heapBytes < 0) throw new IllegalArgumentException("heap bytes must be >= 0, got " + heapBytes);
        this.cmdLog = cmdLog;
        this.thLog = thLog;
        this.logWords = logWords;
        this.logEntries = logEntries;
        this.heapBytes = heapBytes;
        thRing = NicMap.HOST_BASE + round(NicMap.LAYOUT_WORDS * 8L);
        log = thRing + round((1L << thLog) * OtmQueues.TO_HOST_BYTES);
        heap = log + round(logEntries * logWords * 8L);
        script = heap + round(heapBytes);
        end = script;
        long[] block = {NicMap.LAYOUT_MAGIC, cmdLog, thRing, thLog, script, log, logWords, heap};
        put(NicMap.HOST_BASE, block);
    }

    /** Writes {@code data} at host address {@code addr} (8-byte aligned) before the run. */
    public HostImage put(long addr, long[] data) {
        if ((addr & 7) != 0 || addr < NicMap.HOST_BASE)
            throw new IllegalArgumentException("host words go at 8-byte aligned host addresses from 0x" + Long.toHexString(NicMap.HOST_BASE)
                    + ", got 0x" + Long.toHexString(addr));
        for (int i = 0; i < data.length; i++) words.put(addr + 8L * i, data[i]);
        end = Math.max(end, addr + 8L * data.length);
        return this;
    }

    /** Places {@code s}'s words at {@link #script()}. */
    public HostImage script(NicScript s) {
        return put(script, s.words());
    }

    public int cmdLog() { return cmdLog; }
    public int thLog() { return thLog; }
    public int logWords() { return logWords; }
    public long logEntries() { return logEntries; }
    public long thRing() { return thRing; }
    public long log() { return log; }
    public long heap() { return heap; }
    public long heapBytes() { return heapBytes; }
    public long script() { return script; }

    /** Bytes of host memory from {@link NicMap#HOST_BASE} the image needs. */
    public long bytes() { return end - NicMap.HOST_BASE; }

    /** Nonzero words to load: host word index (from {@link NicMap#HOST_BASE}) to value. */
    public Map<Long, Long> words() {
        Map<Long, Long> m = new TreeMap<>();
        for (Map.Entry<Long, Long> e : words.entrySet()) if (e.getValue() != 0) m.put((e.getKey() - NicMap.HOST_BASE) >>> 3, e.getValue());
        return m;
    }

    private static long round(long n) {
        return (n + 63) / 64 * 64;
    }

    private static void check(String name, int v, int min, int max) {
        if (v < min || v > max) throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", got " + v);
    }
}
