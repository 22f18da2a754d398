package tagmatch.sim.verilator;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.List;
import tagmatch.sim.AbstractSimulator;
import tagmatch.sim.PortHandle;
import tagmatch.sim.Stimulus;
import tagmatch.sim.StopCondition;

/** A {@link tagmatch.sim.Simulator} over one native Verilator instance, driven through {@link NativeRuntime}. */
final class VerilatorSimulator extends AbstractSimulator {
    /** Held so that the model (and its library) outlives every instance. */
    private final VerilatorModel model;
    private final boolean trace;
    private long h;
    /** Reused native-memory staging for batched runs (one bulk copy each way, no per-run malloc). */
    private LongBuffer inBuf = direct(0);
    private LongBuffer outBuf = direct(0);
    /** Where the design's prints go. */
    private java.io.PrintStream printed = System.out;

    VerilatorSimulator(VerilatorModel model, boolean trace, long handle) {
        super(model.design());
        this.model = model;
        this.trace = trace;
        this.h = handle;
    }

    @Override
    protected void pokeRaw(int index, long value) { NativeRuntime.tm_poke(h, index, value); }

    @Override
    protected void pokeWideRaw(int index, long[] words) { NativeRuntime.tm_poke_wide(h, index, words); }

    @Override
    protected long peekRaw(int index) {
        long v = NativeRuntime.tm_peek(h, index);
        model.takeOutput(h, printed);
        model.checkProperties(h);
        return v;
    }

    @Override
    protected void peekWideRaw(int index, long[] words) { NativeRuntime.tm_peek_wide(h, index, words); }

    @Override
    protected void stepRaw(long n) {
        NativeRuntime.tm_step(h, n);
        model.takeOutput(h, printed);
        model.checkProperties(h);
    }

    @Override
    public long cycle() {
        checkOpen();
        return NativeRuntime.tm_cycle(h);
    }

    @Override
    protected long[] runRaw(Stimulus s, long[] out) {
        PortHandle[] in = s.driveUnsafe();
        PortHandle[] cap = s.captureUnsafe();
        List<StopCondition> until = s.until();
        int[] inIdx = indices(in);
        int[] outIdx = indices(cap);
        int[] condPorts = new int[until.size()];
        int[] condOps = new int[until.size()];
        long[] condValues = new long[until.size()];
        for (int i = 0; i < condPorts.length; i++) {
            condPorts[i] = until.get(i).port().index();
            condOps[i] = until.get(i).equal() ? 0 : 1;
            condValues[i] = until.get(i).value();
        }
        long[] inputs = s.inputsUnsafe();
        if (inBuf.capacity() < inputs.length) {
            inBuf = direct(inputs.length);
        }
        if (outBuf.capacity() < out.length) {
            outBuf = direct(out.length);
        }
        // JNA passes a buffer's address offset by its position: both must start at 0 for every run,
        // or the outputs land past the staging (the previous run's get() left it at its fill)
        inBuf.clear();
        inBuf.put(inputs);
        inBuf.clear();
        outBuf.clear();
        int[] status = new int[1];
        long cycles = NativeRuntime.tm_run(h, inIdx, inIdx.length, inBuf, s.rows(), outIdx, outIdx.length,
                outBuf, s.maxCycles(), condPorts, condOps, condValues, condPorts.length, status);
        if (cycles < 0) {
            throw new OutOfMemoryError("native memory exhausted planning a batched run of " + design.top());
        }
        model.takeOutput(h, printed);
        model.checkProperties(h);
        int filled = (int) Math.min(out.length, cycles * Stimulus.rowWords(cap));
        outBuf.clear();
        outBuf.get(out, 0, filled);
        return new long[] {cycles, status[0]};
    }

    private static LongBuffer direct(int longs) {
        return ByteBuffer.allocateDirect(Math.max(1, longs) * 8).order(ByteOrder.nativeOrder()).asLongBuffer();
    }

    private static int[] indices(PortHandle[] ps) {
        int[] r = new int[ps.length];
        for (int i = 0; i < ps.length; i++) {
            r[i] = ps[i].index();
        }
        return r;
    }

    @Override
    public void openVcd(Path file) {
        checkOpen();
        if (!trace) {
            throw new IllegalStateException("openVcd: " + design.top()
                    + " was built without trace support; build it with VerilatorOptions.withTrace(true)");
        }
        int r = NativeRuntime.tm_vcd_open(h, file.toAbsolutePath().toString());
        if (r != 0) {
            throw new IllegalArgumentException("openVcd: could not open " + file + " for writing");
        }
    }

    @Override
    public void closeVcd() {
        checkOpen();
        NativeRuntime.tm_vcd_close(h);
    }

    @Override
    public void printTo(java.io.PrintStream stream) {
        checkOpen();
        printed = java.util.Objects.requireNonNull(stream, "printTo: stream");
    }

    @Override
    public String backend() { return "verilator"; }

    /** The model this instance belongs to. */
    VerilatorModel model() { return model; }

    @Override
    protected void closeRaw() {
        NativeRuntime.tm_destroy(h);
        h = 0;
    }
}
