package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The structure of one module definition as a value: two definitions with equal keys are
 * interchangeable, whatever backend later prints them. The key is a flat list of tokens that
 * records everything a backend may show: the generator and its parameters, the name the module
 * asked for, every port, signal, memory and instance with its name, width, kind and source
 * locator, every statement and property, and the expression DAG of each with its sharing (a
 * subexpression used twice is written once and referred back to, because a backend declares a
 * shared value where it inlines a private one). Signals, memories and instances are numbered by
 * declaration order, and children by the identity of their (already deduplicated) definition,
 * so equal children make equal parents.
 *
 * <p>Leaves (signal and port references, literals) are compared by value, not identity: the
 * builder makes a new reference object at every use, and no backend can tell them apart.
 */
final class StructuralKey {
    /** Marks where the next tokens start a new kind of thing, so that adjacent lists cannot run together. */
    private enum Tag { PORT, LOCAL, MEMORY, INSTANCE, CONNECT, WHEN, SWITCH, WRITE, PRINT, CHECK, END,
        REF, INST_REF, LIT, OP, MUX, CASE, MEM_READ, INVALID, SHARED, FOREIGN }

    private final List<Object> tokens;
    private final int hash;

    private StructuralKey(List<Object> tokens) {
        this.tokens = tokens;
        this.hash = tokens.hashCode();
    }

    /**
     * The key of {@code m}. Its instances must already point at canonical definitions: a child
     * counts by identity.
     */
    static StructuralKey of(ModuleDef m) {
        return new StructuralKey(new Encoder(m).encode());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StructuralKey k && k.hash == hash && k.tokens.equals(tokens);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return tokens.toString();
    }

    /** Appends the tokens of one module; shared expressions are numbered in visiting order. */
    private static final class Encoder {
        private final ModuleDef m;
        private final List<Object> out = new ArrayList<>();
        private final Map<Signal, Integer> signals = new IdentityHashMap<>();
        private final Map<Memory, Integer> memories = new IdentityHashMap<>();
        private final Map<Instance, Integer> instances = new IdentityHashMap<>();
        private final Map<Expr, Integer> seen = new IdentityHashMap<>();

        Encoder(ModuleDef m) {
            this.m = m;
        }

        List<Object> encode() {
            out.add(m.generator());
            out.add(m.name());
            m.params().forEach((k, v) -> { out.add(k); out.add(v); });
            out.add(m.locator());
            out.add(m.attributes());
            out.add(m.external());
            for (Signal s : m.portSignals()) {
                signals.put(s, signals.size());
                out.add(Tag.PORT);
                signal(s);
            }
            for (Signal s : m.locals()) {
                signals.put(s, signals.size());
                out.add(Tag.LOCAL);
                signal(s);
                out.add(m.isFormal(s));
            }
            for (Memory mem : m.memories()) {
                memories.put(mem, memories.size());
                out.add(Tag.MEMORY);
                out.add(mem.name());
                out.add(mem.depth());
                out.add(mem.width());
                out.add(mem.locator());
                out.add(mem.init());
                out.add(mem.initFile());
                out.add(mem.readOnly());
                out.add(mem.attributes());
            }
            for (Instance i : m.instances()) {
                instances.put(i, instances.size());
                out.add(Tag.INSTANCE);
                out.add(i.name());
                out.add(i.definition());
                out.add(i.locator());
            }
            // Expressions after the declarations, so every reference has its number.
            for (Signal s : m.locals()) {
                if (s.kind() != Signal.Kind.REG) continue;
                expr(s.clock());
                out.add(s.asyncReset());
                expr(s.reset());
                expr(s.resetValue());
            }
            for (Memory mem : m.memories()) expr(mem.clock());
            body(m.body());
            for (Check c : m.checks()) {
                out.add(Tag.CHECK);
                out.add(c.kind());
                expr(c.clock());
                out.add(signals.get(c.enable()));
                out.add(signals.get(c.predicate()));
                out.add(c.message());
                out.add(c.locator());
            }
            return out;
        }

