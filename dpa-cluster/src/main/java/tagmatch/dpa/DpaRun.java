package tagmatch.dpa;

import tagmatch.dpa.mem.CacheCounts;
import tagmatch.dpa.mem.CacheHierarchy;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemLatencies;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.dpa.nic.HostAccesses;
import tagmatch.dpa.nic.HostImage;
import tagmatch.dpa.nic.Nic;
import tagmatch.dpa.nic.NicMap;
import tagmatch.dpa.nic.WqeRefusal;
import tagmatch.dpa.nic.NicOutcome;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.process.ParameterError;
import tagmatch.sim.BatchResult;
import tagmatch.sim.PortHandle;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.Stimulus;

import java.nio.charset.StandardCharsets;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Runs bare-metal programs on a {@link DpaCluster} under Verilator (or another backend). The model is built once per
 * {@link DpaConfig} (and cached across processes by hdl-sim); each run gets a fresh instance, loads
 * the program through the load port, starts the harts and steps in batches that end only when the
 * console buffer fills, the program exits or a hart stops on an error, so a run costs a few native
 * calls rather than one per cycle.
 *
 * <pre>{@code
 * try (DpaRun dpa = DpaRun.build(DpaConfig.defaults())) {
 *     DpaResult r = dpa.run(ElfImage.read(path, dpa.config().ramBytes()), DpaRun.Options.defaults());
 *     List<Retirement> t = new ArrayList<>();
 *     dpa.trace(image, DpaRun.Options.defaults().withHarts(1), t::add);   // every retirement, in order
 * }
 * }</pre>
 */
public final class DpaRun implements AutoCloseable {
    /** Cycles of one batch without a console or trace event. */
    private static final long BATCH = 1L << 22;
    /** Cycles of one traced batch (every cycle's retirements are captured). */
    private static final long TRACE_BATCH = 1L << 15;

    /**
     * Run-time settings: harts started (0: all), what memory costs, and the cycle budget. With
     * {@code caches} null the memory is flat: every load, store and atomic makes its thread wait
     * {@code latency} cycles and fetch is free; otherwise the cache hierarchy decides each
     * access's cost with those latencies (the default: {@link MemorySetting#LIKELY}).
     */
    public record Options(int harts, int latency, long maxCycles, MemLatencies caches) {
        public static final int DEFAULT_LATENCY = 8;
        public static final long DEFAULT_MAX_CYCLES = 1_000_000_000L;

        /** What {@link ParameterError}s of the settings name. */
        public enum Parameter implements ParameterError.Field {
            HARTS, LATENCY, MAX_CYCLES;
        }

        public Options {
            if (harts < 0) throw new ParameterError(Parameter.HARTS, "must be >= 0 (0: all)", harts);
            if (latency < 0 || latency > 255) throw new ParameterError(Parameter.LATENCY, "must be in 0..255", latency);
            if (maxCycles < 1) throw new ParameterError(Parameter.MAX_CYCLES, "must be >= 1", maxCycles);
        }

        /** These settings, checked against {@code config}: no more harts than it has. */
        public Options checkFits(DpaConfig config) {
            if (harts > config.harts()) throw new ParameterError(Parameter.HARTS, "must be <= " + config.harts() + " (cores x threads)", harts);
            return this;
        }

        /** Flat memory of {@code latency} cycles. */
        public Options(int harts, int latency, long maxCycles) {
            this(harts, latency, maxCycles, null);
        }

        public static Options defaults() {
            return new Options(0, DEFAULT_LATENCY, DEFAULT_MAX_CYCLES, MemorySetting.LIKELY.latencies());
        }

        public Options withHarts(int n) { return new Options(n, latency, maxCycles, caches); }

        /** Flat memory: every access costs {@code l} cycles, no caches. */
        public Options withLatency(int l) { return new Options(harts, l, maxCycles, null); }

        /** The cache hierarchy with these latencies. */
        public Options withCaches(MemLatencies l) { return new Options(harts, latency, maxCycles, l); }

        public Options withMemory(MemorySetting s) { return withCaches(s.latencies()); }

        /** The hierarchy with {@code s}'s latencies, those in {@code o} overridden. */
        public Options withMemory(MemorySetting s, LatencyOverrides o) { return withCaches(o.apply(s)); }

        public Options withMaxCycles(long n) { return new Options(harts, latency, n, caches); }

        /** The memory model in words, for a report: "flat 8 cycles" or the hierarchy's latencies. */
        public String memory() {
            return caches == null ? "flat " + latency + " cycles" : "caches " + caches;
        }
    }

