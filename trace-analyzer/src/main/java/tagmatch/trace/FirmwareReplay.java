package tagmatch.trace;

import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Mpi;
import tagmatch.otm.OtmConfig;
import tagmatch.process.UserError;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.FirmwareBuild;
import tagmatch.testbench.firmware.NativeCosim;
import tagmatch.testbench.firmware.OpResult;
import tagmatch.testbench.firmware.OtmLibrary;

/**
 * Event streams through the generated optimistic-matching firmware, compiled natively
 * ({@code libotm.so}) and driven through JNA: posts on one thread, each block of up to N
 * arrivals on N real threads at once ({@link NativeCosim}). Every status and partner is compared
 * with the reference matcher under the same capacities and hints ({@link Expected}); the
 * firmware's own counters give conflicts, fast and slow paths and fallbacks.
 */
final class FirmwareReplay implements ReplayTarget {
    private final OtmConfig config;
    private final Path buildRoot;
    private final Capacities capacities;
    private final Hints hints;
    /** Built at the first stream, after every stream was checked. */
    private NativeCosim sim;

    /** Will generate and compile {@code config} under {@code buildRoot}. */
    FirmwareReplay(OtmConfig config, Path buildRoot) {
        this.config = config;
        this.buildRoot = buildRoot;
        this.capacities = new Capacities(config.maxRecvs(), config.maxUnexpected());
        this.hints = new Hints(config.noAnySource(), config.noAnyTag());
    }

    @Override
    public String describe() {
        return "the generated firmware (native libotm.so, " + config.threads() + " threads, " + config.bins() + " bins, "
                + config.maxRecvs() + " receives + " + config.maxUnexpected() + " unexpected"
                + (config.noAnySource() ? ", no-any-source" : "") + (config.noAnyTag() ? ", no-any-tag" : "") + ")";
    }

    @Override
    public void check(String trace, EventStream s) {
        int i = 0;
        for (Event e : s.events()) {
            if (e instanceof Event.Post p) {
                String forbidden = p.source() == Mpi.ANY_SOURCE && config.noAnySource() ? "MPI_ANY_SOURCE, which the no-any-source hint forbids"
                        : p.tag() == Mpi.ANY_TAG && config.noAnyTag() ? "MPI_ANY_TAG, which the no-any-tag hint forbids" : null;
                if (forbidden != null) {
                    throw new UserError(trace + " cannot go through this firmware build: rank " + s.rank() + ", communicator " + s.comm()
                            + ", event " + i + " " + p + " receives with " + forbidden + " (drop --no-any-source / --no-any-tag)");
                }
            }
            i++;
        }
    }

    @Override
    public RankReplay run(EventStream s, LongConsumer progress) {
        if (sim == null) {
            FirmwareBuild build = FirmwareBuild.generate(config, buildRoot);
            sim = new NativeCosim(OtmLibrary.load(build.artifact("lib", "libotm.so")), config.threads());
        }
        List<Event> events = s.events();
        List<OpResult> want = Expected.of(events, capacities, hints);
        List<OpResult> got = sim.run(events);
        long[] stats = sim.lastStats();
        long posts = 0, arrivals = 0, agree = 0, blocks = 0, run = 0;
        String first = null;
        int op = 0;
        for (Event e : events) {
            if (e instanceof Event.Arrive) {
                run++;
                continue;
            }
            blocks += (run + config.threads() - 1) / config.threads();
            run = 0;
        }
        blocks += (run + config.threads() - 1) / config.threads();
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            if (e instanceof Event.Post) posts++;
            else arrivals++;
            if (op < got.size() && want.get(op).equals(got.get(op))) agree++;
            else if (first == null) first = "communicator " + s.comm() + ", " + e + ": reference " + want.get(op) + ", firmware "
                    + (op < got.size() ? got.get(op) : "no result");
            op++;
        }
        progress.accept(posts + arrivals);
        // otm_stats: posted, matched_at_post, unexpected, matched, conflicts, fast_path, slow_path, fallbacks, max_bin_depth, in_order
        return new RankReplay(s.rank(), 1, posts, arrivals, agree, first, 0, 0, 0, 0, stats[4], stats[5], stats[6], stats[9], stats[7], blocks);
    }

    @Override
    public void close() {
        if (sim != null) sim.close();
    }
}
