package tagmatch.sim.peekpoke;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Brings signals inside an elaborated circuit out to its top as output ports, so that every
 * backend (Verilator, the compiled model, the interpreter) can peek them the same way: the
 * signal at {@code "fifo.total"} (instance names from the top, then a register, wire or port)
 * becomes the top-level port {@code probe_fifo_total}, passed up through a port
 * {@code probe_total} of each module on the way. The circuit is changed in place: expose on a
 * circuit elaborated for the test, before making simulators of it, and read the signals with
 * {@link Testbench#internal}.
 *
 * <pre>{@code
 * Circuit c = Elaborator.elaborate(() -> new Top());
 * InternalSignals.expose(c, "queue.total", "state");
 * Testbench tb = Testbench.of(Simulators.verilator(c));
 * long words = tb.peekLong(tb.internal("queue.total"));
 * }</pre>
 *
 * Every value the description names can be reached: registers, ports, wires, memory reads and
 * operator results named with {@code named} (which the Verilog declares as wires of those
 * names). A wire that only copied another signal has that signal's name instead (the error
 * lists what the module has).
 */
public final class InternalSignals {
    private InternalSignals() {}

    /** The top-level port that carries the signal at {@code path}. */
    public static String portName(String path) {
        return "probe_" + path.replace('.', '_');
    }

    /** Brings each of {@code paths} out to a top-level port; returns {@code circuit}. */
    public static Circuit expose(Circuit circuit, String... paths) {
        for (String path : paths) expose(circuit, path);
        return circuit;
    }

    private static void expose(Circuit circuit, String path) {
        Locator here = new Locator("InternalSignals.java", 0);
        String[] parts = path.split("\\.", -1);
        List<Instance> chain = new ArrayList<>();
        ModuleDef def = circuit.top();
        for (int i = 0; i < parts.length - 1; i++) {
            Instance next = null;
            for (Instance in : def.instances()) if (parts[i].equals(in.name())) next = in;
            if (next == null) {
                List<String> names = new ArrayList<>();
                for (Instance in : def.instances()) names.add(in.name());
                throw new IllegalArgumentException("internal signal " + path + ": module " + def.name() + " has no instance '" + parts[i]
                        + "'; its instances are " + names);
            }
            chain.add(next);
            def = next.definition();
        }
        String leaf = parts[parts.length - 1];
        Signal target = null;
        for (Signal s : def.signals()) if (leaf.equals(s.name())) target = s;
        Expr source = target != null ? new Expr.Ref(target) : namedValue(def, leaf);
        if (source == null && def.removed().contains(leaf))
            throw new IllegalArgumentException("internal signal " + path + ": '" + leaf + "' of module " + def.name()
                    + " was removed at elaboration because it has no effect on an output, a memory, a print or a property;"
                    + " mark it with keep() to probe it");
        if (source == null) {
            List<String> names = new ArrayList<>();
            for (Signal s : def.signals()) names.add(s.name());
            names.addAll(namedValues(def).keySet());
            throw new IllegalArgumentException("internal signal " + path + ": module " + def.name() + " has no signal '" + leaf
                    + "'; its signals are " + names);
        }
        // From the signal's module up to the top: each level exports what the level below exports.
        for (int level = chain.size(); level >= 0; level--) {
            ModuleDef owner = level == 0 ? circuit.top() : chain.get(level - 1).definition();
            String name = level == 0 ? portName(path) : "probe_" + String.join("_", java.util.Arrays.copyOfRange(parts, level, parts.length));
            Signal port = null;
            for (Signal s : owner.portSignals()) if (s.name().equals(name)) port = s;
            if (port == null) {
                port = owner.addPort(name, Direction.OUT, source.width(), source.signed(), here);
                port.name(name, true);
                owner.body().add(new Stmt.Connect(new Expr.Ref(port), source, here));
            }
            if (level > 0) source = new Expr.InstRef(chain.get(level - 1), port);
        }
    }

    /** The operator result named {@code name} in {@code def} (the backend declares it as a wire of that name), or null. */
    private static Expr namedValue(ModuleDef def, String name) {
        return namedValues(def).get(name);
    }

    /** Every named operator result {@code def}'s logic reads, by name. */
    private static java.util.Map<String, Expr> namedValues(ModuleDef def) {
        java.util.Map<String, Expr> out = new java.util.TreeMap<>();
        java.util.Map<Expr, Boolean> seen = new java.util.IdentityHashMap<>();
        java.util.function.Consumer<Expr> visit = e -> {
            if (e instanceof Expr.Op op && op.name() != null) out.putIfAbsent(op.name(), op);
        };
        Exprs.forEachStmt(def.body(), st -> {
            for (Expr e : Exprs.exprsOf(st)) Exprs.forEach(e, seen, visit);
        });
        for (Signal s : def.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null) Exprs.forEach(s.reset(), seen, visit);
        return out;
    }
}
