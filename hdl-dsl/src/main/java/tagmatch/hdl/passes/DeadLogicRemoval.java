package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Removes wires and registers that have no effect: a local is live when an output port, a child
 * instance's input, a memory write, a print, a property or the formal section reads it, directly
 * or through other live locals (a register's next value, clock and reset included). Every other
 * local and its connect go, so an unread register or a wire feeding only dead logic never reaches
 * the Verilog, where {@code verilator -Wall} would reject it. Ports, memories and instances stay,
 * except the implicit clock and reset when nothing is left to read them (they were made on first
 * use; a clock or reset the user declared stays).
 *
 * <p>A signal marked with {@code keep()} (or carrying a synthesis attribute) is live by itself.
 * The names of removed signals are recorded on the module ({@link ModuleDef#removed()}) so that a
 * probe of one can say why it is not there.
 */
public final class DeadLogicRemoval implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) if (!m.isExternal()) run(m);
    }

    private static void run(ModuleDef m) {
        // Children come first: drop the connects to implicit ports a child no longer has.
        m.body(new ArrayList<>(m.body().stream().filter(s -> !(s instanceof Stmt.Connect k && k.sink() instanceof Expr.InstRef i
                && !i.instance().definition().portSignals().contains(i.port()))).toList()));
        Map<Signal, Stmt.Connect> drivers = new IdentityHashMap<>();
        for (Stmt s : m.body())
            if (s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r) drivers.put(r.signal(), k);

        Liveness live = new Liveness();
        for (Signal s : m.signals())
            if ((s.isPort() && !m.isImplicit(s)) || s.kept() || !s.attributes().isEmpty() || m.isFormal(s)) live.mark(s);
        for (Stmt s : m.body()) {
            if (s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref) continue;
            for (Expr e : Exprs.exprsOf(s)) live.read(e);
            if (s instanceof Stmt.Print p) live.read(p.clock());
        }
        for (Check k : m.checks()) {
            live.mark(k.predicate());
            live.mark(k.enable());
            if (k.clock() != null) live.read(k.clock());
        }
        for (Memory mem : m.memories()) if (mem.clock() != null) live.read(mem.clock());

        while (!live.pending.isEmpty()) {
            Signal s = live.pending.pop();
            Stmt.Connect k = drivers.get(s);
            if (k != null && s.kind() != Signal.Kind.INPUT) live.read(k.source());
            if (s.kind() == Signal.Kind.REG) {
                if (s.clock() != null) live.read(s.clock());
                if (s.reset() != null) live.read(s.reset());
                if (s.resetValue() != null) live.read(s.resetValue());
            }
        }

        for (Signal port : new Signal[] {m.reset(), m.clock()})
            if (port != null && m.isImplicit(port) && !live.signals.contains(port)) m.removeImplicitPort(port);
        Set<Signal> dead = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Signal s : m.locals()) if (!live.signals.contains(s)) dead.add(s);
        if (dead.isEmpty()) return;
        List<Stmt> out = new ArrayList<>(m.body().size());
        for (Stmt s : m.body())
            if (!(s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r && dead.contains(r.signal()))) out.add(s);
        m.body(out);
        for (Signal s : dead) if (s.name() != null) m.recordRemoved(s.name());
        m.removeLocals(dead);
    }

    /** The live signals found so far, and those whose drivers are still to be read. */
    private static final class Liveness implements Expr.Visitor<Void> {
        final Set<Signal> signals = Collections.newSetFromMap(new IdentityHashMap<>());
        final Deque<Signal> pending = new ArrayDeque<>();
        private final Set<Expr> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        void mark(Signal s) {
            if (signals.add(s)) pending.push(s);
        }

        void read(Expr e) {
            if (seen.add(e)) e.accept(this);
        }

        private void readAll(List<? extends Expr> es) {
            for (Expr e : es) read(e);
        }

        public Void ref(Expr.Ref x) { mark(x.signal()); return null; }
        public Void instRef(Expr.InstRef x) { return null; }
        public Void lit(Expr.Lit x) { return null; }
        public Void op(Expr.Op x) { readAll(x.args); return null; }
        public Void mux(Expr.Mux x) { read(x.cond()); read(x.whenTrue()); read(x.whenFalse()); return null; }
        public Void caseOf(Expr.Case x) { read(x.selector()); readAll(x.values()); read(x.otherwise()); return null; }
        public Void memRead(Expr.MemRead x) { read(x.address()); return null; }
        public Void invalid(Expr.Invalid x) { return null; }
    }
}
