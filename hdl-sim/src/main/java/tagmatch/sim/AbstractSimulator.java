package tagmatch.sim;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Port lookup, argument checking and error messages shared by every backend, so that both give
 * the same answer to the same mistake; backends implement the unchecked primitives. Public only
 * because the backends live in their own packages ({@code verilator}, {@code flat});
 * callers use {@link Simulator}.
 */
public abstract class AbstractSimulator implements Simulator {
    protected final SimDesign design;
    private final PortHandle[] handles;
    private final Map<String, PortHandle> byName = new HashMap<>();
    private final PortHandle clock;
    private final PortHandle reset;
    private boolean closed;

    protected AbstractSimulator(SimDesign design) {
        this.design = design;
        List<SimPort> ports = design.ports();
        handles = new PortHandle[ports.size()];
        for (int i = 0; i < handles.length; i++) {
            SimPort p = ports.get(i);
            handles[i] = new PortHandle(i, p.name(), p.width(), p.input());
            byName.put(p.name(), handles[i]);
        }
        clock = design.clock() == null ? null : byName.get(design.clock());
        reset = design.reset() == null ? null : byName.get(design.reset());
    }

    protected abstract void pokeRaw(int index, long value);

    protected abstract void pokeWideRaw(int index, long[] words);

    protected abstract long peekRaw(int index);

    protected abstract void peekWideRaw(int index, long[] words);

    protected abstract void stepRaw(long n);

    /** Runs a validated stimulus; fills {@code out} and returns {cycles, stoppedBy}. */
    protected abstract long[] runRaw(Stimulus s, long[] out);

    protected abstract void closeRaw();

    @Override
    public List<SimPort> ports() { return design.ports(); }

    @Override
    public PortHandle port(String name) {
        PortHandle h = byName.get(name);
        if (h == null) {
            throw new IllegalArgumentException("no port named '" + name + "' in " + design.top()
                    + "; ports are " + SimDesign.names(design.ports()));
        }
        return h;
    }

    private PortHandle own(PortHandle p) {
        if (p == null || p.index() < 0 || p.index() >= handles.length || !handles[p.index()].equals(p)) {
            throw new IllegalArgumentException("port handle " + p + " does not belong to design " + design.top()
                    + "; ports are " + SimDesign.names(design.ports()));
        }
        return p;
    }

    private PortHandle pokeable(PortHandle p) {
        own(p);
        if (!p.input()) {
            List<String> inputs = new ArrayList<>();
            for (PortHandle h : handles) {
                if (h.input() && h != clock) {
                    inputs.add(h.name());
                }
            }
            throw new IllegalArgumentException("cannot poke output '" + p.name() + "' of " + design.top()
                    + "; inputs are " + inputs);
        }
        if (p.equals(clock)) {
            throw new IllegalArgumentException("cannot poke clock '" + p.name() + "'; step() drives it");
        }
        return p;
    }

    @Override
    public void poke(PortHandle port, long value) {
        checkOpen();
        pokeable(port);
        if (port.width() < 64 && (value >>> port.width()) != 0) {
            throw new IllegalArgumentException("value " + value + " does not fit port '" + port.name() + "' ("
                    + port.width() + " bits, unsigned: 0.." + ((1L << port.width()) - 1) + ")");
        }
        if (port.narrow()) {
            pokeRaw(port.index(), value);
        } else {
            long[] w = new long[port.words()];
            w[0] = value;
            pokeWideRaw(port.index(), w);
        }
    }

    @Override
    public void poke(PortHandle port, BigInteger value) {
        checkOpen();
        pokeable(port);
        if (value.signum() < 0 || value.bitLength() > port.width()) {
            throw new IllegalArgumentException("value " + value + " does not fit port '" + port.name() + "' ("
                    + port.width() + " bits, unsigned)");
        }
        if (port.narrow()) {
            pokeRaw(port.index(), value.longValue());
        } else {
            pokeWideRaw(port.index(), Words.fromBig(value, port.words()));
        }
    }

    @Override
    public void pokeWords(PortHandle port, long[] words) {
        checkOpen();
        pokeable(port);
        if (words.length != port.words()) {
            throw new IllegalArgumentException("port '" + port.name() + "' (" + port.width() + " bits) takes "
                    + port.words() + " words, got " + words.length);
        }
        int top = port.width() - 64 * (words.length - 1);
        if (top < 64 && (words[words.length - 1] >>> top) != 0) {
            throw new IllegalArgumentException("value does not fit port '" + port.name() + "' (" + port.width()
                    + " bits): bits above the width are set in word " + (words.length - 1));
        }
        if (port.narrow()) {
            pokeRaw(port.index(), words[0]);
        } else {
            pokeWideRaw(port.index(), words);
        }
    }

    @Override
    public void peekWords(PortHandle port, long[] words) {
        checkOpen();
        own(port);
        if (words.length != port.words()) {
            throw new IllegalArgumentException("port '" + port.name() + "' (" + port.width() + " bits) fills "
                    + port.words() + " words, got an array of " + words.length);
        }
        if (port.narrow()) {
            words[0] = peekRaw(port.index());
        } else {
            peekWideRaw(port.index(), words);
        }
    }

    @Override
    public long peek(PortHandle port) {
        checkOpen();
        own(port);
        if (!port.narrow()) {
            throw new IllegalArgumentException("port '" + port.name() + "' is " + port.width()
                    + " bits wide; use peekWide");
        }
        return peekRaw(port.index());
    }

    @Override
    public BigInteger peekWide(PortHandle port) {
        checkOpen();
        own(port);
        if (port.narrow()) {
            return Words.unsigned(peekRaw(port.index()));
        }
        long[] w = new long[port.words()];
        peekWideRaw(port.index(), w);
        return Words.toBig(w);
    }

    @Override
    public void step(long n) {
        checkOpen();
        if (n < 0) {
            throw new IllegalArgumentException("step: n = " + n + " must be >= 0");
        }
        stepRaw(n);
    }

    @Override
    public void reset(int cycles) {
        checkOpen();
        if (reset == null) {
            throw new IllegalStateException("design " + design.top() + " has no reset port");
        }
        if (cycles < 1) {
            throw new IllegalArgumentException("reset: cycles = " + cycles + " must be >= 1");
        }
        long asserted = design.resetActiveLow() ? 0 : 1;
        pokeRaw(reset.index(), asserted);
        stepRaw(cycles);
        pokeRaw(reset.index(), 1 - asserted);
    }

    @Override
    public BatchResult run(Stimulus s) {
        checkOpen();
        for (PortHandle p : s.driveUnsafe()) {
            pokeable(p);
        }
        for (PortHandle p : s.captureUnsafe()) {
            own(p);
        }
        for (StopCondition c : s.until()) {
            own(c.port());
        }
        long[] out = new long[Math.toIntExact(s.maxCycles() * Stimulus.rowWords(s.captureUnsafe()))];
        long[] r = runRaw(s, out);
        return new BatchResult(s.captureUnsafe(), out, r[0], (int) r[1]);
    }

    protected final void checkOpen() {
        if (closed) {
            throw new IllegalStateException("simulator for " + design.top() + " is closed");
        }
    }

    protected final PortHandle[] handles() { return handles; }

    protected final PortHandle clockHandle() { return clock; }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            closeRaw();
        }
    }
}
