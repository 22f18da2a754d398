package tagmatch.sim.peekpoke;

import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.UInt;
import tagmatch.sim.PortHandle;
import tagmatch.sim.SimPort;
import tagmatch.sim.Simulator;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A testbench over one {@link Simulator}, whatever its backend: typed port handles, values as
 * Java records, maps and lists, {@code expect} with the cycle and both values, and concurrent
 * threads in lockstep on the clock.
 *
 * <pre>{@code
 * Testbench tb = Testbench.of(Simulators.verilator(circuit));
 * Handle<Stream<Request>> in = tb.port("in", new Stream<>(new Request()));
 * Handle<Stream<Request>> out = tb.port("out", new Stream<>(new Request()));
 * tb.reset();
 * tb.run(() -> {
 *     TestThread consumer = tb.fork("consumer", () -> {
 *         tb.poke(out, Map.of("ready", 1));
 *         tb.waitUntil(out, Map.of("valid", 1));
 *         tb.expect(out, Map.of("bits", new Req(7, false)), "the word that went in");
 *     });
 *     tb.poke(in, Map.of("valid", 1, "bits", new Req(7, false)));   // a record for the bundle
 *     tb.waitUntil(in, Map.of("ready", 1));
 *     tb.step();
 *     tb.poke(in, Map.of("valid", 0));
 *     consumer.join();
 * });
 * }</pre>
 *
 * Inside {@link #run}, {@link #step}, {@link #waitUntil} and {@link TestThread#join} wait in
 * lockstep with the other threads (see {@link Scheduler}); outside it, {@code step} and
 * {@code waitUntil} drive the clock directly. A poke takes effect at once: a peek in the same
 * cycle (from any thread) sees the settled result.
 */
public final class Testbench {
    private final Simulator sim;
    private Scheduler scheduler;
    private long timeout = 1_000_000;

    private Testbench(Simulator sim) {
        this.sim = sim;
    }

    public static Testbench of(Simulator sim) {
        return new Testbench(sim);
    }

    public Simulator simulator() {
        return sim;
    }

    /** Completed clock cycles. */
    public long cycle() {
        return sim.cycle();
    }

    /** The most cycles {@link #run} and an unthreaded {@link #waitUntil} may take (default a million). */
    public Testbench timeout(long cycles) {
        if (cycles < 1) throw new IllegalArgumentException("timeout must be >= 1 cycle, got " + cycles);
        timeout = cycles;
        return this;
    }

    /**
     * The port {@code name} seen as {@code type}: its leaf ports are {@code name_field} in a
     * bundle and {@code name_i} in a {@code Vec}, as the Verilog backend flattens them.
     */
    public <T extends Data> Handle<T> port(String name, T type) {
        List<String> names = Handle.leafNames(name, type);
        List<Data> leafTypes = new ArrayList<>(type.leaves());
        List<Handle.Leaf> leaves = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            SimPort p = find(names.get(i), name, type);
            int w = leafTypes.get(i).width();
            if (w > 0 && w != p.width())
                throw new IllegalArgumentException("port " + name + " as " + type.describe() + ": " + p.name() + " is " + p.width()
                        + " bits in the design, " + w + " in the type");
            leaves.add(new Handle.Leaf(p.name(), p.width(), p.input(), sim.port(p.name())));
        }
        return new Handle<>(name, type, leaves);
    }

    /** The ground port {@code name} as an unsigned number of its width. */
    public Handle<UInt> port(String name) {
        SimPort p = find(name, name, null);
        return port(name, new UInt(p.width()));
    }

    /**
     * The internal signal at hierarchical {@code path} ({@code "fifo.total"}), brought out as a
     * port by {@link InternalSignals#expose} before the simulator was made.
     */
    public Handle<UInt> internal(String path) {
        String name = InternalSignals.portName(path);
        for (SimPort p : sim.ports()) if (p.name().equals(name)) return port(name);
        throw new IllegalArgumentException("internal signal " + path + " is not brought out; expose it first with "
                + "InternalSignals.expose(circuit, \"" + path + "\") before making the simulator");
    }

    private SimPort find(String leaf, String port, Data type) {
        for (SimPort p : sim.ports()) if (p.name().equals(leaf)) return p;
        List<String> names = new ArrayList<>();
        for (SimPort p : sim.ports()) names.add(p.name());
        throw new IllegalArgumentException("port " + port + (type == null ? "" : " as " + type.describe()) + ": the design has no port "
                + leaf + "; its ports are " + names);
    }

    /**
     * Drives the inputs among {@code h}'s leaves from {@code value} (see {@link Values}): a map
     * sets the fields it names, a record every field it has; fields the design drives (a
     * stream's {@code ready} on an input stream) may not be named in a map.
     */
    public void poke(Handle<?> h, Object value) {
        List<BigInteger> v = Values.flatten(h.type(), value, h.name());
        boolean record = value instanceof Record;
        for (int i = 0; i < v.size(); i++) {
            Handle.Leaf leaf = h.leaves().get(i);
            if (v.get(i) == null) continue;
            if (!leaf.input()) {
                if (record) continue;
                throw new IllegalArgumentException("cannot poke " + leaf.port() + ": it is an output of the design");
            }
            sim.poke(leaf.handle(), v.get(i));
        }
    }

    /** The value of {@code h} now: a map for a bundle, a list for a {@code Vec}, a number, boolean or enum constant. */
    public Object peek(Handle<?> h) {
        return Values.read(h.type(), leafValues(h).iterator());
    }

    /** The value of {@code h} as {@code as}: a record for a bundle (nested records for nested bundles), or a boxed number. */
    public <R> R peek(Handle<?> h, Class<R> as) {
        return Values.as(as, peek(h), h.name());
    }

    /** {@link #peek} of a ground port as a number. */
    public long peekLong(Handle<?> h) {
        if (h.leaves().size() != 1) throw new IllegalArgumentException(h.name() + " is a " + h.type().describe() + ", not a number");
        return sim.peek(h.leaves().get(0).handle());
    }

    private List<BigInteger> leafValues(Handle<?> h) {
        List<BigInteger> out = new ArrayList<>();
        for (Handle.Leaf l : h.leaves()) out.add(sim.peekWide(l.handle()));
        return out;
    }

    /** Whether every leaf {@code expected} names has that value now. */
    public boolean matches(Handle<?> h, Object expected) {
        List<BigInteger> want = Values.flatten(h.type(), expected, h.name());
        List<BigInteger> got = leafValues(h);
        for (int i = 0; i < want.size(); i++) if (want.get(i) != null && !want.get(i).equals(got.get(i))) return false;
        return true;
    }

    /**
     * Fails unless {@code h} has the value {@code expected} (a map checks only the fields it
     * names), with a message naming the cycle, the port, both values and {@code message}.
     */
    public void expect(Handle<?> h, Object expected, String message) {
        if (matches(h, expected)) return;
        String want = Values.show(h.type(), Values.flatten(h.type(), expected, h.name()).iterator());
        String got = Values.show(h.type(), leafValues(h).iterator());
        throw new AssertionError("cycle " + sim.cycle() + ": " + h.name() + " expected " + want + " but was " + got
                + (message == null || message.isEmpty() ? "" : ": " + message));
    }

    public void expect(Handle<?> h, Object expected) {
        expect(h, expected, "");
    }

    /**
     * One rising edge of a clock input other than the main one (the clock of a second clock
     * domain): it goes high, the design settles, so that domain's registers take their next
     * values, and it goes low again. A thread that ticks it every {@code k}th cycle gives that
     * domain a clock {@code k} times slower than the main one, in lockstep with the other threads.
     */
    public void tick(Handle<?> clock) {
        if (clock.leaves().size() != 1 || clock.leaves().get(0).width() != 1 || !clock.leaves().get(0).input())
            throw new IllegalArgumentException("tick needs a 1-bit input port, got " + clock.name() + " (" + clock.type().describe() + ")");
        PortHandle h = clock.leaves().get(0).handle();
        sim.poke(h, 1);
        settle();
        sim.poke(h, 0);
        settle();
    }

    /** Evaluates the design now (a peek does, whatever port it reads). */
    private void settle() {
        for (SimPort p : sim.ports()) {
            if (!p.input()) {
                sim.peekWide(sim.port(p.name()));
                return;
            }
        }
    }

    /** Holds the reset input high for {@code cycles} cycles, then low; before {@link #run} only. */
    public void reset(int cycles) {
        if (scheduler != null) throw new IllegalStateException("reset inside run: poke the reset port and step instead");
        sim.reset(cycles);
    }

    public void reset() {
        reset(1);
    }

    /** Waits {@code n} clock cycles (in lockstep with the other threads inside {@link #run}). */
    public void step(int n) {
        if (n < 0) throw new IllegalArgumentException("step needs n >= 0, got " + n);
        if (n == 0) return;
        if (scheduler != null) scheduler.step(n);
        else sim.step(n);
    }

    public void step() {
        step(1);
    }

    /** Waits until {@code condition} holds, checking it now and after each clock edge. */
    public void waitUntil(BooleanSupplier condition) {
        waitUntil(condition, "a condition");
    }

    /** Waits until {@code h} has the value {@code expected} (a map checks the fields it names). */
    public void waitUntil(Handle<?> h, Object expected) {
        waitUntil(() -> matches(h, expected), h.name() + " = " + Values.show(h.type(), Values.flatten(h.type(), expected, h.name()).iterator()));
    }

    private void waitUntil(BooleanSupplier condition, String what) {
        if (scheduler != null) {
            scheduler.waitUntil(condition, what);
            return;
        }
        long start = sim.cycle();
        while (!condition.getAsBoolean()) {
            if (sim.cycle() - start >= timeout)
                throw new AssertionError("cycle " + sim.cycle() + ": waited " + timeout + " cycles for " + what);
            sim.step(1);
        }
    }

    /** Starts {@code body} as a concurrent thread, inside {@link #run}; it runs at once until its first wait. */
    public TestThread fork(String name, Runnable body) {
        if (scheduler == null) throw new IllegalStateException("fork must be called inside Testbench.run");
        return scheduler.fork(name, body);
    }

    /**
     * Runs {@code body} as the main testbench thread, with the threads it forks, in lockstep on
     * the clock; returns when {@code body} does. Threads still waiting then are ended (join the
     * ones that must finish). A failure in any thread fails the run.
     */
    public void run(Runnable body) {
        if (scheduler != null) throw new IllegalStateException("run is already running");
        scheduler = new Scheduler(this);
        try {
            scheduler.run(body, timeout);
        } finally {
            scheduler = null;
        }
    }
}
