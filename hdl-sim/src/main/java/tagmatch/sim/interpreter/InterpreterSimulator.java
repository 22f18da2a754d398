package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.util.List;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.PropertyFailure;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.JvmSimulator;
import tagmatch.sim.WaveSignal;
import tagmatch.sim.Words;
import tagmatch.sim.flat.ClockEdges;

/**
 * A {@link Simulator} that interprets the lowered circuit IR in Java: cycle-based, two-state,
 * all state zero at start, the same cycle convention as the Verilator backend (settle with the
 * clock low, then the rising edge). Every clock is watched for rising edges after each settle,
 * as Verilator's evaluation does: a second clock input rises when the testbench pokes it from 0
 * to 1 and the design is next evaluated. A register with an asynchronous reset also fires on its
 * reset's asserting edge (a falling one for active low), so the reset acts at that evaluation,
 * without a clock. External modules run as the {@link BehaviouralModels} given. An independent
 * second opinion on what the Verilog means.
 */
public final class InterpreterSimulator extends JvmSimulator {
    private final FlatCircuit fc;
    private final Eval.State st;
    private final FlatCircuit.Assign[] order;
    private final FlatCircuit.Reg[] regs;
    private final FlatCircuit.MemWrite[] writes;
    private final FlatCircuit.Print[] prints;
    private final FlatCircuit.ModelEdge[] modelEdges;
    private java.io.PrintStream out = System.out;
    private final long[] nextN;
    private final BigInteger[] nextW;
    private final boolean[] regWrites;
    private final FlatCircuit.Prop[] clocked;
    private final FlatCircuit.Prop[] immediate;
    private final ClockEdges edges;
    /** Which domains have an edge now: {@code edges.rising}. */
    private final boolean[] rising;
    private final int main;
    private final int clk;

    /** An interpreter instance of {@code circuit}, which {@code design} describes (its ports and names). */
    public static InterpreterSimulator of(SimDesign design, Circuit circuit) {
        return of(design, circuit, BehaviouralModels.none());
    }

    /** An interpreter instance of {@code circuit} whose external modules are simulated by {@code models}. */
    public static InterpreterSimulator of(SimDesign design, Circuit circuit, BehaviouralModels models) {
        return new InterpreterSimulator(design, new FlatCircuit(circuit, models));
    }

    private InterpreterSimulator(SimDesign design, FlatCircuit fc) {
        super(design);
        this.fc = fc;
        this.st = fc.newState();
        this.order = fc.order.toArray(new FlatCircuit.Assign[0]);
        this.regs = fc.regs.toArray(new FlatCircuit.Reg[0]);
        this.writes = fc.memWrites.toArray(new FlatCircuit.MemWrite[0]);
        this.prints = fc.prints.toArray(new FlatCircuit.Print[0]);
        this.modelEdges = fc.modelEdges.toArray(new FlatCircuit.ModelEdge[0]);
        this.nextN = new long[regs.length];
        this.nextW = new BigInteger[regs.length];
        this.regWrites = new boolean[regs.length];
        this.clocked = fc.props.stream().filter(p -> p.check().clock() != null).toArray(FlatCircuit.Prop[]::new);
        this.immediate = fc.props.stream().filter(p -> p.check().clock() == null).toArray(FlatCircuit.Prop[]::new);
        edges = new ClockEdges(fc.domains);
        rising = edges.rising;
        main = fc.mainDomain;
        clk = clockHandle() == null ? -1 : fc.portSlot[clockHandle().index()];
    }

    /** Clocked properties hold in the settled state before each rising edge of their clock; immediate ones whenever it settles. */
    private void check(FlatCircuit.Prop[] props) {
        for (FlatCircuit.Prop p : props) {
            if (p.clock() >= 0 && !rising[p.clock()]) {
                continue;
            }
            if (st.n[p.enable()] != 0 && st.n[p.predicate()] == 0) {
                throw new PropertyFailure(p.check().kind().keyword, p.check().message(), p.check().locator().toString(),
                        p.instance(), currentCycle(), backend());
            }
        }
    }

    @Override
    protected void evaluate() {
        comb();
        edges();
    }

    /**
     * Fires the domains whose clock rose since the last evaluation, all at once, re-settles, and
     * repeats while clocks keep rising. The first evaluation only records the clocks' values, as
     * Verilator's first {@code eval} does.
     */
    private void edges() {
        for (int round = 0; ; round++) {
            if (!edges.sample(st.n)) {
                return;
            }
            if (round >= 10_000) {
                throw new IllegalStateException("simulation of " + design.top() + " does not settle: a clock rose 10000 times "
                        + "in one evaluation at cycle " + currentCycle());
            }
            edge();
            comb();
        }
    }

    @Override
    protected void risingEdge() {
        if (main >= 0) {
            if (edges.inputsOnly) {
                // Raising a top clock input changes nothing but that clock: fire its domain directly.
                edges.only(main);
                edge();
            } else {
                st.n[clk] = 1;
                comb();
                edges();
                st.n[clk] = 0;
            }
        }
    }

    private void comb() {
        combinational();
        check(immediate);
    }

    @Override
    protected void combinational() {
        Eval.State s = st;
        for (FlatCircuit.Assign a : order) {
            if (a.wide()) {
                s.w[a.slot()] = Eval.extB(a.source(), s, a.width());
            } else {
                s.n[a.slot()] = Eval.extL(a.source(), s, a.width());
            }
        }
    }