    private final DpaConfig config;
    private final String backend;
    private final Supplier<Simulator> instances;

    private DpaRun(DpaConfig config, String backend, Supplier<Simulator> instances) {
        this.config = config;
        this.backend = backend;
        this.instances = instances;
    }

    /**
     * Elaborates the cluster and builds (or finds in the cache) its Verilator model: firmware runs
     * millions of cycles, where Verilator's speed outweighs its build ({@link ClusterSimulator}).
     */
    public static DpaRun build(DpaConfig config) {
        return build(config, "verilator");
    }

    /**
     * Elaborates the cluster and makes it ready on {@code backend} (one of {@link Simulators#BACKENDS}):
     * builds (or finds in the cache) its Verilator model, or compiles it to a JVM class.
     */
    public static DpaRun build(DpaConfig config, String backend) {
        return build(config, backend, List.of());
    }

    /** As {@link #build(DpaConfig, String)}, with {@code devices} on the cluster's interconnect. */
    public static DpaRun build(DpaConfig config, String backend, List<DeviceSlot> devices) {
        Circuit circuit = Elaborator.elaborate(() -> new DpaCluster(config, devices));
        return new DpaRun(config, backend, Simulators.instances(backend, circuit));
    }

    /** The cluster on the simulator {@code sim} names, or on the faster for its work. */
    public static DpaRun build(DpaConfig config, SimulatorChoice sim) {
        return build(config, sim, List.of());
    }

    /** As {@link #build(DpaConfig, SimulatorChoice)}, with {@code devices} on the cluster's interconnect. */
    public static DpaRun build(DpaConfig config, SimulatorChoice sim, List<DeviceSlot> devices) {
        Circuit circuit = Elaborator.elaborate(() -> new DpaCluster(config, devices));
        String backend = sim.resolve(circuit).backend();
        return new DpaRun(config, backend, Simulators.instances(backend, circuit));
    }

    public DpaConfig config() { return config; }

    /** The backend the cluster runs on: {@code compiled}, {@code verilator} or {@code interpreter}. */
    public String backend() { return backend; }

    /** Runs {@code program} to its exit, an error or the cycle budget. */
    public DpaResult run(ElfImage program, Options options) {
        return execute(program, options, null, c -> { }, null, sim -> { });
    }

    /** {@link #run(ElfImage, Options)} that reports the cycles run after every batch (for a progress display). */
    public DpaResult run(ElfImage program, Options options, LongConsumer cyclesRun) {
        return execute(program, options, null, cyclesRun, null, sim -> { });
    }

    /**
     * Runs {@code program} with {@code host} loaded into the NIC and host block's host memory (its
     * script, queues and layout block), then reads back the block's counters, its log and the host
     * memory {@code reads} asks for. With the cache hierarchy, every access before the program
     * starts the block ({@code NIC_GO}) costs an L1 hit ({@link MemLatencies#forSetUp}): what the
     * block counts and times begins there.
     */
    public NicOutcome run(ElfImage program, Options options, HostImage host, List<NicOutcome.HostRange> reads) {
        if (host.bytes() > config.ramBytes())
            throw new IllegalArgumentException("the host image needs " + host.bytes() + " bytes of host memory, the cluster has "
                    + config.ramBytes() + " (--ram-mib " + config.ramMib() + ")");
        NicOutcome[] out = new NicOutcome[1];
        DpaResult[] result = new DpaResult[1];
        result[0] = execute(program, options, null, c -> { }, host, sim -> out[0] = readBack(sim, host, reads));
        NicOutcome o = out[0];
        return new NicOutcome(result[0], o.landed(), o.commands(), o.taken(), o.events(), o.stalls(), o.firstCqe(), o.lastTake(),
                o.done(), o.waitEnd(), o.wqes(), o.host(), o.log(), o.reads());
    }

    /**
     * Runs like {@link #run} and hands {@code sink} every retired instruction in retirement order
     * (cycle by cycle, cores in index order within a cycle). Slower: every cycle is captured.
     */
    public DpaResult trace(ElfImage program, Options options, Consumer<Retirement> sink) {
        return execute(program, options, sink, c -> { }, null, sim -> { });
    }