        private void signal(Signal s) {
            out.add(s.attributes());
            out.add(s.kind());
            out.add(s.name());
            out.add(s.width());
            out.add(s.signed());
            out.add(s.locator());
        }

        private void body(List<Stmt> body) {
            for (Stmt s : body) {
                if (s instanceof Stmt.Connect k) {
                    out.add(Tag.CONNECT);
                    expr(k.sink());
                    expr(k.source());
                    out.add(k.locators());
                } else if (s instanceof Stmt.MemWrite w) {
                    out.add(Tag.WRITE);
                    out.add(memories.get(w.memory()));
                    expr(w.address());
                    expr(w.data());
                    expr(w.enable());
                    expr(w.mask());
                    out.add(w.locator());
                } else if (s instanceof Stmt.Print p) {
                    out.add(Tag.PRINT);
                    expr(p.clock());
                    expr(p.enable());
                    for (Expr a : p.args()) expr(a);
                    out.add(p.format().verilog());
                    out.add(p.locator());
                } else if (s instanceof Stmt.When w) {
                    out.add(Tag.WHEN);
                    expr(w.cond());
                    body(w.then());
                    body(w.otherwise());
                    out.add(w.locator());
                } else {
                    Stmt.Switch sw = (Stmt.Switch) s;
                    out.add(Tag.SWITCH);
                    expr(sw.selector());
                    out.add(sw.keys());
                    for (List<Stmt> b : sw.bodies()) body(b);
                    body(sw.otherwise());
                    out.add(sw.locator());
                }
                out.add(Tag.END);
            }
        }

        private void expr(Expr e) {
            if (e == null) {
                out.add(null);
                return;
            }
            if (!Exprs.isComputed(e) || firstTime(e)) e.accept(tokens);
        }

        /** The tokens of one expression: a leaf by value, a computed node at its first visit (later ones are its number). */
        private final Expr.Visitor<Void> tokens = new Expr.Visitor<>() {
            @Override
            public Void ref(Expr.Ref r) {
                Integer idx = signals.get(r.signal());
                out.add(idx == null ? Tag.FOREIGN : Tag.REF);
                out.add(idx == null ? r.signal() : idx);
                return null;
            }

            @Override
            public Void instRef(Expr.InstRef r) {
                out.add(Tag.INST_REF);
                out.add(instances.get(r.instance()));
                out.add(r.instance().definition().portSignals().indexOf(r.port()));
                return null;
            }

            @Override
            public Void lit(Expr.Lit l) {
                out.add(Tag.LIT);
                out.add(l);
                return null;
            }

            @Override
            public Void invalid(Expr.Invalid inv) {
                out.add(Tag.INVALID);
                out.add(inv.width());
                return null;
            }

            @Override
            public Void op(Expr.Op op) {
                out.add(Tag.OP);
                out.add(op.op);
                out.add(op.n);
                out.add(op.m);
                out.add(op.name());
                out.add(op.locator);
                out.add(op.args.size());
                for (Expr a : op.args) expr(a);
                return null;
            }

            @Override
            public Void mux(Expr.Mux x) {
                out.add(Tag.MUX);
                out.add(x.locator());
                expr(x.cond());
                expr(x.whenTrue());
                expr(x.whenFalse());
                return null;
            }

            @Override
            public Void caseOf(Expr.Case c) {
                out.add(Tag.CASE);
                out.add(c.locator());
                expr(c.selector());
                out.add(c.keys());
                out.add(c.values().size());
                for (Expr v : c.values()) expr(v);
                expr(c.otherwise());
                return null;
            }

            @Override
            public Void memRead(Expr.MemRead r) {
                out.add(Tag.MEM_READ);
                out.add(memories.get(r.memory()));
                expr(r.address());
                return null;
            }
        };

        /** Numbers a computed node at its first visit; at a later one writes a reference back to it instead. */
        private boolean firstTime(Expr e) {
            Integer shared = seen.get(e);
            if (shared != null) {
                out.add(Tag.SHARED);
                out.add(shared);
                return false;
            }
            seen.put(e, seen.size());
            return true;
        }
    }
}
