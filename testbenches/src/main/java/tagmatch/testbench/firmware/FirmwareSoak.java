package tagmatch.testbench.firmware;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.otm.OtmConfig;

/**
 * One soak of the generated firmware against the reference: builds of several shapes (threads,
 * bins, capacities, hints, in-order runs) in turn, every workload kind through each, until
 * exactly {@code ops} posts and arrivals ran or one status or id differed. What
 * {@code tagmatch cosim firmware} runs.
 *
 * @param target {@code native} (JNA, the chaos build, N concurrent threads), {@code tsan} (the driver under
 *     ThreadSanitizer) or {@code riscv} (the driver under qemu-riscv64)
 * @param failure the first difference; null when the soak passed
 */
public record FirmwareSoak(String target, long operations, long streams, String failure) {
    private static final int[][] SHAPES = {{4, 128, 64, 48}, {32, 1, 256, 256}, {64, 128, 96, 64}, {1, 1, 16, 16},
        {8, 16, 32, 24}};
    /** In-order runs, cycled against the shapes: the default, a change of mode after every contended block, never. */
    private static final int[] IN_ORDER_RUNS = {OtmConfig.DEFAULT_IN_ORDER_RUN, 1, 0};

    public boolean passed() {
        return failure == null;
    }

    /** The verdict line of {@code tagmatch cosim firmware}. */
    public String verdict() {
        return passed() ? "PASS: " + operations + " operations in " + streams + " streams on " + target
                + ", every status and id equal to the reference" : "FAIL: " + failure;
    }

    /**
     * Runs the soak with its builds under {@code root} (a directory the caller owns);
     * {@code progress} hears the operations done so far.
     */
    public static FirmwareSoak run(String target, long ops, long seed, Path root, LongConsumer progress) {
        return run(target, ops, seed, 0, 0, root, progress);
    }

    /** As {@link #run(String, long, long, Path, LongConsumer)}, every build with these capacities (0: the shape's own). */
    public static FirmwareSoak run(String target, long ops, long seed, int maxRecvs, int maxUnexpected, Path root, LongConsumer progress) {
        if (!List.of("native", "tsan", "riscv").contains(target)) throw new IllegalArgumentException("target must be native, tsan or riscv, got " + target);
        long done = 0;
        long streams = 0;
        String failure = null;
        List<String> kinds = Workloads.kinds();
        int round = 0;
        while (done < ops && failure == null) {
            int[] s = SHAPES[round % SHAPES.length];
            boolean nas = round % 7 == 5;
            boolean nat = round % 7 == 6;
            OtmConfig cfg = OtmConfig.defaults().withThreads(target.equals("riscv") ? Math.min(s[0], 8) : s[0])
                    .withBins(s[1]).withCapacities(maxRecvs > 0 ? maxRecvs : s[2], maxUnexpected > 0 ? maxUnexpected : s[3]).withHints(nas, nat)
                    .withInOrderRun(IN_ORDER_RUNS[round % IN_ORDER_RUNS.length]);
            FirmwareBuild b = FirmwareBuild.generate(cfg, root);
            Hints hints = new Hints(nas, nat);
            Capacities caps = new Capacities(cfg.maxRecvs(), cfg.maxUnexpected());
            OtmApi api = target.equals("native") ? OtmLibrary.load(b.artifact("chaos", "libotm_chaos.so")) : null;
            Path driver = target.equals("riscv") ? b.artifact("rv64-linux", "otm_driver_rv64")
                    : target.equals("tsan") ? b.artifact("tsan", "otm_driver_tsan") : null;
            List<String> launcher = target.equals("riscv") ? List.of("qemu-riscv64") : List.of();
            try (NativeCosim sim = api == null ? null : new NativeCosim(api, cfg.threads())) {
                for (String kind : kinds) {
                    long ws = seed + round;
                    Workload w = Workloads.generate(WorkloadSpec.of(kind).withBlockSize(cfg.threads()).withSeed(ws)
                            .withHints(hints).withSize(64).withRounds(8).withComms(1 + round % 3));
                    for (Map.Entry<Integer, List<Event>> e : CommSplit.split(w.events()).entrySet()) {
                        if (done >= ops) break;
                        List<Event> ev = prefix(e.getValue(), ops - done);
                        List<OpResult> got = sim != null ? sim.run(ev)
                                : ProgramCosim.run(launcher, driver, ev, root.resolve("work").toAbsolutePath()).results();
                        String diff = Expected.firstDifference(ev, Expected.of(ev, caps, hints), got);
                        if (diff != null) {
                            failure = cfg.key() + " " + kind + " seed " + ws + " comm " + e.getKey() + ": " + diff;
                            break;
                        }
                        long n = new ArrayList<>(ev).stream().filter(x -> !(x instanceof Event.BlockEnd)).count();
                        done += n;
                        streams++;
                        progress.accept(done);
                    }
                    if (failure != null || done >= ops) break;
                }
            }
            round++;
        }
        if (done != ops && failure == null) {
            throw new IllegalStateException("ran " + done + " operations instead of " + ops);
        }
        return new FirmwareSoak(target, done, streams, failure);
    }

    /** The first {@code n} posts and arrivals of a stream, its last block closed. */
    static List<Event> prefix(List<Event> events, long n) {
        List<Event> out = new ArrayList<>();
        long taken = 0;
        for (Event e : events) {
            if (taken == n) break;
            out.add(e);
            if (!(e instanceof Event.BlockEnd)) taken++;
        }
        if (out.size() < events.size() && !(out.get(out.size() - 1) instanceof Event.BlockEnd)) {
            out.add(new Event.BlockEnd());
        }
        return out;
    }
}
