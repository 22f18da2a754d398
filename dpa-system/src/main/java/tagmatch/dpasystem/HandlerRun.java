package tagmatch.dpasystem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.dpa.mem.CacheCounts;
import tagmatch.dpa.nic.HostAccesses;
import tagmatch.dpa.nic.NicOutcome;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.OpResult;
import tagmatch.testbench.firmware.ProgramCosim;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * One workload through the handler on the cluster, fed by the cluster's NIC and host block
 * ({@link HandlerFeed}), checked against the MPI reference as the host's handler runs are: every
 * to-host entry there once, in its queue position, with its call's ticket, source and tag; its
 * status and partner; every receive buffer's bytes (eager copy or completed rendezvous read) with
 * its length; every message refused for lack of room handed whole to host software. Returns the
 * cycles from the first message's completion to the last to-host entry taken, and where they went.
 */
public final class HandlerRun {
    private HandlerRun() {}

    /** Phases of {@code OTM_DPA_PHASE}, in the handler's order. */
    public static final List<String> PHASES = List.of("CQs and tickets", "match", "protocol and copy", "posts", "waiting");

    /**
     * What a run gave: cycles from the first message's completion to the last to-host entry taken,
     * the cycles from the NIC's last drain wait to the last entry taken (0: no wait), the workload's size, the handler's summary, the cycles the NIC held a due message or command
     * back for lack of ring room, the harts' accesses to host memory, each thread's cycles per phase ({@link #PHASES}), the
     * simulation's cost, and the first difference from the reference (null: none).
     */
    public record Outcome(long cycles, long latency, int posts, int messages, long blocks, long partialBlocks, long waits, long nicStalls,
                          HostAccesses host, List<long[]> phases, long retired, long totalCycles, double simSeconds, CacheCounts caches,
                          String difference) {
        public boolean passed() {
            return difference == null;
        }

        /** The harts' host-memory loads and AMOs (each a round trip to the host) per message, over the whole run. */
        public double hostRoundTripsPerMessage() {
            return HostAccesses.perMessage(host.roundTrips(), messages);
        }

        /** Cycles of phase k summed over the threads. */
        public long phaseTotal(int k) {
            long s = 0;
            for (long[] t : phases) s += t[k];
            return s;
        }

        /**
         * Thread 0's working cycles (every phase but waiting) over the mean thread's: 1 when the
         * work is spread evenly, N when thread 0 does it all.
         */
        public double threadZeroOverMean() {
            int waiting = PHASES.indexOf("waiting");
            double[] work = phases.stream().mapToDouble(t -> java.util.Arrays.stream(t).sum() - t[waiting]).toArray();
            double mean = java.util.Arrays.stream(work).average().orElse(0);
            return mean == 0 ? 0 : work[0] / mean;
        }

        /** Thread 0's serial work (CQs and tickets, posts) as a share of the run's cycles. */
        public double threadZeroSerialShare() {
            return phases.isEmpty() ? 0 : (double) (phases.get(0)[0] + phases.get(0)[3]) / cycles;
        }
    }

    /** {@link #run(DpaRun, HandlerImage, List, DpaRun.Options, HandlerFeed.Pace, Path)} at the default pace. */
    public static Outcome run(DpaRun dpa, HandlerImage image, List<Event> events, DpaRun.Options options, Path work) {
        return run(dpa, image, events, options, HandlerFeed.Pace.defaults(), work);
    }

    /** Runs {@code events} through {@code image} on {@code dpa} (the image's threads on the cluster's harts), fed at {@code pace}, and compares. */
    public static Outcome run(DpaRun dpa, HandlerImage image, List<Event> events, DpaRun.Options options, HandlerFeed.Pace pace, Path work) {
        return run(dpa, image, new HandlerFeed(events, pace), options, work);
    }