    /** Runs the program; {@code after} sees the instance once the result's values are read, before it closes. */
    private DpaResult execute(ElfImage program, Options options, Consumer<Retirement> sink, LongConsumer cyclesRun, HostImage host,
                              Consumer<Simulator> after) {
        options.checkFits(config);
        int harts = options.harts() == 0 ? config.harts() : options.harts();
        try (Simulator sim = instances.get()) {
            PortHandle run = sim.port("run");
            // the harts take their pc and whether they start from these while run is low
            sim.poke(run, 0);
            sim.poke("boot_pc", program.entry());
            sim.poke("active_harts", harts);
            MemLatencies m = options.caches() == null ? MemorySetting.LIKELY.latencies() : options.caches();
            sim.poke("mem_caches", options.caches() == null ? 0 : 1);
            sim.poke("mem_flat", options.latency());
            // nothing a run with the NIC measures starts before the driver starts the NIC, so the
            // set-up before it goes at L1 cost: the same accesses and lines, in fewer cycles
            boolean settingUp = host != null && options.caches() != null;
            poke(sim, settingUp ? m.forSetUp() : m);
            sim.reset(1);
            load(sim, program, host, run);

            PortHandle stop = sim.port("stop"), clear = sim.port("console_clear"), started = sim.port("nic_started");
            PortHandle count = sim.port("console_count"), data = sim.port("console_data"), cycles = sim.port("cycles");
            PortHandle[] trace = sink == null ? new PortHandle[0] : tracePorts(sim);
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            long done = 0;
            while (true) {
                long budget = Math.min(sink == null ? BATCH : TRACE_BATCH, options.maxCycles() - done);
                // the bytes read after the last batch are cleared in its first cycle
                Stimulus.Builder s = Stimulus.builder().drive(clear).maxCycles(budget).until(stop, 1).capture(trace);
                if (settingUp) s.until(started, 1);
                if (done > 0 && budget >= 2) s.row(1).row(0);
                else s.row(done > 0 ? 1 : 0);
                BatchResult r = sim.run(s.build());
                if (sink != null) emit(r, trace, sink);
                long n = sim.peek(count);
                long bytes = sim.peek(data);
                for (int i = 0; i < n; i++) console.write((int) (bytes >>> (8 * i)) & 0xFF);
                done += r.cycles();
                cyclesRun.accept(done);
                if (settingUp && sim.peek(started) == 1) {
                    poke(sim, m);
                    settingUp = false;
                }
                if (sim.peek("exited") == 1 || sim.peek("err_valid") == 1 || sim.peek("nic_wqe_error") != 0 || done >= options.maxCycles()) break;
            }
            List<Long> retired = new ArrayList<>();
            PortHandle instret = sim.port("probe_instret");
            for (int h = 0; h < config.harts(); h++) {
                if (config.harts() > 1) sim.poke("probe_hart", h);
                retired.add(sim.peek(instret));
            }
            String text = console.toString(StandardCharsets.UTF_8);
            long total = sim.peek(cycles);
            List<Long> counts = new ArrayList<>();
            for (String c : CacheHierarchy.COUNTERS) counts.add(sim.peek("mem_" + c));
            CacheCounts caches = CacheCounts.of(counts);
            DpaResult result;
            if (sim.peek("err_valid") == 1) {
                DpaResult.DpaError e = new DpaResult.DpaError((int) sim.peek("err_hart"), sim.peek("err_pc"), sim.peek("err_inst"),
                        (int) sim.peek("err_cause"));
                result = new DpaResult(text, DpaResult.Outcome.ERROR, -1, e, total, retired, caches);
            } else if (sim.peek("exited") == 1) {
                result = new DpaResult(text, DpaResult.Outcome.EXIT, sim.peek("exit_code"), null, total, retired, caches);
            } else {
                result = new DpaResult(text, DpaResult.Outcome.TIMEOUT, -1, null, total, retired, caches);
            }
            after.accept(sim);
            return result;
        }
    }

    /** The hierarchy's costs onto the cluster's memory inputs, which it reads every cycle. */
    private static void poke(Simulator sim, MemLatencies m) {
        sim.poke("mem_l1", m.l1());
        sim.poke("mem_l2", m.l2());
        sim.poke("mem_l3", m.l3());
        sim.poke("mem_dram", m.dram());
        sim.poke("mem_host", m.host());
        sim.poke("mem_atomic", m.atomic());
        sim.poke("mem_wire", m.wire());
        sim.poke("mem_store_buffer", m.storeBuffer());
        sim.poke("mem_write_back", m.writeBack());
    }