    /** Registers and memory writes of the rising domains: every next value computed, then all committed. */
    private void edge() {
        check(clocked);
        Eval.State s = st;
        for (FlatCircuit.Print p : prints) {
            if (rising[p.clock()] && p.enable().l(s) != 0) {
                List<BigInteger> values = new java.util.ArrayList<>();
                for (int i = 0; i < p.widths().length; i++) {
                    values.add(Eval.extB(p.args().get(i), s, p.widths()[i]));
                }
                out.print(p.format().render(values, p.widths()));
            }
        }
        for (int i = 0; i < regs.length; i++) {
            FlatCircuit.Reg r = regs[i];
            if (!rising[r.clock()] && (r.asyncReset() < 0 || !rising[r.asyncReset()])) {
                regWrites[i] = false;
                continue;
            }
            Eval.Node src = r.reset() != null && r.reset().l(s) != 0 ? r.resetValue() : r.next();
            regWrites[i] = src != null;
            if (src == null) {
                continue;
            }
            if (r.wide()) {
                nextW[i] = Eval.extB(src, s, r.width());
            } else {
                nextN[i] = Eval.extL(src, s, r.width());
            }
        }
        int nw = writes.length;
        long[] addr = new long[nw];
        Object[] data = new Object[nw];
        BigInteger[] masks = new BigInteger[nw];
        for (int i = 0; i < nw; i++) {
            FlatCircuit.MemWrite w = writes[i];
            addr[i] = rising[w.clock()] && w.enable().l(s) != 0 ? w.address().l(s) : -1;
            if (addr[i] >= 0 && addr[i] < w.depth()) {
                data[i] = w.wide() ? (Object) Eval.extB(w.data(), s, w.width()) : (Object) Eval.extL(w.data(), s, w.width());
                masks[i] = w.mask() == null ? null : Eval.extB(w.mask(), s, w.width() / w.lane());
            } else {
                addr[i] = -1;
            }
        }
        for (FlatCircuit.ModelEdge m : modelEdges) {
            if (rising[m.clock()]) {
                m.model().edge(m.port(), s); // reads inputs only: nothing it sees has been updated yet
            }
        }
        for (int i = 0; i < regs.length; i++) {
            if (!regWrites[i]) {
                continue;
            }
            if (regs[i].wide()) {
                s.w[regs[i].slot()] = nextW[i];
            } else {
                s.n[regs[i].slot()] = nextN[i];
            }
        }
        for (int i = 0; i < nw; i++) {
            if (addr[i] >= 0) {
                FlatCircuit.MemWrite w = writes[i];
                if (masks[i] != null) {
                    data[i] = merge(w, s, (int) addr[i], data[i], masks[i]);
                }
                if (w.wide()) {
                    s.memW[w.memory()][(int) addr[i]] = (BigInteger) data[i];
                } else {
                    s.memN[w.memory()][(int) addr[i]] = (Long) data[i];
                }
            }
        }
    }

    /** The word a masked write leaves: the written lanes from {@code data}, the others as they are. */
    private static Object merge(FlatCircuit.MemWrite w, Eval.State s, int addr, Object data, BigInteger mask) {
        BigInteger keep = BigInteger.ZERO;
        BigInteger lane = Eval.bigMask(w.lane());
        for (int i = 0; i < w.width() / w.lane(); i++) {
            if (!mask.testBit(i)) {
                keep = keep.or(lane.shiftLeft(i * w.lane()));
            }
        }
        if (w.wide()) {
            BigInteger old = s.memW[w.memory()][addr];
            return old.and(keep).or(((BigInteger) data).andNot(keep));
        }
        long k = keep.longValue();
        return (s.memN[w.memory()][addr] & k) | ((Long) data & ~k);
    }

    @Override
    public void printTo(java.io.PrintStream stream) {
        out = java.util.Objects.requireNonNull(stream, "stream");
    }

    @Override
    protected void pokeRaw(int index, long value) {
        int w = handles()[index].width();
        st.n[fc.portSlot[index]] = value & Eval.mask(w);
        changed();
    }

    @Override
    protected void pokeWideRaw(int index, long[] words) {
        int w = handles()[index].width();
        st.w[fc.portSlot[index]] = Words.toBig(words).and(Eval.bigMask(w));
        changed();
    }

    @Override
    protected long peekRaw(int index) {
        settle();
        return st.n[fc.portSlot[index]];
    }

    @Override
    protected void peekWideRaw(int index, long[] words, int offset) {
        settle();
        int n = handles()[index].words();
        System.arraycopy(Words.fromBig(st.w[fc.portSlot[index]], n), 0, words, offset, n);
    }

    @Override
    protected List<WaveSignal> waveSignals() {
        return fc.waveSignals;
    }

    @Override
    protected void read(WaveSignal s, long[] words, int offset) {
        if (s.width() > 64) {
            BigInteger v = s.memory() < 0 ? st.w[s.slot()] : st.memW[s.memory()][s.address()];
            System.arraycopy(Words.fromBig(v, s.words()), 0, words, offset, s.words());
        } else {
            words[offset] = s.memory() < 0 ? st.n[s.slot()] : st.memN[s.memory()][s.address()];
        }
    }

    @Override
    public String backend() { return "interpreter"; }
}