    /** Runs {@code feed}'s workload through {@code image} on {@code dpa} and compares. */
    public static Outcome run(DpaRun dpa, HandlerImage image, HandlerFeed feed, DpaRun.Options options, Path work) {
        OtmConfig c = image.config();
        List<Event> events = feed.events();
        long t0 = System.nanoTime();
        NicOutcome nic = execute(dpa, image, feed, options);
        double secs = (System.nanoTime() - t0) * 1e-9;
        DpaResult r = nic.result();
        if (r.outcome() != DpaResult.Outcome.EXIT || r.exitCode() != 0) {
            String console = r.console();
            return failed(r, nic, secs, "the handler's run did not exit 0: " + r.outcome() + " " + r.exitCode()
                    + (r.error() != null ? " " + r.error().describe() : "") + " (NIC: " + nic.landed() + " messages and " + nic.commands()
                    + " commands landed, " + nic.taken() + " entries taken)\n"
                    + (console.length() > 2000 ? console.substring(console.length() - 2000) : console));
        }
        String diff = difference(events, c, feed, nic, work);
        List<String[]> b = new ArrayList<>(), t = new ArrayList<>();
        for (String line : r.console().split("\n")) {
            if (line.startsWith("B ")) b.add(line.split(" "));
            if (line.startsWith("T ")) t.add(line.split(" "));
        }
        if (b.size() != 1 || t.size() != c.threads()) return failed(r, nic, secs, diff != null ? diff : "no summary lines:\n" + r.console());
        List<long[]> phases = new ArrayList<>();
        for (String[] f : t) {
            long[] p = new long[PHASES.size()];
            for (int k = 0; k < p.length; k++) p[k] = Long.parseLong(f[2 + k]);
            phases.add(p);
        }
        long latency = nic.waitEnd() == 0 ? 0 : nic.lastTake() - nic.waitEnd();
        return new Outcome(nic.lastTake() - nic.firstCqe(), latency, feed.posts(), feed.arrivals(), Long.parseLong(b.get(0)[1]), Long.parseLong(b.get(0)[2]),
                Long.parseLong(b.get(0)[3]), nic.stalls(), nic.host(), phases, r.totalRetired(), r.cycles(), secs, r.caches(), diff);
    }

    /**
     * Links one run at a time: a link writes its input and start files into the image's directory,
     * which runs on other workers may share (images of one configuration are built into one).
     */
    private static final Object LINKING = new Object();

    /** Runs the handler of {@code image} with the NIC landing {@code feed}; the block's counters, log and host memory read back. */
    static NicOutcome execute(DpaRun dpa, HandlerImage image, HandlerFeed feed, DpaRun.Options options) {
        HandlerInput in = HandlerInput.of(dpa.config(), image.config().threads(), feed);
        ElfImage elf;
        synchronized (LINKING) {
            elf = image.link(in, dpa.config().ramBytes());
        }
        return dpa.run(elf, options, feed.host(), feed.reads());
    }

    /**
     * The first difference between what the NIC took and read back ({@code nic}) and the
     * reference's results for {@code events} under {@code c}'s capacities and hints; null: none.
     */
    public static String difference(List<Event> events, OtmConfig c, HandlerFeed feed, NicOutcome nic, Path work) {
        HandlerFeed.Readback back = feed.readBack(nic);
        if (back.problem() != null) return back.problem();
        Path file;
        try {
            Files.createDirectories(work);
            file = Files.createTempFile(work, "handler-", ".txt");
            Files.writeString(file, back.results());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<OpResult> want = Expected.of(events, new Capacities(c.maxRecvs(), c.maxUnexpected()), new Hints(c.noAnySource(), c.noAnyTag()));
        String diff = Expected.firstDifference(events, want, ProgramCosim.handlerResults(events, WorkloadFile.readResults(file)));
        if (diff == null) diff = ProgramCosim.checkDeliveries(events, want, file);
        if (diff == null) diff = ProgramCosim.checkHandOffs(events, want, file);
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return diff;
    }

    private static Outcome failed(DpaResult r, NicOutcome nic, double secs, String why) {
        return new Outcome(0, 0, 0, 0, 0, 0, 0, nic.stalls(), nic.host(), List.of(), r.totalRetired(), r.cycles(), secs, r.caches(), why);
    }
}
