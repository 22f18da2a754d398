package tagmatch.sim.flat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tagmatch.sim.AbstractSimulator;
import tagmatch.sim.PortHandle;
import tagmatch.sim.SimDesign;
import tagmatch.sim.SimPort;
import tagmatch.sim.Stimulus;
import tagmatch.sim.StopCondition;

/**
 * What the backends that simulate in the JVM itself (the interpreter and the compiled backend)
 * share: the cycle convention of the Verilator backend (settle with the clock low at time 10c,
 * rising edge at 10c+5, the clock lowered lazily), lazy settling, the batched run loop and the
 * waveform, which samples the values at the same two instants Verilator's trace does. Backends
 * implement evaluation and the edge.
 */
abstract class JvmSimulator extends AbstractSimulator {
    private boolean dirty = true;
    private long cycle;
    private VcdWriter vcd;

    protected JvmSimulator(SimDesign design) {
        super(design);
    }

    /** Computes the logic for the current inputs and state, and runs every clock edge that makes. */
    protected abstract void evaluate();

    /** The main clock's rising edge, leaving the clock low again (no-op without a clock). */
    protected abstract void risingEdge();

    /** Computes the combinational logic alone, without properties or edges, for the waveform. */
    protected abstract void combinational();

    /** The values the waveform shows. */
    protected abstract List<WaveSignal> waveSignals();

    /** Brings every value {@link #read} gives up to date before a waveform's dump. */
    protected void waveValues() {}

    /** Reads one of {@link #waveSignals()}'s current words. */
    protected abstract void read(WaveSignal s, long[] words, int offset);

    /** Reads a wide port's words into {@code words} from {@code offset}, the logic settled. */
    protected abstract void peekWideRaw(int index, long[] words, int offset);

    @Override
    protected final void peekWideRaw(int index, long[] words) {
        peekWideRaw(index, words, 0);
    }

    /** Marks the inputs changed: the next settle evaluates. */
    protected final void changed() {
        dirty = true;
    }

    /** Evaluates if anything changed since the last evaluation. */
    protected final void settle() {
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
            int clk = clockHandle().index();
            pokeRaw(clk, 1);
            combinational();
            waveValues();
            vcd.dump(10 * cycle + 5);
            pokeRaw(clk, 0);
        }
        cycle++;
        dirty = true;
    }

    @Override
    protected final void stepRaw(long n) {
        for (long i = 0; i < n; i++) {
            cycleOnce();
        }
    }

    @Override
    public final long cycle() {
        checkOpen();
        return cycle;
    }

    /** The cycle being simulated, for messages. */
    protected final long currentCycle() {
        return cycle;
    }

    @Override
    protected final long[] runRaw(Stimulus s, long[] out) {
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
            for (int k = 0; k < until.size(); k++) {
                StopCondition u = until.get(k);
                if ((peekRaw(u.port().index()) == u.value()) == u.equal()) {
                    fired = k;
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
    public final void openVcd(Path file) {
        checkOpen();
        closeWaveform();
        Set<String> ports = new HashSet<>();
        for (SimPort p : design.ports()) {
            ports.add(p.name());
        }
        vcd = VcdWriter.open(file, design.top(), ports, waveSignals(), this::read);
        dirty = true;
    }

    /** Dumps the settled state and closes the waveform. */
    @Override
    public final void closeVcd() {
        checkOpen();
        settle();
        closeWaveform();
    }

    private void closeWaveform() {
        if (vcd != null) {
            VcdWriter v = vcd;
            vcd = null;
            v.close();
        }
    }

    @Override
    protected final void closeRaw() {
        closeWaveform();
    }
}
