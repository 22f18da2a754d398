package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * After when-lowering: every output, wire and instance input is driven on every path; nobody
 * drives an input of their own module or an output of a child; and no module touches a signal
 * of another module except the ports of its direct instances.
 */
public final class CheckDrivers implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) if (!m.isExternal()) check(m);
    }

    private void check(ModuleDef m) {
        Set<Expr> driven = new HashSet<>();
        Set<Instance> mine = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        mine.addAll(m.instances());
        Map<Expr, Boolean> seen = new IdentityHashMap<>();
        for (Stmt s : m.body()) {
            Locator where = s instanceof Stmt.Connect k ? k.locators().get(0)
                    : s instanceof Stmt.Print p ? p.locator() : ((Stmt.MemWrite) s).locator();
            if (s instanceof Stmt.Connect k) {
                checkSink(m, k.sink(), where, mine);
                driven.add(k.sink());
                if (containsInvalid(k.source()))
                    throw new HdlException(describeSink(m, k.sink()) + " is not driven on every path: connect a default "
                            + "before the when, or add an otherwise branch", where);
            }
            for (Expr e : Exprs.exprsOf(s)) Exprs.forEach(e, seen, x -> checkScope(m, x, where, mine));
        }
        for (Signal s : m.signals()) {
            if (s.kind() == Signal.Kind.REG) {
                for (Expr e : new Expr[] {s.clock(), s.reset(), s.resetValue()})
                    if (e != null) Exprs.forEach(e, seen, x -> checkScope(m, x, s.locator(), mine));
                continue;
            }
            if ((s.kind() == Signal.Kind.OUTPUT || s.kind() == Signal.Kind.WIRE) && !driven.contains(new Expr.Ref(s)))
                throw new HdlException(describeSink(m, new Expr.Ref(s)) + " is not driven", s.locator());
        }
        for (Instance i : m.instances())
            for (Signal p : i.definition().portSignals())
                if (p.kind() == Signal.Kind.INPUT && !driven.contains(new Expr.InstRef(i, p)))
                    throw new HdlException("input '" + p.name() + "' of instance '" + i.name() + "' (module "
                            + i.definition().name() + ") in module " + m.name() + " is not connected", i.locator());
    }

    private static void checkSink(ModuleDef m, Expr sink, Locator where, Set<Instance> mine) {
        if (sink instanceof Expr.Ref r) {
            Signal s = r.signal();
            if (s.owner() != m)
                throw new HdlException("signal '" + s.name() + "' of module " + s.owner().name() + " is driven from module "
                        + m.name() + ": only its own module (or, for an input port, the module instantiating it) may drive it", where);
            if (s.kind() == Signal.Kind.INPUT)
                throw new HdlException("input '" + s.name() + "' of module " + m.name() + " is driven from inside "
                        + m.name() + ": inputs are driven by the instantiating module", where);
        } else if (sink instanceof Expr.InstRef i) {
            if (!mine.contains(i.instance()))
                throw new HdlException("port '" + i.port().name() + "' of instance '" + i.instance().name()
                        + "' is driven from module " + m.name() + ", which does not instantiate it", where);
            if (i.port().kind() == Signal.Kind.OUTPUT)
                throw new HdlException("output '" + i.port().name() + "' of instance '" + i.instance().name() + "' (module "
                        + i.instance().definition().name() + ") is driven from module " + m.name()
                        + ": it is already driven by " + i.instance().definition().name() + " itself", where);
        } else {
            throw new HdlException("cannot drive " + sink + " in module " + m.name(), where);
        }
    }

    private static void checkScope(ModuleDef m, Expr x, Locator where, Set<Instance> mine) {
        if (x instanceof Expr.Ref r && r.signal().owner() != m)
            throw new HdlException("signal '" + r.signal().name() + "' of module " + r.signal().owner().name()
                    + " is used in module " + m.name() + ": a module can only use its own signals and the ports of "
                    + "its direct instances", where);
        if (x instanceof Expr.InstRef i && !mine.contains(i.instance()))
            throw new HdlException("port '" + i.port().name() + "' of instance '" + i.instance().name() + "' is used in module "
                    + m.name() + ", which does not instantiate it", where);
    }

    private static boolean containsInvalid(Expr e) {
        boolean[] found = {false};
        Exprs.forEach(e, node -> { if (node instanceof Expr.Invalid) found[0] = true; });
        return found[0];
    }

    static String describeSink(ModuleDef m, Expr sink) {
        if (sink instanceof Expr.InstRef i)
            return "input '" + i.port().name() + "' of instance '" + i.instance().name() + "' in module " + m.name();
        Signal s = ((Expr.Ref) sink).signal();
        return InferWidths.kind(s) + " '" + s.name() + "' of module " + m.name();
    }

}
