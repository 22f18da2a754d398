package tagmatch.sim.flat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tagmatch.sim.AbstractSimulator;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.PortHandle;
import tagmatch.sim.PropertyFailure;
import tagmatch.sim.SimDesign;
import tagmatch.sim.SimPort;
import tagmatch.sim.Stimulus;
import tagmatch.sim.StopCondition;

/**
 * A {@link tagmatch.sim.Simulator} running a {@link Schedule} through a {@link Kernel}: the one
 * edge and property loop of the Java backends, which differ only in how their kernel executes the
 * schedule. Two-state, all state zero at start, and the Verilator backend's cycle convention
 * (settle with the clock low at time 10c, rising edge at 10c+5, the clock lowered lazily), lazy
 * settling, the batched run loop and the waveform, which samples the values at the same two
 * instants Verilator's trace does. Every clock is a signal
 * watched for rising edges after each settle, as Verilator's evaluation does: a second clock
 * input rises when the testbench pokes it from 0 to 1 and the design is next evaluated; a clock
 * derived from logic or registers rises when its settled value does, and the registers it drives
 * see the values from before that edge. A register with an asynchronous reset also takes its
 * value at its reset's asserting edge (a falling one for active low): a reset poked between clock
 * edges acts when the design is next evaluated, without a clock. External modules run as
 * behavioural models through a {@link ModelledKernel}.
 */
public final class FlatSimulator extends AbstractSimulator {
    /** Edge rounds in one evaluation before a clock that keeps toggling is reported. */
    private static final int MAX_ROUNDS = 10_000;

    private final Schedule schedule;
    private final String backend;
    private final Kernel k;
    private final long[] v;
    private final long[][] m;
    private final int[] port;
    private final long[] portMask;
    private final ClockEdges edges;
    /** Which domains have an edge now: {@code edges.rising}. */
    private final boolean[] rising;
    private final int main;
    private final int clk;
    private final Schedule.Prop[] immediate;
    private final Schedule.Print[] prints;
    private java.io.PrintStream out = System.out;
    private final Schedule.Prop[][] clocked;
    private boolean dirty = true;
    private long cycle;
    private VcdWriter vcd;

    /**
     * An instance of {@code schedule} executed by {@code kernel}, its external instances run as
     * {@code models}; {@code backend} is the name {@link #backend()} gives.
     */
    public FlatSimulator(SimDesign design, Schedule schedule, Kernel kernel, BehaviouralModels models, String backend) {
        super(design);
        this.schedule = schedule;
        this.backend = backend;
        v = new long[schedule.size() + kernel.scratchWords()];
        this.k = schedule.externals.isEmpty() ? kernel : new ModelledKernel(kernel, schedule, models, v);
        for (Schedule.Constant c : schedule.constants) {
            System.arraycopy(c.words(), 0, v, c.offset(), c.words().length);
        }
        m = new long[schedule.mems.size()][];
        for (int i = 0; i < m.length; i++) {
            Schedule.Mem mm = schedule.mems.get(i);
            int n = WideOps.words(mm.width());
            m[i] = new long[Math.multiplyExact(mm.depth(), n)];
            for (int a = 0; a < mm.init().size(); a++) {
                java.math.BigInteger word = mm.init().get(a);
                for (int j = 0; j < n; j++) {
                    m[i][a * n + j] = word.shiftRight(64 * j).longValue();
                }
            }
        }
        port = schedule.ports;
        PortHandle[] hs = handles();
        portMask = new long[hs.length];
        for (int i = 0; i < hs.length; i++) {
            portMask[i] = WideOps.mask(Math.min(64, hs[i].width()));
        }
        int nd = schedule.domains.size();
        edges = new ClockEdges(schedule.domains);
        rising = edges.rising;
        main = schedule.mainDomain;
        clk = clockHandle() == null ? -1 : port[clockHandle().index()];
        List<Schedule.Prop> imm = new ArrayList<>();
        List<List<Schedule.Prop>> byDomain = new ArrayList<>();
        for (int d = 0; d < nd; d++) {
            byDomain.add(new ArrayList<>());
        }
        for (Schedule.Prop p : schedule.props) {
            (p.domain() < 0 ? imm : byDomain.get(p.domain())).add(p);
        }
        immediate = imm.toArray(new Schedule.Prop[0]);
        prints = schedule.prints.toArray(new Schedule.Print[0]);
        clocked = new Schedule.Prop[nd][];
        for (int d = 0; d < nd; d++) {
            clocked[d] = byDomain.get(d).toArray(new Schedule.Prop[0]);
        }
    }

