package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tagmatch.bench.Median;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.otm.OtmConfig;
import tagmatch.process.ProgressMeter;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.PingPong;

/**
 * Seed 000's figure 8 as the paper ran it (§VI), with the DPA simulated: the ping-pong of
 * {@link PingPong} (with its acknowledgement's wait and round trip) through the generated handler
 * on the cluster, for no conflict, conflict on the fast path and conflict on the slow path, under
 * each {@link MemorySetting} (a band, the round trip's guess moving with it); beside
 * it, the same ping-pong between two Open MPI ranks on this machine (intra-node shared memory,
 * median and spread of several runs), and the receiver's matching of the same workload natively
 * on one host core (the list and the generated matcher, ns per message).
 */
public final class DpaRateFigure {
    /** The seed's sequences per run (§VI), against which the figure states its own. */
    public static final int SEED_SEQUENCES = 500;

    /**
     * What was run: k messages per sequence, the DPA's sequences, its N and bins, the clock that
     * turns cycles into seconds, the acknowledgement's round trip in cycles under the optimistic,
     * likely and pessimistic memory settings (a guess, docs/dpa.md), and the Open MPI and native
     * runs' setup (their k, timed and untimed sequences, runs).
     */
    public record Setup(int k, int sequences, int threads, int bins, double clockGhz, List<Long> ackCycles, MessageRateFigure.Setup host,
                        LatencyOverrides fixed) {
        public Setup {
            ackCycles = List.copyOf(ackCycles);
            if (ackCycles.size() != MemorySetting.values().length)
                throw new IllegalArgumentException("ack cycles must be given for the optimistic, likely and pessimistic settings, got " + ackCycles);
        }

        /** The acknowledgement's round trip under {@code m}. */
        public long ack(MemorySetting m) {
            return ackCycles.get(m.ordinal());
        }
    }

    /**
     * One case: the DPA under each memory setting, and under the likely one the first half of the
     * sequences alone (null for one sequence); Open MPI's rate in every run; native ns per message
     * (median) for the list and otm.c.
     */
    public record Row(Figure8Case kase, Map<MemorySetting, PingPong.Result> dpa, PingPong.Result firstHalf, double[] mpiRuns, double listNs, double otmNs) {
        public double dpaRate(MemorySetting m, double clockGhz) {
            return dpa.get(m).perSecond(clockGhz);
        }

        /**
         * Messages per second of the second half of the sequences under the likely setting: the
         * whole run's cycles less the first half's, so the cold start is left out; NaN without a half.
         */
        public double laterRate(double clockGhz) {
            if (firstHalf == null) return Double.NaN;
            PingPong.Result all = dpa.get(MemorySetting.LIKELY);
            return (all.messages() - firstHalf.messages()) * clockGhz * 1e9 / (all.cycles() - firstHalf.cycles());
        }

        /** Wall seconds the simulator took per sequence under the likely setting. */
        public double secondsPerSequence(int sequences) {
            return dpa.get(MemorySetting.LIKELY).simSeconds() / sequences;
        }

        public double mpiMedian() {
            return Median.of(mpiRuns);
        }

        public double mpiMin() {
            return Arrays.stream(mpiRuns).min().orElseThrow();
        }

        public double mpiMax() {
            return Arrays.stream(mpiRuns).max().orElseThrow();
        }
    }

    private final Setup setup;
    private final String cluster;
    private final String simulator;
    private final List<Row> rows;
    private final Map<MemorySetting, PingPong.Result> rdmaOnly;

    private DpaRateFigure(Setup setup, String cluster, String simulator, List<Row> rows, Map<MemorySetting, PingPong.Result> rdmaOnly) {
        this.setup = setup;
        this.cluster = cluster;
        this.simulator = simulator;
        this.rows = List.copyOf(rows);
        this.rdmaOnly = Map.copyOf(rdmaOnly);
    }

    public Setup setup() {
        return setup;
    }

    public List<Row> rows() {
        return rows;
    }

    String cluster() {
        return cluster;
    }

    /** The RDMA-only line under each memory setting: the no-conflict ping-pong through the handler built with {@link HandlerImage#RDMA_ONLY}. */
    public Map<MemorySetting, PingPong.Result> rdmaOnly() {
        return rdmaOnly;
    }

