package tagmatch.dpasystem;

import java.nio.file.Path;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.dpa.nic.NicOutcome;
import tagmatch.dpa.nic.OtmQueues;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.OpResult;

/**
 * Seed 003's bandwidth window (Figs. 2, 3 and 6: osu_bw and osu_bw_overlap) with the simulated
 * cluster as the NIC: the receives an engine offloads ({@link WindowPlan}) are posted to the
 * generated handler, whose hardware list is seed 001's PRQ unit on the bus or the optimistic
 * matcher's table, and their rendezvous reads are done by the NIC block's DMA while the host
 * computes; the receives the engine keeps in software move their data only after the host's next
 * progress call. Every run is checked against the MPI reference (which receive got which message,
 * every byte read), and the messages the NIC matched in its list are counted from its to-host
 * entries.
 *
 * <p>The measure is OMB's, as osu_bw_overlap takes it: the pure time of a window is osu_bw's (the
 * receiver progressing all the time, {@link WindowPlan#bandwidthFeed()}); the overlap run computes
 * for that time between posting and waiting ({@link WindowPlan#overlapFeed()}), and overlap is
 * 1 − (total − compute) / pure, clamped to [0, 1]; bandwidth is the window's bytes over the pure time.
 * The compute is not simulated: nothing the host does reaches the NIC while it computes, so the
 * overlap run's total is max(compute, the NIC's time to land the messages and do the offloaded
 * reads) + the time the NIC takes for software's receives after the progress call.
 *
 * <p>The cluster's receive and sender buffers are 256 bytes ({@link HandlerFeed#RECV_CAP}), so each
 * read moves 64 to 192 bytes of the stand-in sender's buffer; the rest of a message's bytes are
 * added at the copy engine's {@link #BYTES_PER_CYCLE}, serially, as its bytes are (docs/dpa.md).
 */
public final class OffloadOnNic {
    /** The NIC block's copy engine moves 8 bytes a cycle (docs/dpa.md, "What it moves"). */
    public static final int BYTES_PER_CYCLE = 8;

    private OffloadOnNic() {}

    /**
     * One window measured: the engine's plan, the message size, the memory setting and wire
     * latency (cycles of an RDMA read's round trip) it ran at, the messages the NIC matched in its
     * hardware list (overlap run, bandwidth run), and the cycles of the pure window, of the
     * overlap run's NIC phase before the progress call and of its phase after it.
     */
    public record Result(WindowPlan plan, long bytes, MemorySetting memory, int wireCycles, int nicMatchedOverlap, int nicMatchedBandwidth,
                         long pureCycles, long beforeProgressCycles, long afterProgressCycles, double simSeconds) {
        /** The compute of the overlap run: the pure window time, as OMB's overlap benchmarks take it. */
        public long computeCycles() {
            return pureCycles;
        }

        /** The overlap run's time from the first message to the last receive done. */
        public long totalCycles() {
            return Math.max(computeCycles(), beforeProgressCycles) + afterProgressCycles;
        }

        /** Share of the pure window time hidden behind the compute, 0 to 1. */
        public double overlap() {
            double o = 1 - (double) (totalCycles() - computeCycles()) / pureCycles;
            return Math.max(0, Math.min(1, o));
        }

        /** The window's bytes over its pure time, in bytes a cycle. */
        public double bytesPerCycle() {
            return (double) plan.window() * bytes / pureCycles;
        }

        /** Bandwidth in GB/s at {@code clockGhz}. */
        public double gigabytesPerSecond(double clockGhz) {
            return bytesPerCycle() * clockGhz;
        }
    }

