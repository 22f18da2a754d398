package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds combinational loops, also through child instances: each module's outputs are summarized
 * by the inputs they depend on combinationally (children are checked first), so a loop that
 * closes through a child is found in the parent without false alarms for registered paths.
 * The error lists the signals of the loop in order.
 */
public final class CheckCombLoops implements Pass {
    @Override
    public void run(Circuit c) {
        // an external module's paths are what it declares (ExternalModule.combinational): its body is Verilog
        for (ModuleDef m : c.modules()) if (!m.isExternal()) check(m);
    }

    private void check(ModuleDef m) {
        // Graph nodes are sink expressions (Ref of a wire/output/input, InstRef of a child port).
        Map<Expr, List<Expr>> deps = new LinkedHashMap<>();
        Map<Expr, tagmatch.hdl.ir.Locator> where = new HashMap<>();
        for (Stmt s : m.body()) {
            if (!(s instanceof Stmt.Connect k)) continue;
            if (k.sink() instanceof Expr.Ref r && r.signal().kind() == Signal.Kind.REG) continue;
            deps.put(k.sink(), leaves(k.source()));
            where.put(k.sink(), k.locators().get(0));
        }
        for (Instance i : m.instances())
            i.definition().combinationalPaths().forEach((out, ins) -> {
                List<Expr> d = new ArrayList<>();
                for (Signal in : ins) d.add(new Expr.InstRef(i, in));
                deps.put(new Expr.InstRef(i, out), d);
            });

        Map<Expr, Integer> state = new HashMap<>(); // 1 = on the current path, 2 = done
        for (Expr start : deps.keySet()) {
            if (state.containsKey(start)) continue;
            Deque<Expr> path = new ArrayDeque<>();
            Deque<java.util.Iterator<Expr>> its = new ArrayDeque<>();
            path.push(start);
            its.push(deps.get(start).iterator());
            state.put(start, 1);
            while (!path.isEmpty()) {
                java.util.Iterator<Expr> it = its.peek();
                if (it.hasNext()) {
                    Expr next = it.next();
                    Integer st = state.get(next);
                    if (st != null && st == 1) throw loop(m, path, next, where);
                    if (st == null && deps.containsKey(next)) {
                        state.put(next, 1);
                        path.push(next);
                        its.push(deps.get(next).iterator());
                    }
                } else {
                    state.put(path.pop(), 2);
                    its.pop();
                }
            }
        }
        m.combinationalPaths(summarize(m, deps));
    }

    /** The combinational leaves an expression reads: signals and child ports, not through registers. */
    private static List<Expr> leaves(Expr e) {
        Set<Expr> out = new LinkedHashSet<>();
        Exprs.forEach(e, x -> {
            if (x instanceof Expr.Ref r && r.signal().kind() != Signal.Kind.REG) out.add(x);
            else if (x instanceof Expr.InstRef) out.add(x);
        });
        return new ArrayList<>(out);
    }

    private static HdlException loop(ModuleDef m, Deque<Expr> path, Expr closing, Map<Expr, tagmatch.hdl.ir.Locator> where) {
        List<Expr> cycle = new ArrayList<>();
        for (Expr e : path) {
            cycle.add(0, e);
            if (e.equals(closing)) break;
        }
        StringBuilder sb = new StringBuilder();
        for (Expr e : cycle) sb.append(Exprs.describe(e)).append(" -> ");
        sb.append(Exprs.describe(closing));
        return new HdlException("combinational loop in module " + m.name() + ": " + sb, where.get(closing));
    }

    /** For each output, the inputs that reach it without passing a register. */
    private static Map<Signal, Set<Signal>> summarize(ModuleDef m, Map<Expr, List<Expr>> deps) {
        Map<Signal, Set<Signal>> out = new LinkedHashMap<>();
        for (Signal o : m.portSignals()) {
            if (o.kind() != Signal.Kind.OUTPUT) continue;
            Set<Signal> ins = new LinkedHashSet<>();
            Set<Expr> seen = new HashSet<>();
            Deque<Expr> todo = new ArrayDeque<>();
            todo.push(new Expr.Ref(o));
            while (!todo.isEmpty()) {
                Expr e = todo.pop();
                if (!seen.add(e)) continue;
                if (e instanceof Expr.Ref r && r.signal().kind() == Signal.Kind.INPUT) ins.add(r.signal());
                List<Expr> d = deps.get(e);
                if (d != null) d.forEach(todo::push);
            }
            if (!ins.isEmpty()) out.put(o, ins);
        }
        return out;
    }
}
