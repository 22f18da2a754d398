package tagmatch.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

/**
 * Several elaborated circuits as instances of one top module, so that one Verilator build checks
 * them all: part {@code p}'s port {@code x} is the top's {@code p_x}, its modules are renamed
 * {@code p_Module} (two parts may use one module name with other parameters), and every part's
 * {@code clk} is the top's.
 */
final class SideBySide {
    private SideBySide() {}

    /** {@code parts} by name (a Verilog identifier), side by side in a top module named {@code top}; the parts are consumed. */
    static Circuit of(String top, Map<String, Circuit> parts) {
        Locator here = new Locator("SideBySide.java", 0);
        ModuleDef t = new ModuleDef(top, SideBySide.class.getName(), Map.of(), here);
        List<ModuleDef> modules = new ArrayList<>();
        for (Map.Entry<String, Circuit> e : parts.entrySet()) {
            String p = e.getKey();
            ModuleDef def = e.getValue().top();
            for (ModuleDef m : e.getValue().modules()) {
                m.name(p + "_" + m.name());
                modules.add(m);
            }
            Instance inst = new Instance("u_" + p, def, here);
            inst.name("u_" + p, true);
            t.addInstance(inst);
            List<Stmt> body = new ArrayList<>(t.body());
            for (Signal port : def.portSignals()) {
                Expr child = new Expr.InstRef(inst, port);
                if (port == def.clock()) {
                    body.add(new Stmt.Connect(child, new Expr.Ref(t.clockPort()), List.of(here)));
                    continue;
                }
                boolean in = port.kind() == Signal.Kind.INPUT;
                Signal outer = t.addPort(p + "_" + port.name(), in ? Direction.IN : Direction.OUT, port.width(), port.signed(), here);
                Expr ref = new Expr.Ref(outer);
                body.add(in ? new Stmt.Connect(child, ref, List.of(here)) : new Stmt.Connect(ref, child, List.of(here)));
            }
            t.body(body);
        }
        modules.add(t);
        return new Circuit(t, modules);
    }
}