    /** The RDMA-only line's messages per second under {@code m}. */
    public double rdmaOnlyRate(MemorySetting m) {
        return rdmaOnly.get(m).perSecond(setup.clockGhz());
    }

    /**
     * Builds the handler images, the MPI program and the native program in {@code work}, runs
     * Open MPI and the native matching (alone, as they are timed), then every case's runs on the
     * DPA on {@code runs}' workers ({@link DpaRateRuns}).
     */
    public static DpaRateFigure measure(DpaRun dpa, ClusterRuns runs, Setup s, Path work, ProgressMeter.Factory progress) throws IOException {
        // the seed's sizes: 1024 receives in flight, hash tables of twice as many bins
        OtmConfig base = OtmConfig.defaults().withThreads(s.threads()).withBins(s.bins()).withCapacities(Math.max(1024, s.k()), 1024);
        Map<Figure8Case, HandlerImage> images = new EnumMap<>(Figure8Case.class);
        for (Figure8Case c : Figure8Case.SEED) images.put(c, HandlerImage.build(c.build(base), HandlerImage.Matcher.OTM, work));
        HandlerImage rdma = HandlerImage.build(Figure8Case.NO_CONFLICT.build(base), HandlerImage.Matcher.OTM, work, List.of(HandlerImage.RDMA_ONLY));
        Path mpiExe = MessageRateFigure.buildMpi(work);
        NativePingPong nat = NativePingPong.build(base, work);
        MessageRateFigure.Setup h = s.host();
        int hostRuns = h.runs();
        Map<Boolean, double[]> mpi = new java.util.HashMap<>();
        Map<Boolean, double[]> list = new java.util.HashMap<>(), otm = new java.util.HashMap<>();
        int half = s.sequences() / 2;
        List<DpaRateRuns.Series> series = new ArrayList<>();
        for (Figure8Case c : Figure8Case.SEED) {
            for (MemorySetting ms : MemorySetting.values()) series.add(new DpaRateRuns.Series(new PingPong(c.conflict(), s.k(), s.sequences(), s.ack(ms)), images.get(c), ms));
            if (half > 0) series.add(firstHalf(s, c, half, images.get(c)));
        }
        for (MemorySetting ms : MemorySetting.values()) series.add(new DpaRateRuns.Series(new PingPong(false, s.k(), s.sequences(), s.ack(ms)), rdma, ms));
        long steps = DpaRateRuns.count(series) + 2L * 3 * hostRuns;
        Map<DpaRateRuns.Series, PingPong.Result> results;
        try (ProgressMeter p = progress.start("figure 8 on dpa", steps, "runs")) {
            for (boolean conflict : new boolean[] {false, true}) {
                double[] m = new double[hostRuns], l = new double[hostRuns], o = new double[hostRuns];
                for (int i = 0; i < hostRuns; i++) {
                    m[i] = MessageRateFigure.field(MessageRateFigure.runMpi(mpiExe, work, Figure8Case.argument(conflict), h), "rate");
                    p.step();
                    l[i] = nat.nsPerMessage(false, conflict, h.k(), h.repeat(), h.warmup());
                    p.step();
                    o[i] = nat.nsPerMessage(true, conflict, h.k(), h.repeat(), h.warmup());
                    p.step();
                }
                mpi.put(conflict, m);
                list.put(conflict, l);
                otm.put(conflict, o);
            }
            results = DpaRateRuns.measure(series, dpa, runs, s.fixed(), work, p);
        }
        List<Row> rows = new ArrayList<>();
        for (Figure8Case c : Figure8Case.SEED) {
            Map<MemorySetting, PingPong.Result> d = new EnumMap<>(MemorySetting.class);
            for (MemorySetting ms : MemorySetting.values())
                d.put(ms, results.get(new DpaRateRuns.Series(new PingPong(c.conflict(), s.k(), s.sequences(), s.ack(ms)), images.get(c), ms)));
            PingPong.Result first = half > 0 ? results.get(firstHalf(s, c, half, images.get(c))) : null;
            rows.add(new Row(c, d, first, mpi.get(c.conflict()), Median.of(list.get(c.conflict())), Median.of(otm.get(c.conflict()))));
        }
        Map<MemorySetting, PingPong.Result> rdmaOnly = new EnumMap<>(MemorySetting.class);
        for (MemorySetting ms : MemorySetting.values())
            rdmaOnly.put(ms, results.get(new DpaRateRuns.Series(new PingPong(false, s.k(), s.sequences(), s.ack(ms)), rdma, ms)));
        String cluster = dpa.config().cores() + " cores x " + dpa.config().threads() + " hardware threads";
        return new DpaRateFigure(s, cluster, dpa.backend(), rows, rdmaOnly);
    }

