package tagmatch.dpasystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.CommSplit;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.OpResult;

/**
 * The generated matcher on the cluster against the Java reference, as the native co-simulation
 * checks it: every workload generator's events, split per communicator, each block's messages
 * matched by N harts at once; every status and id, and the five exact counters of
 * {@code otm_get_stats}, must equal the reference's.
 */
public final class ClusterCosim {
    private ClusterCosim() {}

    /** What one run gave: operations compared and the first difference (null: none). */
    public record Outcome(int threads, int streams, int operations, long cycles, String difference) {
        public boolean passed() {
            return difference == null;
        }
    }

    /** Every generator's workload for {@code config}, blocks of N messages, one stream per communicator, with a refused message in each. */
    public static List<List<Event>> streams(OtmConfig config, long seed, int size) {
        List<List<Event>> out = new ArrayList<>();
        for (String kind : Workloads.kinds()) {
            WorkloadSpec spec = WorkloadSpec.of(kind).withBlockSize(config.threads()).withSeed(seed)
                    .withHints(new Hints(config.noAnySource(), config.noAnyTag())).withSize(size).withRounds(3);
            Workload w = Workloads.generate(spec);
            for (Map.Entry<Integer, List<Event>> e : CommSplit.split(w.events()).entrySet()) out.add(withRefusedMessage(e.getValue(), config, seed));
        }
        return out;
    }

    /** A message with a negative tag inside the first block: refused, it must still take part in the block. */
    private static List<Event> withRefusedMessage(List<Event> events, OtmConfig config, long seed) {
        List<Event> out = new ArrayList<>(events);
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) instanceof Event.Arrive a) {
                out.add(i + 1, new Event.Arrive(1_000_000_000L + seed, a.comm(), a.source(), -5));
                return new ArrayList<>(Workloads.blocked(out, config.threads()));
            }
        }
        return out;
    }

    /** Runs {@code streams} on {@code harts} harts of {@code dpa} (the build's N must be at least that) and compares. */
    public static Outcome run(DpaRun dpa, FirmwareImage firmware, int harts, List<List<Event>> streams) {
        OtmConfig c = firmware.config();
        DpaResult r = dpa.run(firmware.link(DriverInput.cosim(dpa.config(), harts, streams), dpa.config().ramBytes()), DpaRun.Options.defaults());
        int ops = 0;
        for (List<Event> s : streams) for (Event e : s) if (!(e instanceof Event.BlockEnd)) ops++;
        if (r.outcome() != DpaResult.Outcome.EXIT || r.exitCode() != 0) {
            return new Outcome(harts, streams.size(), ops, r.cycles(), "the driver did not exit 0: " + r.outcome() + " " + r.exitCode()
                    + (r.error() != null ? " " + r.error().describe() : "") + "\n" + tail(r.console()));
        }
        String[] lines = r.console().split("\n");
        int at = 0;
        Capacities caps = new Capacities(c.maxRecvs(), c.maxUnexpected());
        Hints hints = new Hints(c.noAnySource(), c.noAnyTag());
        for (int k = 0; k < streams.size(); k++) {
            List<Event> events = streams.get(k);
            List<OpResult> want = Expected.of(events, caps, hints);
            List<OpResult> got = new ArrayList<>();
            while (at < lines.length && !lines[at].startsWith("S")) {
                String[] f = lines[at++].trim().split(" ");
                got.add(new OpResult(Integer.parseInt(f[0]), Long.parseLong(f[1])));
            }
            String where = "N = " + harts + ", stream " + k + ": ";
            String diff = Expected.firstDifference(events, want, got);
            if (diff != null) return new Outcome(harts, streams.size(), ops, r.cycles(), where + diff);
            if (at >= lines.length) return new Outcome(harts, streams.size(), ops, r.cycles(), where + "no statistics line");
            String[] f = lines[at++].split(" ");
            long[] gotExact = {Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[8])};
            long[] exact = Expected.exactStats(events, want);
            if (!Arrays.equals(exact, gotExact)) {
                return new Outcome(harts, streams.size(), ops, r.cycles(), where + "posted, matched_at_post, unexpected, matched, fallbacks "
                        + Arrays.toString(gotExact) + ", reference " + Arrays.toString(exact));
            }
        }
        return new Outcome(harts, streams.size(), ops, r.cycles(), null);
    }

    private static String tail(String s) {
        return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
    }
}
