package tagmatch.dpasystem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.model.Event;
import tagmatch.testbench.firmware.WorkloadFile;

/**
 * Seed 000's message-rate ping-pong (its figure 8, §VI) as the receiver's handler sees it: each
 * sequence, host software posts k receives, acknowledges, and the k messages of the sequence
 * arrive. No conflict: receive j and message j carry tag j; conflict: every receive and message
 * carries (0, 0), so the threads of a block race for the same receives. Every message is eager
 * and {@link #PAYLOAD_BYTES} long, the size the Open MPI side beside it sends. Run through the
 * generated handler on the cluster ({@link HandlerRun}), every to-host entry and payload checked
 * against the reference.
 *
 * <p>The acknowledgement is a wait: the NIC lands no message of sequence s + 1 before every
 * to-host entry of sequence s has been taken; the host then posts sequence s + 1's receives (they
 * are in the command ring before its messages) and the first message lands {@code ackCycles}
 * later (the ack's way to the sender, the sender's reaction, the message's way back). The cycles
 * of a run are those from its first message's completion to its last entry, plus one
 * {@code ackCycles} (the first message's way there and the last ack's way back), so that every
 * sequence pays one round trip, as the seed's rate does. Each sequence ends with every receive
 * consumed, so a long ping-pong is run as several runs of at most {@link #MAX_RUN_MESSAGES}
 * messages, their cycles summed.
 */
public record PingPong(boolean conflict, int k, int sequences, long ackCycles) {
    /** Messages per run: the harness's rings and buffers for this many take about 6 MiB of the cluster's default 16 MiB. */
    public static final int MAX_RUN_MESSAGES = 4096;
    /** Each message's payload: the 8 bytes of the MPI ping-pong it is compared with ({@code MessageRateFigure}). */
    public static final int PAYLOAD_BYTES = 8;

    public PingPong {
        if (k < 1 || k > MAX_RUN_MESSAGES) throw new IllegalArgumentException("k must be in 1.." + MAX_RUN_MESSAGES + ", got " + k);
        if (sequences < 1) throw new IllegalArgumentException("sequences must be >= 1, got " + sequences);
        if (ackCycles < 0 || ackCycles > 0xFFFF_FFFFL) throw new IllegalArgumentException("ack cycles must be in 0..4294967295, got " + ackCycles);
    }

    /** An acknowledgement that costs no cycles beyond the wait for the entries. */
    public PingPong(boolean conflict, int k, int sequences) {
        this(conflict, k, sequences, 0);
    }

    /**
     * What the ping-pong cost on the cluster over every run: the handler's cycles, messages, the
     * cycles of each of {@link HandlerRun#PHASES} summed over the threads, and the simulation's
     * cost (instructions retired and cycles simulated, set-up included, and its wall time).
     */
    public record Result(long cycles, long messages, int runs, long[] phases, long hostRoundTrips, long retired, long simCycles, double simSeconds) {
        public double cyclesPerMessage() {
            return (double) cycles / messages;
        }

        /** Cycles of phase {@code k} per message, summed over the threads. */
        public double phasePerMessage(int k) {
            return (double) phases[k] / messages;
        }

        /** The harts' host-memory loads and AMOs per message, each a round trip to the host. */
        public double hostRoundTripsPerMessage() {
            return (double) hostRoundTrips / messages;
        }

        /** Messages per second at {@code clockGhz}. */
        public double perSecond(double clockGhz) {
            return messages * clockGhz * 1e9 / cycles;
        }

        /** This result and {@code o}'s as one: the runs of both, everything summed. */
        public Result plus(Result o) {
            long[] p = phases.clone();
            for (int i = 0; i < p.length; i++) p[i] += o.phases[i];
            return new Result(cycles + o.cycles, messages + o.messages, runs + o.runs, p, hostRoundTrips + o.hostRoundTrips,
                    retired + o.retired, simCycles + o.simCycles, simSeconds + o.simSeconds);
        }
    }

    /** Sequences per run. */
    public int sequencesPerRun() {
        return Math.max(1, Math.min(sequences, MAX_RUN_MESSAGES / k));
    }

    /** The events of {@code count} sequences: posts take ids from 0, messages the ids of eager {@link #PAYLOAD_BYTES}-byte payloads. */
    public List<Event> events(int count) {
        List<Event> ev = new ArrayList<>(2 * k * count);
        long post = 0, msg = 0;
        for (int s = 0; s < count; s++) {
            for (int j = 0; j < k; j++) ev.add(new Event.Post(post++, 0, 0, conflict ? 0 : j));
            for (int j = 0; j < k; j++) ev.add(new Event.Arrive(WorkloadFile.eagerId(PAYLOAD_BYTES, msg++), 0, 0, conflict ? 0 : j));
        }
        return ev;
    }

    /** After the last message of every sequence of {@code count} but the last: the wait for its entries and the ack's round trip. */
    public List<HandlerFeed.Pause> pauses(int count) {
        List<HandlerFeed.Pause> p = new ArrayList<>(Math.max(0, count - 1));
        for (int s = 1; s < count; s++) p.add(new HandlerFeed.Pause(2L * k * s - 1, ackCycles));
        return p;
    }

    /** Runs every sequence through {@code image} on {@code dpa} under {@code memory}'s own latencies. */
    public Result run(DpaRun dpa, HandlerImage image, MemorySetting memory, Path work) {
        return run(dpa, image, memory, LatencyOverrides.NONE, work);
    }

    /**
     * The runs this ping-pong is simulated in, in order: each starts from a fresh cluster, so no
     * sequence depends on the state another run leaves, and the runs may be simulated in any
     * order or at once; {@link Result#plus} of their results is {@link #run}'s.
     */
    public List<PingPong> runs() {
        List<PingPong> out = new ArrayList<>();
        for (int done = 0; done < sequences; done += sequencesPerRun()) {
            out.add(new PingPong(conflict, k, Math.min(sequencesPerRun(), sequences - done), ackCycles));
        }
        return out;
    }

    /** Runs every sequence through {@code image} on {@code dpa} under {@code memory} with {@code fixed}; a difference from the reference fails. */
    public Result run(DpaRun dpa, HandlerImage image, MemorySetting memory, LatencyOverrides fixed, Path work) {
        Result sum = null;
        for (PingPong r : runs()) {
            Result one = r.runOne(dpa, image, memory, fixed, work);
            sum = sum == null ? one : sum.plus(one);
        }
        return sum;
    }

    /** One run of all this ping-pong's sequences, which must fit one ({@link #sequencesPerRun}). */
    private Result runOne(DpaRun dpa, HandlerImage image, MemorySetting memory, LatencyOverrides fixed, Path work) {
        HandlerFeed feed = new HandlerFeed(events(sequences), HandlerFeed.Pace.defaults(), pauses(sequences));
        HandlerRun.Outcome o = HandlerRun.run(dpa, image, feed, DpaRun.Options.defaults().withMemory(memory, fixed), work);
        if (!o.passed()) {
            throw new IllegalStateException("ping-pong, " + (conflict ? "conflict" : "no conflict") + ", " + memory + ", a run of "
                    + sequences + " sequences: " + o.difference());
        }
        long[] phases = new long[HandlerRun.PHASES.size()];
        for (int p = 0; p < phases.length; p++) phases[p] = o.phaseTotal(p);
        return new Result(o.cycles() + ackCycles, o.messages(), 1, phases, o.host().roundTrips(), o.retired(), o.totalCycles(), o.simSeconds());
    }
}
