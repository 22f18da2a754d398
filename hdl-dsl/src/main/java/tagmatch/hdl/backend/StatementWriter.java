package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the statements of one module: continuous assignments, register updates as
 * {@code always} blocks that mirror their when/switch, memory writes and prints. Values are
 * written by the module's {@link ExpressionWriter}.
 */
final class StatementWriter {
    private final ExpressionWriter x;
    private final UseCounts uses;
    private final InstancePins pins;
    /** Wires and outputs driven by a case in their own {@code always @(*)}: declared {@code reg}. */
    private final Set<Signal> caseWires = new LinkedHashSet<>();

    StatementWriter(ExpressionWriter x, UseCounts uses, InstancePins pins) {
        this.x = x;
        this.uses = uses;
        this.pins = pins;
    }

    /** Whether {@code s} is assigned in an {@code always} block, and so declared {@code reg}. */
    boolean isCaseWire(Signal s) {
        return caseWires.contains(s);
    }

    /** Every statement the module's body writes (not the formal section's), then the registers that only hold. */
    void write(ModuleDef m, FormalSection formal) {
        Set<Signal> assigned = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Stmt s : m.body()) {
            if (formal.owns(s)) continue;
            if (s instanceof Stmt.Connect k) {
                connect(k);
                if (k.sink() instanceof Expr.Ref ref) assigned.add(ref.signal());
            } else if (s instanceof Stmt.Print p) print(p);
            else memWrite((Stmt.MemWrite) s);
        }
        // A register that only ever holds still takes its reset value: its block has the reset alone.
        for (Signal s : m.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null && !assigned.contains(s) && !m.isFormal(s))
                register(s, new Expr.Ref(s), List.of(s.locator()));
    }

    void connect(Stmt.Connect k) {
        if (pins.isBoundCopy(k)) return;
        x.context(k.locators());
        Expr sink = k.sink();
        if (sink instanceof Expr.InstRef) {
            String wire = pins.wire(sink);
            if (wire == null) return;
            // may declare temporaries: render before appending
            String text = pins.names(sink) ? x.render(k.source()) : x.root(k.source(), sink.width());
            x.out.assigns().append("  assign ").append(wire).append(" = ").append(text).append(';').append(VerilogText.comment(k.locators())).append('\n');
            return;
        }
        Signal s = ((Expr.Ref) sink).signal();
        if (s.kind() == Signal.Kind.REG) {
            register(s, k.source(), k.locators());
        } else if ((s.kind() == Signal.Kind.WIRE || s.kind() == Signal.Kind.OUTPUT) && k.source() instanceof Expr.Case c
                && uses.of(c) == 1 && c.width() == s.width()) {
            caseWires.add(s);
            String body = x.caseBlock(s.name(), "=", c, s.width(), 2);
            x.out.procs().append("\n  always @(*) begin").append(VerilogText.comment(k.locators())).append('\n').append(body).append("  end\n");
        } else {
            String text = x.root(k.source(), s.width());
            x.out.assigns().append("  assign ").append(s.name()).append(" = ").append(text).append(';').append(VerilogText.comment(k.locators())).append('\n');
        }
    }

    // Blocks are built in a local buffer and appended whole: rendering an operand may declare a
    // temporary with its own always block, which must not land inside this one.
    void register(Signal r, Expr next, List<Locator> locs) {
        StringBuilder sb = new StringBuilder();
        String clock = x.e(r.clock());
        String events = "posedge " + clock;
        if (r.reset() != null && r.asyncReset()) {
            // The reset signal itself, in the sensitivity list and the test, never a copy: the
            // shape synthesis tools recognise as an asynchronous reset.
            String rst = Signal.resetSignal(r.reset()).name();
            boolean low = Signal.resetActiveLow(r.reset());
            events += (low ? " or negedge " : " or posedge ") + rst;
            sb.append("    if (").append(low ? "!" : "").append(rst).append(") begin\n");
            sb.append("      ").append(r.name()).append(" <= ").append(x.root(r.resetValue(), r.width())).append(";\n");
            elseChain(sb, r, next, 2);
        } else if (r.reset() != null) {
            sb.append("    if (").append(x.e(r.reset())).append(") begin\n");
            sb.append("      ").append(r.name()).append(" <= ").append(x.root(r.resetValue(), r.width())).append(";\n");
            elseChain(sb, r, next, 2);
        } else {
            nextState(sb, r, next, 2);
        }
        x.out.procs().append("\n  always @(").append(events).append(") begin").append(VerilogText.comment(locs)).append('\n').append(sb).append("  end\n");
    }

    private static boolean holds(Expr v, Signal r) {
        return v instanceof Expr.Ref ref && ref.signal() == r;
    }

    /** Register updates as if/else-if chains and case statements, mirroring their when/switch. */
    private void nextState(StringBuilder sb, Signal r, Expr next, int depth) {
        if (holds(next, r)) return;
        String ind = "  ".repeat(depth);
        if (next instanceof Expr.Mux mux && uses.of(mux) == 1) {
            if (holds(mux.whenTrue(), r)) {
                sb.append(ind).append("if (").append(x.invert(mux.cond())).append(") begin\n");
                nextState(sb, r, mux.whenFalse(), depth + 1);
                sb.append(ind).append("end\n");
                return;
            }
            sb.append(ind).append("if (").append(x.e(mux.cond())).append(") begin\n");
            nextState(sb, r, mux.whenTrue(), depth + 1);
            elseChain(sb, r, mux.whenFalse(), depth);
        } else if (next instanceof Expr.Case c && uses.of(c) == 1) {
            sb.append(x.caseBlock(r.name(), "<=", c, r.width(), depth));
        } else {
            sb.append(ind).append(r.name()).append(" <= ").append(x.root(next, r.width())).append(";\n");
        }
    }

    /** Closes an open {@code if} with the else branch {@code f}, as {@code else if} when it is a chain. */
    private void elseChain(StringBuilder sb, Signal r, Expr f, int depth) {
        String ind = "  ".repeat(depth);
        while (f instanceof Expr.Mux fm && uses.of(fm) == 1 && !holds(fm.whenTrue(), r)) {
            sb.append(ind).append("end else if (").append(x.e(fm.cond())).append(") begin\n");
            nextState(sb, r, fm.whenTrue(), depth + 1);
            f = fm.whenFalse();
        }
        if (!holds(f, r)) {
            sb.append(ind).append("end else begin\n");
            nextState(sb, r, f, depth + 1);
        }
        sb.append(ind).append("end\n");
    }

    /**
     * {@code $write} at the clock edge, under {@code ifndef SYNTHESIS}: the values it prints are
     * those before the edge's updates.
     */
    private void print(Stmt.Print p) {
        x.context(List.of(p.locator()));
        StringBuilder call = new StringBuilder("$write(").append(p.format().verilog());
        for (int i = 0; i < p.args().size(); i++) {
            String value = x.named(p.args().get(i));
            call.append(", ").append(p.format().signedDecimal(i) ? "$signed(" + value + ")" : value);
        }
        call.append(");\n");
        boolean always = p.enable() instanceof Expr.Lit l && l.isAllOnes();
        // Synthesis tools skip it instead of warning that a system task outside initial is unsupported.
        x.out.procs().append("\n`ifndef SYNTHESIS\n  always @(posedge ").append(x.e(p.clock())).append(") begin").append(VerilogText.comment(List.of(p.locator()))).append('\n')
                .append(always ? "    " : "    if (" + x.e(p.enable()) + ") ").append(call).append("  end\n`endif\n");
    }

    private void memWrite(Stmt.MemWrite w) {
        x.context(List.of(w.locator()));
        Memory mem = w.memory();
        String clock = x.e(mem.clock());
        boolean always = w.enable() instanceof Expr.Lit l && l.isAllOnes();
        String ind = always ? "    " : "      ";
        String body;
        if (w.wholeWord()) {
            body = ind + mem.name() + "[" + x.e(w.address()) + "] <= " + x.root(w.data(), mem.width()) + ";\n";
        } else {
            // One guarded part-select per lane: the shape yosys maps to a RAM's per-bit write enables.
            String addr = x.e(w.address());
            String data = x.named(w.data());
            String mask = x.named(w.mask());
            int g = w.laneWidth();
            int lanes = w.mask().width();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < lanes; i++) {
                String bits = "[" + (i * g + g - 1) + ":" + (i * g) + "]";
                String bit = g == 1 ? "[" + (i * g) + "]" : bits;
                sb.append(ind).append("if (").append(lanes == 1 ? mask : mask + "[" + i + "]").append(") ")
                        .append(mem.name()).append('[').append(addr).append(']').append(bit).append(" <= ")
                        .append(mem.width() == 1 ? data : data + bit).append(";\n");
            }
            body = sb.toString();
        }
        if (!always) body = "    if (" + x.e(w.enable()) + ") begin\n" + body + "    end\n";
        x.out.procs().append("\n  always @(posedge ").append(clock).append(") begin").append(VerilogText.comment(List.of(w.locator()))).append('\n')
                .append(body).append("  end\n");
    }
}