    /** Prints the domain's enabled printfs with the values before its edge. */
    private void print(int domain) {
        for (Schedule.Print p : prints) {
            if (p.domain() == domain && v[p.enable()] != 0) {
                List<java.math.BigInteger> values = new ArrayList<>();
                for (int i = 0; i < p.args().length; i++) {
                    values.add(WideOps.big(v, p.args()[i], p.widths()[i], false, p.widths()[i]));
                }
                out.print(p.format().render(values, p.widths()));
            }
        }
    }

    @Override
    public void printTo(java.io.PrintStream stream) {
        out = java.util.Objects.requireNonNull(stream, "stream");
    }

    private void check(Schedule.Prop[] props) {
        for (Schedule.Prop p : props) {
            if (v[p.enable()] != 0 && v[p.predicate()] == 0) {
                throw new PropertyFailure(p.check().kind().keyword, p.check().message(), p.check().locator().toString(),
                        p.instance(), cycle, backend());
            }
        }
    }

    private void comb() {
        k.comb(v, m);
        if (immediate.length > 0) {
            check(immediate);
        }
    }

    /** Settles the logic for the current inputs, then runs every clock edge that settling made. */
    private void evaluate() {
        comb();
        edges();
    }

    /**
     * Fires the domains whose clock rose since the last evaluation, all at once (every next value
     * computed before any is committed), re-settles, and repeats while clocks keep rising. The
     * first evaluation only records the clocks' values, as Verilator's first {@code eval} does.
     */
    private void edges() {
        for (int round = 0; ; round++) {
            if (!edges.sample(v)) {
                return;
            }
            if (round >= MAX_ROUNDS) {
                throw new IllegalStateException("simulation of " + design.top() + " does not settle: a clock rose "
                        + MAX_ROUNDS + " times in one evaluation at cycle " + cycle + " (a clock fed back from its own registers?)");
            }
            fire();
            comb();
        }
    }

    private void fire() {
        int nd = rising.length;
        for (int d = 0; d < nd; d++) {
            if (rising[d]) {
                check(clocked[d]);
                print(d);
            }
        }
        for (int d = 0; d < nd; d++) {
            if (rising[d]) {
                k.compute(d, v, m);
            }
        }
        for (int d = 0; d < nd; d++) {
            if (rising[d]) {
                k.commit(d, v, m);
            }
        }
    }

    /** The main clock's rising edge, leaving the clock low again (no-op without a clock). */
    private void risingEdge() {
        if (main >= 0) {
            if (edges.inputsOnly) {
                // Raising a top clock input changes nothing but that clock: fire its domain directly.
                check(clocked[main]);
                print(main);
                k.compute(main, v, m);
                k.commit(main, v, m);
            } else {
                v[clk] = 1;
                comb();
                edges();
                v[clk] = 0;
            }
        }
    }

    @Override
    protected void pokeRaw(int index, long value) {
        v[port[index]] = value & portMask[index];
        changed();
    }

    @Override
    protected void pokeWideRaw(int index, long[] words) {
        int off = port[index];
        System.arraycopy(words, 0, v, off, words.length);
        WideOps.top(v, off, handles()[index].width());
        changed();
    }

    @Override
    protected long peekRaw(int index) {
        settle();
        return v[port[index]];
    }

    @Override
    protected void peekWideRaw(int index, long[] words) {
        peekWideRaw(index, words, 0);
    }

    /** Reads a wide port's words into {@code words} from {@code offset}, the logic settled. */
    private void peekWideRaw(int index, long[] words, int offset) {
        settle();
        System.arraycopy(v, port[index], words, offset, handles()[index].words());
    }

