package tagmatch.trace;

import java.util.Objects;
import java.util.function.LongConsumer;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.nic.AlpuNic;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;
import tagmatch.process.UserError;
import tagmatch.testbench.alpu.PinsDevice;
import tagmatch.testbench.alpu.RtlPins;
import tagmatch.testbench.alpu.SimulatorPins;

/**
 * Event streams through the NIC driver of seed 001 ({@link AlpuNic}: software lists in front of a
 * PRQ and a UMQ ALPU) over the generated RTL on the default simulator backend
 * ({@link tagmatch.sim.backends.Simulators#defaultBackend()}), every cycle checked by the
 * datasheet scoreboard ({@link PinsDevice}, response channel always ready, so cycles are the
 * unit's own). Each stream (one rank's one communicator) gets freshly reset units, as every
 * communicator has its own matching state. An operation counts as answered by the ALPU alone
 * when the driver traversed no software entry for it (a MATCH_SUCCESS, or a MATCH_FAILURE with
 * nothing outside the ALPU to search).
 */
public final class AlpuReplay implements ReplayTarget {
    /** The units' parameters: cells and block per ALPU, the driver's insert threshold, the match-bit layout. */
    public record Setup(int cells, int block, int threshold, MatchLayout layout) {
        public Setup {
            Objects.requireNonNull(layout, "layout");
            if (threshold < 1) throw new IllegalArgumentException("threshold must be >= 1, got " + threshold);
            AlpuConfig.of(cells, block, layout.width(), 16, Variant.PRQ); // validates cells and block before any work
        }

        AlpuConfig config(Variant v) {
            return AlpuConfig.of(cells, block, layout.width(), 16, v);
        }
    }

    private final Setup setup;

    AlpuReplay(Setup setup) {
        this.setup = setup;
    }

    @Override
    public String describe() {
        MatchLayout l = setup.layout();
        return "the ALPU RTL on the " + tagmatch.sim.backends.Simulators.defaultBackend() + " backend (NIC driver, PRQ and UMQ units of " + setup.cells() + " cells, block " + setup.block()
                + ", insert threshold " + setup.threshold() + ", match bits comm " + l.commBits() + " + source " + l.sourceBits()
                + " + tag " + l.tagBits() + ")";
    }

    @Override
    public void check(String trace, EventStream s) {
        int i = 0;
        for (Event e : s.events()) {
            try {
                if (e instanceof Event.Post p) setup.layout().key(p);
                else if (e instanceof Event.Arrive a) setup.layout().key(a);
            } catch (IllegalArgumentException bad) {
                throw new UserError(trace + " cannot go through the ALPU: rank " + s.rank() + ", communicator " + s.comm() + ", event " + i
                        + ": " + bad.getMessage() + " (widen the field with --match-layout COMM,SOURCE,TAG)");
            }
            i++;
        }
    }

    @Override
    public RankReplay run(EventStream s, LongConsumer progress) {
        try (SimulatorPins prqPins = RtlPins.open(setup.config(Variant.PRQ));
             SimulatorPins umqPins = RtlPins.open(setup.config(Variant.UMQ))) {
            PinsDevice prq = new PinsDevice(prqPins, 1, 0.0);
            PinsDevice umq = new PinsDevice(umqPins, 2, 0.0);
            AlpuNic nic = new AlpuNic(prq, umq, setup.layout(), Capacities.UNBOUNDED, setup.threshold());
            ReferenceMatcher reference = new ReferenceMatcher(Capacities.UNBOUNDED);
            long posts = 0, arrivals = 0, agree = 0, alone = 0, software = 0;
            String first = null;
            int i = 0;
            for (Event e : s.events()) {
                Result want = reference.apply(e);
                Result got;
                try {
                    got = nic.apply(e);
                } catch (AssertionError | IllegalStateException broken) { // the scoreboard, or the driver finding the unit inconsistent
                    throw new UserError("the ALPU failed on rank " + s.rank() + ", communicator " + s.comm() + ", event " + i + " " + e + ": "
                            + broken.getMessage());
                }
                i++;
                if (e instanceof Event.BlockEnd) continue;
                if (e instanceof Event.Post) posts++;
                else arrivals++;
                if (want.equals(got)) agree++;
                else if (first == null) first = "communicator " + s.comm() + ", event " + (i - 1) + " " + e + ": reference " + want + ", ALPU " + got;
                if (nic.lastTraversed() == 0) alone++;
                else software++;
                progress.accept(1);
            }
            return new RankReplay(s.rank(), 1, posts, arrivals, agree, first, alone, software, prq.cycles() + umq.cycles(), nic.batches(),
                    0, 0, 0, 0, 0, 0);
        }
    }

    @Override
    public void close() {
        // units are opened and closed per stream
    }
}
