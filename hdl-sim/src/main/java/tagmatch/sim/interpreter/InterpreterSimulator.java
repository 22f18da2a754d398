package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.AbstractSimulator;
import tagmatch.sim.PortHandle;
import tagmatch.sim.PropertyFailure;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.Stimulus;
import tagmatch.sim.StopCondition;
import tagmatch.sim.Words;

/**
 * A {@link Simulator} that interprets the lowered circuit IR in Java: cycle-based, two-state,
 * all state zero at start, the same cycle convention as the Verilator backend (settle with the
 * clock low, then the rising edge). An independent second opinion on what the Verilog means.
 *
 * <p>Clocks are modelled as Verilator's generated code evaluates them: each evaluation settles
 * the logic, then every storage element whose trigger (its clock's rising edge, an asynchronous
 * reset's asserting edge) happened since the last evaluation takes its next value, all sampled
 * before any changes, and the logic settles again, until no trigger fires. A step raises the
 * top's clock and evaluates; other clocks are inputs the testbench pokes, and their edges take
 * effect at the next evaluation (the next peek or step). The first evaluation only records the
 * triggers' levels, as Verilator's first {@code eval} does.
 */
public final class InterpreterSimulator extends AbstractSimulator {
    private final FlatCircuit fc;
    private final Eval.State st;
    private final FlatCircuit.Assign[] order;
    private final FlatCircuit.Reg[] regs;
    private final FlatCircuit.MemWrite[] writes;
    private final long[] nextN;
    private final BigInteger[] nextW;
    private final boolean[] regWrites;
    private final FlatCircuit.Prop[] clocked;
    private final FlatCircuit.Prop[] immediate;
    private boolean dirty = true;
    private long cycle;
    private final FlatCircuit.Trigger[] triggers;
    /** Each trigger's level at the last evaluation (true: the clock high, the reset asserted). */
    private final boolean[] level;
    private final boolean[] fired;
    private boolean primed;

    /** An interpreter instance of {@code circuit}, which {@code design} describes (its ports and names). */
    public static InterpreterSimulator of(SimDesign design, Circuit circuit) {
        return new InterpreterSimulator(design, new FlatCircuit(circuit));
    }

    private InterpreterSimulator(SimDesign design, FlatCircuit fc) {
        super(design);
        this.fc = fc;
        this.st = fc.newState();
        this.order = fc.order.toArray(new FlatCircuit.Assign[0]);
        this.regs = fc.regs.toArray(new FlatCircuit.Reg[0]);
        this.writes = fc.memWrites.toArray(new FlatCircuit.MemWrite[0]);
        this.nextN = new long[regs.length];
        this.nextW = new BigInteger[regs.length];
        this.regWrites = new boolean[regs.length];
        this.clocked = fc.props.stream().filter(p -> p.check().clock() != null).toArray(FlatCircuit.Prop[]::new);
        this.immediate = fc.props.stream().filter(p -> p.check().clock() == null).toArray(FlatCircuit.Prop[]::new);
        this.triggers = fc.triggers.toArray(new FlatCircuit.Trigger[0]);
        this.level = new boolean[triggers.length];
        this.fired = new boolean[triggers.length];
    }

    /** Clocked properties hold in the settled state before each rising edge; immediate ones whenever it settles. */
    private void check(FlatCircuit.Prop[] props) {
        for (FlatCircuit.Prop p : props) {
            if (st.n[p.enable()] != 0 && st.n[p.predicate()] == 0) {
                throw new PropertyFailure(p.check().kind().keyword, p.check().message(), p.check().locator().toString(),
                        p.instance(), cycle, backend());
            }
        }
    }

    /** Evaluates until quiet: logic, then the storage whose triggers fired, and again. */
    private void settle() {
        do {
            logic();
        } while (fire());
    }

    private void logic() {
        if (!dirty) {
            return;
        }
        Eval.State s = st;
        for (FlatCircuit.Assign a : order) {
            if (a.wide()) {
                s.w[a.slot()] = Eval.extB(a.source(), s, a.width());
            } else {
                s.n[a.slot()] = Eval.extL(a.source(), s, a.width());
            }
        }
        dirty = false;
        check(immediate);
    }