    /** Brings every value {@link #read} gives up to date before a waveform's dump. */
    private void waveValues() {
        k.views(v, m);
    }

    /** Reads one waveform value's current words. */
    private void read(WaveSignal s, long[] words, int offset) {
        int n = s.words();
        if (s.memory() < 0) {
            System.arraycopy(v, s.slot(), words, offset, n);
        } else {
            System.arraycopy(m[s.memory()], s.address() * n, words, offset, n);
        }
    }

    @Override
    public String backend() { return backend; }

    /** Marks the inputs changed: the next settle evaluates. */
    private void changed() {
        dirty = true;
    }

    /** Evaluates if anything changed since the last evaluation. */
    private void settle() {
        if (dirty) {
            dirty = false;
            evaluate();
            if (vcd != null) {
                waveValues();
                vcd.dump(10 * cycle);
            }
        }
    }

    /** One cycle: settle with the clock low, then the main clock's rising edge. */
    private void cycleOnce() {
        settle();
        risingEdge();
        if (vcd != null && clockHandle() != null) {
            // Verilator evaluates with the clock high: show the logic settled after the edge
            int clock = clockHandle().index();
            pokeRaw(clock, 1);
            k.comb(v, m);
            waveValues();
            vcd.dump(10 * cycle + 5);
            pokeRaw(clock, 0);
        }
        cycle++;
        dirty = true;
    }

    @Override
    protected void stepRaw(long n) {
        for (long i = 0; i < n; i++) {
            cycleOnce();
        }
    }

    @Override
    public long cycle() {
        checkOpen();
        return cycle;
    }

    @Override
    protected long[] runRaw(Stimulus s, long[] out) {
        PortHandle[] in = s.driveUnsafe();
        PortHandle[] cap = s.captureUnsafe();
        List<StopCondition> until = s.until();
        long[] inputs = s.inputsUnsafe();
        int inWords = Stimulus.rowWords(in);
        int outWords = Stimulus.rowWords(cap);
        long[][] wide = new long[in.length][];
        for (int i = 0; i < in.length; i++) {
            wide[i] = in[i].narrow() ? null : new long[in[i].words()];
        }
        long rows = s.rows();
        long c = 0;
        int fired = -1;
        while (c < s.maxCycles()) {
            if (c < rows) {
                int p = (int) (c * inWords);
                for (int i = 0; i < in.length; i++) {
                    PortHandle h = in[i];
                    if (wide[i] == null) {
                        pokeRaw(h.index(), inputs[p]);
                    } else {
                        System.arraycopy(inputs, p, wide[i], 0, wide[i].length);
                        pokeWideRaw(h.index(), wide[i]);
                    }
                    p += h.words();
                }
            }
            settle();
            int q = (int) (c * outWords);
            for (PortHandle h : cap) {
                if (h.narrow()) {
                    out[q] = peekRaw(h.index());
                } else {
                    peekWideRaw(h.index(), out, q);
                }
                q += h.words();
            }
            for (int stop = 0; stop < until.size(); stop++) {
                StopCondition u = until.get(stop);
                if ((peekRaw(u.port().index()) == u.value()) == u.equal()) {
                    fired = stop;
                    break;
                }
            }
            cycleOnce();
            c++;
            if (fired >= 0) {
                break;
            }
        }
        return new long[] {c, fired};
    }

    /** Starts a waveform; the state at the next settle is its first dump, as with Verilator. */
    @Override
    public void openVcd(Path file) {
        checkOpen();
        closeWaveform();
        Set<String> ports = new HashSet<>();
        for (SimPort p : design.ports()) {
            ports.add(p.name());
        }
        vcd = VcdWriter.open(file, design.top(), ports, schedule.waveSignals(), this::read);
        dirty = true;
    }

    /** Dumps the settled state and closes the waveform. */
    @Override
    public void closeVcd() {
        checkOpen();
        settle();
        closeWaveform();
    }

    private void closeWaveform() {
        if (vcd != null) {
            VcdWriter w = vcd;
            vcd = null;
            w.close();
        }
    }

    @Override
    protected void closeRaw() {
        closeWaveform();
    }
}

