package tagmatch.sim.testbench;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Expr;
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
 * Elaboration keeps registers, ports and named wires that are used more than once; a wire
 * that only copied another is gone (the error lists what the module has).
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
        if (target == null) {
            List<String> names = new ArrayList<>();
            for (Signal s : def.signals()) names.add(s.name());
            throw new IllegalArgumentException("internal signal " + path + ": module " + def.name() + " has no signal '" + leaf
                    + "'; its signals are " + names);
        }
        // From the signal's module up to the top: each level exports what the level below exports.
        Expr source = new Expr.Ref(target);
        for (int level = chain.size(); level >= 0; level--) {
            ModuleDef owner = level == 0 ? circuit.top() : chain.get(level - 1).definition();
            String name = level == 0 ? portName(path) : "probe_" + String.join("_", java.util.Arrays.copyOfRange(parts, level, parts.length));
            Signal port = null;
            for (Signal s : owner.portSignals()) if (s.name().equals(name)) port = s;
            if (port == null) {
                port = owner.addPort(name, Direction.OUT, target.width(), target.signed(), here);
                port.name(name, true);
                owner.body().add(new Stmt.Connect(new Expr.Ref(port), source, here));
            }
            if (level > 0) source = new Expr.InstRef(chain.get(level - 1), port);
        }
    }
}