    /**
     * The handler's configuration for {@code matcher} with a hardware list of {@code listSize}
     * entries over windows of {@code window}: the optimistic matcher's receive table is the list,
     * so it holds {@code listSize} receives; behind the ALPUs, whose PRQ unit is the list
     * ({@link #units}), the software lists hold a window. The unexpected store holds a window.
     * The table's bins (four a thread, at most 16, a power of two) are a guess: the window's
     * receives carry distinct tags, so bins change only how the table spreads them.
     */
    public static OtmConfig config(HandlerImage.Matcher matcher, int listSize, int window, int threads) {
        if (listSize < 1) throw new IllegalArgumentException("list size must be >= 1, got " + listSize);
        boolean table = matcher == HandlerImage.Matcher.OTM;
        OtmConfig c = OtmConfig.defaults().withThreads(threads).withBins(table ? Math.min(16, Integer.highestOneBit(threads) * 4) : 1);
        return c.withCapacities(table ? listSize : Math.max(listSize, window), window);
    }

    /** The two ALPUs with {@code listSize} cells each, in blocks of up to 4 (a list size must be even). */
    public static AlpuUnits units(int listSize) {
        int block = listSize % 4 == 0 ? 4 : 2;
        return AlpuUnits.of(listSize, block, 64, 16);
    }

    /**
     * Runs {@code plan}'s window of {@code bytes} through {@code image} on {@code dpa} under
     * {@code memory} with {@code fixed}'s latencies in place of the setting's. A difference from
     * the reference fails, naming it.
     */
    public static Result run(DpaRun dpa, HandlerImage image, WindowPlan plan, long bytes, MemorySetting memory, LatencyOverrides fixed, Path work) {
        DpaRun.Options options = DpaRun.Options.defaults().withMemory(memory, fixed);
        long t0 = System.nanoTime();
        HandlerFeed overlapFeed = plan.overlapFeed(), bandwidthFeed = plan.bandwidthFeed();
        NicOutcome overlap = checked(dpa, image, overlapFeed, options, work, plan, "overlap");
        NicOutcome bandwidth = checked(dpa, image, bandwidthFeed, options, work, plan, "bandwidth");
        double secs = (System.nanoTime() - t0) * 1e-9;

        long offloadedExtra = 0, softwareExtra = 0;
        for (int j = 0; j < plan.window(); j++) {
            long extra = Math.max(0, bytes - WindowPlan.movedBytes(j)) / BYTES_PER_CYCLE;
            if (plan.offloaded(j)) offloadedExtra += extra;
            else softwareExtra += extra;
        }
        boolean progressCall = plan.offloadedCount() < plan.window();
        long span = overlap.lastTake() - overlap.firstCqe();
        long after = progressCall ? overlap.lastTake() - overlap.waitEnd() : 0;
        long pure = bandwidth.lastTake() - bandwidth.firstCqe() + offloadedExtra + softwareExtra;
        return new Result(plan, bytes, memory, options.caches().wire(), matchedAtArrival(overlap), matchedAtArrival(bandwidth), pure,
                span - after + offloadedExtra, after + softwareExtra, secs);
    }

    private static NicOutcome checked(DpaRun dpa, HandlerImage image, HandlerFeed feed, DpaRun.Options options, Path work, WindowPlan plan,
                                      String which) {
        NicOutcome nic = HandlerRun.execute(dpa, image, feed, options);
        DpaResult r = nic.result();
        String where = plan.policy().cliName() + ", list " + plan.listSize() + ", " + which + " run: ";
        if (r.outcome() != DpaResult.Outcome.EXIT || r.exitCode() != 0) {
            throw new IllegalStateException(where + "the handler's run did not exit 0: " + r.outcome() + " " + r.exitCode()
                    + (r.error() != null ? " " + r.error().describe() : ""));
        }
        String diff = HandlerRun.difference(feed.events(), image.config(), feed, nic, work);
        if (diff != null) throw new IllegalStateException(where + diff);
        return nic;
    }

    /** Messages the NIC matched to a receive in its list when they arrived (a to-host entry of a message, matched). */
    static int matchedAtArrival(NicOutcome nic) {
        int n = 0;
        for (OtmQueues.ToHost e : nic.entries()) if (e.kind() == OtmQueues.TH_MSG && e.status() == OpResult.MATCHED) n++;
        return n;
    }
}