    /** The first half of {@code c}'s sequences under the likely setting, whose rate the whole's later half is told from. */
    private static DpaRateRuns.Series firstHalf(Setup s, Figure8Case c, int half, HandlerImage image) {
        return new DpaRateRuns.Series(new PingPong(c.conflict(), s.k(), half, s.ack(MemorySetting.LIKELY)), image, MemorySetting.LIKELY);
    }

    String describe() {
        MessageRateFigure.Setup h = setup.host();
        return String.format(Locale.ROOT,
                "Simulated DPA: the generated handler (otm_dpa_handler.c and otm.c, unmodified, gcc -O2 rv64imac) on the tagmatch DPA cluster "
                        + "(%s) on the %s simulator, N = %d threads, %d receives in flight at most, %d bins per hash index; the ping-pong of k = %d "
                        + "eager 8-byte messages per sequence (the Open MPI side's size), every to-host entry and delivered byte checked against the MPI reference. The NIC lands no "
                        + "message of a sequence before every entry of the one before has been taken (the receiver's host then posts the next "
                        + "sequence's receives) and the acknowledgement's round trip has passed: %s cycles under the optimistic / likely / "
                        + "pessimistic setting (a GUESS, docs/dpa.md). Cycles from the first message's completion to the last to-host entry, "
                        + "plus one round trip per run, under the optimistic, likely and pessimistic memory settings (docs/dpa.md; none is "
                        + "published: the band is their spread)%s, turned into messages per second at an ASSUMED clock of %.2f GHz. %s "
                        + "RDMA only: the no-conflict ping-pong through the same handler built without matching (" + HandlerImage.RDMA_ONLY + ": message j "
                        + "lands in the j-th posted receive, as an RDMA receive queue hands them out; each payload still moved by a work "
                        + "request and completed to the host): the rate of the NIC block and the protocol stage alone, the counterpart of the "
                        + "paper's RDMA-CPU line. "
                        + "Open MPI: the same ping-pong between two ranks on this machine (intra-node shared memory, not a network), "
                        + "%d timed sequences after %d untimed, median and spread of %d runs. Native: the receiver's matching of the same "
                        + "workload on one host core (the linked list; otm.c built for one thread), median of %d runs.",
                cluster, simulator, setup.threads(), Math.max(1024, setup.k()), setup.bins(), setup.k(),
                setup.ackCycles().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" / ")),
                setup.fixed().describe().isEmpty() ? "" : ", each with " + setup.fixed().describe(), setup.clockGhz(),
                sequencesNote(), h.repeat(), h.warmup(), h.runs(), h.runs());
    }

    /** How many sequences the DPA ran against the seed's, and why. */
    String sequencesNote() {
        double perSeq = rows.stream().mapToDouble(r -> r.secondsPerSequence(setup.sequences())).max().orElse(0);
        if (setup.sequences() >= SEED_SEQUENCES)
            return String.format(Locale.ROOT,
                    "The DPA ran %d sequences per case and setting (the seed's %d); the simulator took up to %.1f s of wall time per "
                            + "sequence here (likely setting); the rate of the later half of the sequences alone (likely) shows what "
                            + "the cold start costs.", setup.sequences(), SEED_SEQUENCES, perSeq);
        double all = rows.stream().mapToDouble(r -> r.secondsPerSequence(setup.sequences())).sum() * MemorySetting.values().length;
        return String.format(Locale.ROOT,
                "The DPA ran %d sequences per case and setting, not the seed's %d: the simulator took up to %.1f s of wall time per "
                        + "sequence here (likely setting), so the seed's %d would take about %.1f h for the figure's %d runs; the rate of "
                        + "the later half of the sequences alone (likely) shows what more sequences change.",
                setup.sequences(), SEED_SEQUENCES, perSeq, SEED_SEQUENCES, all * SEED_SEQUENCES / 3600,
                Figure8Case.SEED.size() * MemorySetting.values().length);
    }

    /**
     * How the sequences were split into runs, and the check that a run's fresh start does not
     * move the rate: the later half's rate (likely) against the whole's, the largest difference.
     */
    String runsNote() {
        PingPong pp = new PingPong(false, setup.k(), setup.sequences());
        double worst = rows.stream().filter(r -> r.firstHalf() != null)
                .mapToDouble(r -> Math.abs(r.laterRate(setup.clockGhz()) / r.dpaRate(MemorySetting.LIKELY, setup.clockGhz()) - 1)).max().orElse(Double.NaN);
        return String.format(Locale.ROOT,
                "Each case and setting ran as %d run(s) of at most %d sequences, each from a fresh cluster, so that no sequence depends on "
                        + "the state another run leaves and the runs may be simulated at once (--jobs); the warm-up is each run's own start, "
                        + "and the later half of the sequences (likely) runs %s from the whole's rate.",
                pp.runs().size(), pp.sequencesPerRun(), Double.isNaN(worst) ? "(one sequence: no half)"
                        : String.format(Locale.ROOT, "at most %.2f %%", 100 * worst));
    }

    /** One line per case. */
    public String summaryText() {
        StringBuilder sb = new StringBuilder(sequencesNote()).append(' ').append(runsNote()).append(System.lineSeparator());
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT,
                    "%-20s simulated DPA N=%d %,10.0f / %,10.0f / %,10.0f msg/s (optimistic / likely / pessimistic), later half %,10.0f (likely), "
                            + "%.1f s per sequence, %.2f host-memory loads and AMOs per message   Open MPI %,11.0f msg/s (%,.0f..%,.0f)   "
                            + "native list %.1f ns, otm.c %.1f ns per message%n",
                    r.kase().label() + ":", setup.threads(), r.dpaRate(MemorySetting.OPTIMISTIC, setup.clockGhz()),
                    r.dpaRate(MemorySetting.LIKELY, setup.clockGhz()), r.dpaRate(MemorySetting.PESSIMISTIC, setup.clockGhz()),
                    r.laterRate(setup.clockGhz()), r.secondsPerSequence(setup.sequences()),
                    r.dpa().get(MemorySetting.LIKELY).hostRoundTripsPerMessage(), r.mpiMedian(), r.mpiMin(), r.mpiMax(), r.listNs(), r.otmNs()));
        }
        return sb.append(rdmaOnlyLine()).append(System.lineSeparator()).toString();
    }

    /** The RDMA-only line, and what matching costs against it (no conflict, likely setting). */
    String rdmaOnlyLine() {
        PingPong.Result likely = rdmaOnly.get(MemorySetting.LIKELY);
        double nc = rows.stream().filter(r -> r.kase() == Figure8Case.NO_CONFLICT).findFirst().orElseThrow().dpa().get(MemorySetting.LIKELY).cyclesPerMessage();
        return String.format(Locale.ROOT,
                "RDMA only (the handler built without matching) N=%d %,10.0f / %,10.0f / %,10.0f msg/s (optimistic / likely / pessimistic), "
                        + "%.0f cycles per message (likely); matching adds %.0f cycles a message, no conflict has %.2fx its rate (likely), "
                        + "%.2f host-memory loads and AMOs per message",
                setup.threads(), rdmaOnlyRate(MemorySetting.OPTIMISTIC), rdmaOnlyRate(MemorySetting.LIKELY), rdmaOnlyRate(MemorySetting.PESSIMISTIC),
                likely.cyclesPerMessage(), nc - likely.cyclesPerMessage(), likely.cyclesPerMessage() / nc, likely.hostRoundTripsPerMessage());
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("# Seed 000 figure 8 on the simulated DPA\n\n").append(describe()).append("\n\n");
        sb.append("| case | DPA msg/s at ").append(setup.clockGhz())
                .append(" GHz (optimistic / likely / pessimistic) | later half's msg/s (likely) | cycles per message (likely) | of which, "
                        + "summed over the threads: CQs and tickets / match / protocol and copy / posts / waiting | host-memory loads and AMOs per message (likely) "
                        + "| Open MPI msg/s, median (min..max) | native list ns/msg | native otm.c ns/msg |\n|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            PingPong.Result likely = r.dpa().get(MemorySetting.LIKELY);
            StringBuilder phases = new StringBuilder();
            for (int k = 0; k < likely.phases().length; k++) phases.append(k == 0 ? "" : " / ").append(Math.round(likely.phasePerMessage(k)));
            sb.append(String.format(Locale.ROOT, "| %s | %,.0f / %,.0f / %,.0f | %,.0f | %.0f | %s | %.2f | %,.0f (%,.0f..%,.0f) | %.1f | %.1f |%n",
                    r.kase().label(), r.dpaRate(MemorySetting.OPTIMISTIC, setup.clockGhz()), r.dpaRate(MemorySetting.LIKELY, setup.clockGhz()),
                    r.dpaRate(MemorySetting.PESSIMISTIC, setup.clockGhz()), r.laterRate(setup.clockGhz()), likely.cyclesPerMessage(), phases,
                    likely.hostRoundTripsPerMessage(), r.mpiMedian(),
                    r.mpiMin(), r.mpiMax(), r.listNs(), r.otmNs()));
        }
        return sb.append('\n').append(summaryText()).toString();
    }

    public String csv() {
        StringBuilder sb = new StringBuilder("case,memory,k,sequences,threads,messages,cycles,msgs_per_s_at_clock,clock_ghz,mpi_median,mpi_min,mpi_max,"
                + "native_list_ns,native_otm_ns,runs,retired,sim_seconds,ack_cycles,later_half_msgs_per_s,host_round_trips_per_msg\n");
        for (Row r : rows) {
            for (MemorySetting ms : MemorySetting.values()) {
                PingPong.Result d = r.dpa().get(ms);
                sb.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%.0f,%.2f,%.0f,%.0f,%.0f,%.2f,%.2f,%d,%d,%.1f,%d,%s,%.2f%n",
                        r.kase().csvName(), ms.name().toLowerCase(Locale.ROOT), setup.k(), setup.sequences(),
                        setup.threads(), d.messages(), d.cycles(), d.perSecond(setup.clockGhz()), setup.clockGhz(), r.mpiMedian(), r.mpiMin(),
                        r.mpiMax(), r.listNs(), r.otmNs(), d.runs(), d.retired(), d.simSeconds(), setup.ack(ms),
                        ms == MemorySetting.LIKELY && r.firstHalf() != null ? String.format(Locale.ROOT, "%.0f", r.laterRate(setup.clockGhz())) : "",
                        d.hostRoundTripsPerMessage()));
            }
        }
        for (MemorySetting ms : MemorySetting.values()) {
            PingPong.Result d = rdmaOnly.get(ms);
            sb.append(String.format(Locale.ROOT, "rdma-only,%s,%d,%d,%d,%d,%d,%.0f,%.2f,,,,,,%d,%d,%.1f,%d,,%.2f%n", ms.name().toLowerCase(Locale.ROOT),
                    setup.k(), setup.sequences(), setup.threads(), d.messages(), d.cycles(), d.perSecond(setup.clockGhz()), setup.clockGhz(), d.runs(),
                    d.retired(), d.simSeconds(), setup.ack(ms), d.hostRoundTripsPerMessage()));
        }
        return sb.toString();
    }

    /** Writes {@code figure8.md}, {@code figure8.csv} and {@code figure8.png} into {@code dir}; returns their names. */
    public List<String> write(Path dir) throws IOException {
        Files.writeString(dir.resolve("figure8.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("figure8.csv"), csv(), StandardCharsets.UTF_8);
        DpaRatePlot.write(this, dir.resolve("figure8.png"));
        return List.of("figure8.md", "figure8.csv", "figure8.png");
    }
}
