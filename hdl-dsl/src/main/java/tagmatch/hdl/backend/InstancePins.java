package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The instance wiring of a module: the net on every instance pin, the pin wires it declares, and
 * each instance written with its connections.
 */
final class InstancePins {
    private final UseCounts uses;
    private final Map<Expr, String> instWires = new HashMap<>();
    /** Instance outputs whose net is a signal of this module: the one connect copying them is not written. */
    private final Set<Stmt> boundCopies = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Instance inputs whose pin wire is the name of a value other sinks share: assigned the value's text. */
    private final Set<Expr> namingPins = new HashSet<>();
    /** Declared pin wires, per instance in instance order and port order. */
    private final List<String[]> pinDecls = new ArrayList<>();

    InstancePins(UseCounts uses) {
        this.uses = uses;
    }

    /**
     * Chooses the net on every instance pin, instances in order, ports in order, so that the
     * declarations read in the order the design was described. An output copied into a wire or
     * output port of this module (and read nowhere else) is connected to that signal; an input
     * driven by a signal, a literal or another instance's output is connected to it directly. Only
     * the rest get a pin wire {@code inst_port}; a computed value shared by several sinks is named
     * by the first pin it drives, and its other users read that wire.
     */
    void choose(ModuleDef m, Namespace ns, ExpressionWriter x) {
        Map<Expr, Stmt.Connect> copies = new HashMap<>();
        for (Stmt s : m.body())
            if (s instanceof Stmt.Connect k && k.source() instanceof Expr.InstRef && k.sink() instanceof Expr.Ref r
                    && (r.signal().kind() == Signal.Kind.WIRE || r.signal().kind() == Signal.Kind.OUTPUT) && !m.isFormal(r.signal())
                    && r.width() == k.source().width() && r.signed() == k.source().signed())
                copies.putIfAbsent(k.source(), k);
        for (Instance i : m.instances())
            for (Signal p : i.definition().portSignals()) {
                Expr ref = new Expr.InstRef(i, p);
                if (p.kind() == Signal.Kind.OUTPUT) {
                    Stmt.Connect copy = copies.get(ref);
                    if (copy != null && uses.pinReads(ref) == 1) {
                        instWires.put(ref, ((Expr.Ref) copy.sink()).signal().name());
                        boundCopies.add(copy);
                        continue;
                    }
                    // An output nobody reads still needs a wire on its pin (an empty pin is a lint warning);
                    // the _unused suffix says so to readers and to Verilator's default --unused-regexp.
                    boolean unread = uses.pinReads(ref) == 0;
                    pinWire(ref, ns.claim(i.name() + "_" + p.name() + (unread ? "_unused" : "")));
                    continue;
                }
                Expr driver = uses.driver(ref);
                boolean sameWidth = driver != null && driver.width() == p.width();
                // Leaves, values already named by an earlier pin, and values that get a name of their
                // own anyway (a case, a value the user named) are connected as they are.
                if (sameWidth && (Exprs.isLeaf(driver) || x.isNamed(driver) || ExpressionWriter.needsOwnName(driver))) continue;
                String wire = ns.claim(i.name() + "_" + p.name());
                pinWire(ref, wire);
                if (sameWidth && uses.of(driver) > 1 && !ExpressionWriter.needsOwnName(driver)) {
                    x.nameAs(driver, wire);
                    namingPins.add(ref);
                }
            }
    }

    private void pinWire(Expr ref, String wire) {
        instWires.put(ref, wire);
        pinDecls.add(new String[] {"wire" + VerilogText.sign(ref.signed()) + VerilogText.range(ref.width()), wire + ";"});
    }

    /** The wire on the instance pin {@code ref}, or null when it is connected to its driver directly. */
    String wire(Expr ref) {
        return instWires.get(ref);
    }

    /** Whether {@code s} copies an instance output into the signal on its pin, and so is not written. */
    boolean isBoundCopy(Stmt s) {
        return boundCopies.contains(s);
    }

    /** Whether the wire on {@code ref} names a value other sinks share. */
    boolean names(Expr ref) {
        return namingPins.contains(ref);
    }

    /** The pin wires' declarations, instances in order, ports in order. */
    List<String[]> declarations() {
        return pinDecls;
    }

    /** {@code Def #(.P(v)) name (.port(net), ...);} */
    static void write(StringBuilder out, Instance i, ExpressionWriter x) {
        out.append('\n').append("  ").append(i.definition().name()).append(' ');
        if (i.definition().isExternal() && !i.definition().external().parameters().isEmpty()) {
            List<String> ps = new ArrayList<>();
            i.definition().external().sortedParameters().forEach((k, v) -> ps.add("." + k + "(" + v + ")"));
            out.append("#(").append(String.join(", ", ps)).append(") ");
        }
        out.append(i.name()).append(" (").append(VerilogText.comment(List.of(i.locator()))).append('\n');
        List<Signal> ports = i.definition().portSignals();
        for (int k = 0; k < ports.size(); k++) {
            String conn = x.e(new Expr.InstRef(i, ports.get(k)));
            out.append("    .").append(ports.get(k).name()).append('(').append(conn).append(')').append(k + 1 < ports.size() ? "," : "").append('\n');
        }
        out.append("  );\n");
    }
}