    /**
     * The NIC's counters, then (with {@code run} low, so nothing moves while the peek port steps)
     * its log and the asked host ranges, read one word a cycle in one batch.
     */
    private NicOutcome readBack(Simulator sim, HostImage host, List<NicOutcome.HostRange> reads) {
        long[] c = new long[Nic.COUNTERS.size()];
        for (int i = 0; i < c.length; i++) c[i] = sim.peek("nic_" + Nic.COUNTERS.get(i));
        if (c[10] != 0) throw new WqeRefusal(c[10]);
        long taken = c[2];
        long kept = Math.min(taken, host.logEntries());
        List<Long> addrs = new ArrayList<>();
        for (long i = 0; i < kept * host.logWords(); i++) addrs.add(host.log() + 8 * i);
        for (NicOutcome.HostRange r : reads) for (int i = 0; i < r.words(); i++) addrs.add(r.addr() + 8L * i);
        long[] words = peekHost(sim, addrs);
        List<long[]> log = new ArrayList<>();
        int at = 0;
        for (long e = 0; e < kept; e++, at += host.logWords()) log.add(Arrays.copyOfRange(words, at, at + host.logWords()));
        Map<NicOutcome.HostRange, long[]> got = new LinkedHashMap<>();
        for (NicOutcome.HostRange r : reads) {
            got.put(r, Arrays.copyOfRange(words, at, at + r.words()));
            at += r.words();
        }
        long[] h = new long[Nic.HOST_ACCESSES.size()];
        for (int i = 0; i < h.length; i++) h[i] = sim.peek("nic_" + Nic.HOST_ACCESSES.get(i));
        return new NicOutcome(null, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], new HostAccesses(h[0], h[1], h[2]), log, got);
    }

    private long[] peekHost(Simulator sim, List<Long> addrs) {
        PortHandle run = sim.port("run"), word = sim.port("host_peek_word"), data = sim.port("host_peek_data");
        sim.run(Stimulus.builder().drive(run).row(0).maxCycles(2).build());
        long[] out = new long[addrs.size()];
        if (addrs.isEmpty()) return out;
        Stimulus.Builder s = Stimulus.builder().drive(run, word).capture(data).maxCycles(addrs.size());
        for (long a : addrs) s.row(0, (a - NicMap.HOST_BASE) >>> 3);
        BatchResult r = sim.run(s.build());
        long[] raw = r.raw();
        for (int i = 0; i < out.length; i++) out[i] = raw[i * r.rowWords()];
        return out;
    }

    /**
     * Writes every word the segments' file bytes touch through the load port, in one batch whose last
     * cycle raises {@code run}: the cluster registers it, so the harts start in the cycle after the batch.
     */
    private void load(Simulator sim, ElfImage program, HostImage host, PortHandle run) {
        // a fresh instance's RAM is zero (Verilator's --x-initial 0), so .bss needs no writes
        Map<Long, Long> words = new TreeMap<>();
        for (ElfImage.Segment seg : program.segments()) {
            byte[] d = seg.data();
            for (int i = 0; i < d.length; i++) {
                long addr = seg.address() + i - DpaConfig.RAM_BASE;
                int sh = (int) (addr & 7) * 8;
                words.merge(addr >>> 3, (d[i] & 0xFFL) << sh, (x, y) -> x | y);
            }
        }
        Stimulus.Builder s = Stimulus.builder().drive(run, sim.port("load_en"), sim.port("load_word"), sim.port("load_data"),
                sim.port("load_host"));
        for (Map.Entry<Long, Long> e : words.entrySet()) s.row(0, 1, e.getKey(), e.getValue(), 0);
        if (host != null) for (Map.Entry<Long, Long> e : host.words().entrySet()) s.row(0, 1, e.getKey(), e.getValue(), 1);
        s.row(1, 0, 0, 0, 0);
        sim.run(s.build());
    }

    private PortHandle[] tracePorts(Simulator sim) {
        PortHandle[] p = new PortHandle[config.cores() * 5];
        for (int c = 0; c < config.cores(); c++) {
            p[5 * c] = sim.port("trace" + c + "_valid");
            p[5 * c + 1] = sim.port("trace" + c + "_hart");
            p[5 * c + 2] = sim.port("trace" + c + "_pc");
            p[5 * c + 3] = sim.port("trace" + c + "_rd");
            p[5 * c + 4] = sim.port("trace" + c + "_value");
        }
        return p;
    }

    private void emit(BatchResult r, PortHandle[] trace, Consumer<Retirement> sink) {
        long[] raw = r.raw();
        int row = r.rowWords();
        for (long c = 0; c < r.cycles(); c++) {
            int base = (int) (c * row);
            for (int k = 0; k < config.cores(); k++) {
                int o = base + 5 * k;
                if (raw[o] != 0) sink.accept(new Retirement((int) raw[o + 1], raw[o + 2], (int) raw[o + 3], raw[o + 4]));
            }
        }
    }

    @Override
    public void close() {
        // the model's library stays loaded for the process (hdl-sim caches it); instances are closed per run
    }
}
