package tagmatch.testbench.dpa;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.CacheCounts;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.OpResult;
import tagmatch.testbench.firmware.ProgramCosim;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * One workload through the handler on the cluster, checked against the MPI reference as the
 * host's handler runs are: every to-host entry's status and partner, every receive buffer's
 * bytes (eager copy or completed rendezvous read) with its length, every message refused for
 * lack of room handed whole to host software. Returns the cycles and where they went.
 */
public final class HandlerRun {
    private HandlerRun() {}

    /** Phases of {@code OTM_DPA_PHASE}, in the handler's order. */
    public static final List<String> PHASES = List.of("CQs and tickets", "match", "protocol and copy", "posts", "waiting");

    /**
     * What a run gave: cycles from the handler's start to thread 0's finish, the workload's
     * size, the handler's summary, each thread's cycles per phase ({@link #PHASES}), the
     * simulation's cost, and the first difference from the reference (null: none).
     */
    public record Outcome(long cycles, int posts, int messages, long blocks, long partialBlocks, long waits, List<long[]> phases,
                          long retired, long totalCycles, double simSeconds, CacheCounts caches, String difference) {
        public boolean passed() {
            return difference == null;
        }

        /** Cycles of phase k summed over the threads. */
        public long phaseTotal(int k) {
            long s = 0;
            for (long[] t : phases) s += t[k];
            return s;
        }

        /** Thread 0's serial work (CQs and tickets, posts) as a share of the run's cycles. */
        public double threadZeroSerialShare() {
            return phases.isEmpty() ? 0 : (double) (phases.get(0)[0] + phases.get(0)[3]) / cycles;
        }
    }

    /** Runs {@code events} through {@code image} on {@code dpa} (the image's threads on the cluster's harts) and compares. */
    public static Outcome run(DpaRun dpa, HandlerImage image, List<Event> events, DpaRun.Options options, Path work) {
        OtmConfig c = image.config();
        HandlerInput in = HandlerInput.of(dpa.config(), c.threads(), events);
        long t0 = System.nanoTime();
        DpaResult r = dpa.run(image.link(in, dpa.config().ramBytes()), options);
        double secs = (System.nanoTime() - t0) * 1e-9;
        if (r.outcome() != DpaResult.Outcome.EXIT || r.exitCode() != 0) {
            String console = r.console();
            return failed(r, secs, "the handler's run did not exit 0: " + r.outcome() + " " + r.exitCode()
                    + (r.error() != null ? " " + r.error().describe() : "") + "\n" + (console.length() > 2000 ? console.substring(console.length() - 2000) : console));
        }
        Path file;
        try {
            Files.createDirectories(work);
            file = Files.createTempFile(work, "handler-", ".txt");
            Files.writeString(file, r.console());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<OpResult> want = Expected.of(events, new Capacities(c.maxRecvs(), c.maxUnexpected()), new Hints(c.noAnySource(), c.noAnyTag()));
        List<OpResult> raw = WorkloadFile.readResults(file);
        int ops = 0;
        for (Event e : events) if (!(e instanceof Event.BlockEnd)) ops++;
        String diff = raw.size() != ops ? ops + " operations, " + raw.size() + " results" : null;
        if (diff == null) diff = Expected.firstDifference(events, want, ProgramCosim.handlerResults(events, raw));
        if (diff == null) diff = ProgramCosim.checkDeliveries(events, want, file);
        if (diff == null) diff = ProgramCosim.checkHandOffs(events, want, file);
        List<String[]> b = WorkloadFile.records(file, "B"), rr = WorkloadFile.records(file, "R");
        if (b.size() != 1 || rr.size() != 1) return failed(r, secs, "no summary lines:\n" + r.console());
        List<long[]> phases = new ArrayList<>();
        for (String[] f : WorkloadFile.records(file, "T")) {
            long[] p = new long[PHASES.size()];
            for (int k = 0; k < p.length; k++) p[k] = Long.parseLong(f[2 + k]);
            phases.add(p);
        }
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Outcome(Long.parseLong(rr.get(0)[1]), Integer.parseInt(rr.get(0)[2]), Integer.parseInt(rr.get(0)[3]), Long.parseLong(b.get(0)[1]),
                Long.parseLong(b.get(0)[2]), Long.parseLong(b.get(0)[3]), phases, r.totalRetired(), r.cycles(), secs, r.caches(), diff);
    }

    private static Outcome failed(DpaResult r, double secs, String why) {
        return new Outcome(0, 0, 0, 0, 0, 0, List.of(), r.totalRetired(), r.cycles(), secs, r.caches(), why);
    }
}