    /** The top's clock rises: evaluate (in the common case, one clock on a top input, without settling again). */
    private void edge() {
        check(clocked);
        int clk = fc.mainClock;
        if (clk >= 0) {
            st.n[clk] = 1;
            dirty |= fc.clockFeedsLogic || !fc.triggersOnInputs;
        }
        if (fc.triggersOnInputs) {
            logic();
            fire();
        } else {
            settle();
        }
        if (clk >= 0) {
            st.n[clk] = 0;
        }
        cycle++;
        dirty = true;
    }

    /** Updates every trigger's level; if some fired, clocks the storage waiting on them and says so. */
    private boolean fire() {
        Eval.State s = st;
        boolean any = false;
        for (int t = 0; t < triggers.length; t++) {
            boolean now = (s.n[triggers[t].slot()] != 0) != triggers[t].activeLow();
            fired[t] = primed && now && !level[t];
            level[t] = now;
            any |= fired[t];
        }
        primed = true;
        if (!any) {
            return false;
        }
        for (int i = 0; i < regs.length; i++) {
            FlatCircuit.Reg r = regs[i];
            if (!fired[r.clock()] && (r.asyncReset() < 0 || !fired[r.asyncReset()])) {
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
            addr[i] = fired[w.clock()] && w.enable().l(s) != 0 ? w.address().l(s) : -1;
            if (addr[i] >= 0 && addr[i] < w.depth()) {
                data[i] = w.wide() ? (Object) Eval.extB(w.data(), s, w.width()) : (Object) Eval.extL(w.data(), s, w.width());
                masks[i] = w.mask() == null ? null : Eval.extB(w.mask(), s, w.width() / w.lane());
            } else {
                addr[i] = -1;
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
        dirty = true;
        return true;
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
    protected void pokeRaw(int index, long value) {
        int w = handles()[index].width();
        st.n[fc.portSlot[index]] = value & Eval.mask(w);
        dirty = true;
    }

    @Override
    protected void pokeWideRaw(int index, long[] words) {
        int w = handles()[index].width();
        st.w[fc.portSlot[index]] = Words.toBig(words).and(Eval.bigMask(w));
        dirty = true;
    }

    @Override
    protected long peekRaw(int index) {
        settle();
        return st.n[fc.portSlot[index]];
    }

    @Override
    protected void peekWideRaw(int index, long[] words) {
        settle();
        long[] w = Words.fromBig(st.w[fc.portSlot[index]], words.length);
        System.arraycopy(w, 0, words, 0, words.length);
    }

    @Override
    protected void stepRaw(long n) {
        for (long i = 0; i < n; i++) {
            settle();
            edge();
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
        long rows = s.rows();
        long c = 0;
        int fired = -1;
        while (c < s.maxCycles()) {
            if (c < rows) {
                int p = (int) (c * inWords);
                for (PortHandle h : in) {
                    if (h.narrow()) {
                        pokeRaw(h.index(), inputs[p]);
                    } else {
                        long[] w = new long[h.words()];
                        System.arraycopy(inputs, p, w, 0, w.length);
                        pokeWideRaw(h.index(), w);
                    }
                    p += h.words();
                }
            }
            settle();
            int q = (int) (c * outWords);
            for (PortHandle h : cap) {
                if (h.narrow()) {
                    out[q] = st.n[fc.portSlot[h.index()]];
                } else {
                    long[] w = Words.fromBig(st.w[fc.portSlot[h.index()]], h.words());
                    System.arraycopy(w, 0, out, q, w.length);
                }
                q += h.words();
            }
            for (int k = 0; k < until.size(); k++) {
                StopCondition u = until.get(k);
                boolean eq = st.n[fc.portSlot[u.port().index()]] == u.value();
                if (u.equal() == eq) {
                    fired = k;
                    break;
                }
            }
            edge();
            c++;
            if (fired >= 0) {
                break;
            }
        }
        return new long[] {c, fired};
    }

    @Override
    public void openVcd(Path file) {
        throw new IllegalStateException("openVcd: the interpreter does not write waveforms; "
                + "use Simulators.verilator with VerilatorOptions.withTrace(true)");
    }

    @Override
    public void closeVcd() {
        // nothing is ever open
    }

    @Override
    public String backend() { return "interpreter"; }

    @Override
    protected void closeRaw() {
        // plain Java state: nothing to release
    }
}
