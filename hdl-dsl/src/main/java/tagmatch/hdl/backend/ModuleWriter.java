package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one lowered module as Verilog-2005: its layout (header, ports, declarations, the
 * instances and their wiring), around the body that {@link StatementWriter} writes with the
 * values of {@link ExpressionWriter}, and the {@link FormalSection} last. The split is
 * Verilator's: emission of statements and expressions apart from the module's layout.
 */
final class ModuleWriter {
    private final ModuleDef m;
    private final String name;
    private final Namespace ns = new Namespace();
    private final Labels labels;
    private final InstancePins pins;
    final ExpressionWriter exprs;
    final StatementWriter stmts;

    /** Which properties the formal section writes, and as what. */
    FormalView formalView = FormalView.AS_WRITTEN;
    /** What the formal section wrote, and the property on each of its lines (0-based within it). */
    String formalSection = "";
    Map<Integer, Check> formalLines = Map.of();

    ModuleWriter(ModuleDef m, String name) {
        this.m = m;
        this.name = name;
        for (Signal s : m.signals()) ns.claim(s.name());
        for (Memory mem : m.memories()) ns.claim(mem.name());
        for (Instance i : m.instances()) ns.claim(i.name());
        UseCounts uses = new UseCounts(m);
        labels = new Labels(m, ns);
        pins = new InstancePins(uses);
        exprs = new ExpressionWriter(ns, uses, labels, pins);
        pins.choose(m, ns, exprs);
        stmts = new StatementWriter(exprs, uses, pins);
    }

    String write() {
        FormalSection formal = new FormalSection(this, m);
        declareNamedValues(formal);
        stmts.write(m, formal);
        String formalText = formal.write();

        StringBuilder out = new StringBuilder();
        out.append("// ").append(m.generator());
        if (!m.params().isEmpty()) out.append(" (").append(VerilogEmitter.params(m.params())).append(')');
        out.append(" @[").append(m.locator()).append("]\n");
        for (Map.Entry<String, String> a : m.attributes().entrySet())
            out.append("(* ").append(a.getKey()).append(" = \"").append(a.getValue()).append("\" *)\n");
        out.append("module ").append(name).append(m.portSignals().isEmpty() ? "" : " (").append('\n');
        ports(out);
        declarations(out);
        ModuleBody body = exprs.out;
        if (body.assigns().length() > 0) out.append('\n').append(body.assigns());
        for (Instance i : m.instances()) InstancePins.write(out, i, exprs);
        out.append(body.tempProcs()).append(body.procs());
        out.append(formalText);
        out.append("endmodule\n");
        return out.toString();
    }

    private void ports(StringBuilder out) {
        List<Signal> ports = m.portSignals();
        List<String[]> portLines = new ArrayList<>();
        for (Signal p : ports) {
            attributes(portLines, p.attributes());
            portLines.add(new String[] {(p.kind() == Signal.Kind.INPUT ? "input  wire" : stmts.isCaseWire(p) ? "output reg " : "output wire")
                    + VerilogText.sign(p.signed()) + VerilogText.range(p.width()), p.name()});
        }
        int col = VerilogText.column(portLines);
        for (int i = 0, k = 0; i < portLines.size(); i++) {
            String[] line = portLines.get(i);
            if (line.length == 1) {
                out.append("  ").append(line[0]).append('\n');
                continue;
            }
            k++;
            out.append("  ").append(VerilogText.pad(line[0], col)).append(line[1]).append(k < ports.size() ? "," : "").append('\n');
        }
        out.append(ports.isEmpty() ? "" : ")").append(";\n");
    }

    /** Localparams, signals in source order, memories, pin wires, then temporaries; then memory contents. */
    private void declarations(StringBuilder out) {
        List<String[]> head = new ArrayList<>(labels.declarations());
        for (Signal s : m.locals()) {
            if (m.isFormal(s)) continue;
            String kind = s.kind() == Signal.Kind.REG || stmts.isCaseWire(s) ? "reg " : "wire";
            attributes(head, s.attributes());
            head.add(new String[] {kind + VerilogText.sign(s.signed()) + VerilogText.range(s.width()),
                    s.name() + ";" + VerilogText.comment(List.of(s.locator()))});
        }
        for (Memory mem : m.memories()) {
            attributes(head, mem.attributes());
            head.add(new String[] {"reg " + VerilogText.range(mem.width()), mem.name() + " [0:" + (mem.depth() - 1) + "];"
                    + VerilogText.comment(List.of(mem.locator()))});
        }
        head.addAll(pins.declarations());
        head.addAll(exprs.out.decls());
        int hc = VerilogText.column(head);
        if (!head.isEmpty()) out.append('\n');
        for (String[] d : head) out.append("  ").append(d.length == 1 ? d[0] : VerilogText.pad(d[0], hc) + d[1]).append('\n');
        for (Memory mem : m.memories()) out.append(initialContents(mem));
    }

    /**
     * Values the user named ({@code named}, or a library naming its levels) are declared and
     * assigned first, in natural order of their names ({@code sel_l1_0_valid} ... {@code
     * sel_l2_0_index}), each with its own locator, rather than wherever they happen to be used
     * first. Only values some statement reads are declared; formal-only logic is left to its section.
     */
    private void declareNamedValues(FormalSection formal) {
        List<Expr.Op> named = new ArrayList<>();
        Map<Expr, Boolean> seen = new IdentityHashMap<>();
        java.util.function.Consumer<Expr> collect = x -> {
            if (x instanceof Expr.Op op && op.name() != null) named.add(op);
        };
        for (Stmt s : m.body()) {
            if (formal.owns(s)) continue;
            if (s instanceof Stmt.Connect k) Exprs.forEach(k.source(), seen, collect);
            else for (Expr x : Exprs.exprsOf(s)) Exprs.forEach(x, seen, collect);
        }
        for (Signal s : m.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null && !m.isFormal(s)) {
                if (!s.asyncReset()) Exprs.forEach(s.reset(), seen, collect);
                Exprs.forEach(s.resetValue(), seen, collect);
            }
        named.sort(Comparator.comparing(Expr.Op::name, NaturalOrder.INSTANCE));
        for (Expr.Op op : named) exprs.declare(op);
    }

    /** {@code initial} contents: the file the words came from, else the words themselves. */
    private static String initialContents(Memory mem) {
        if (mem.initFile() != null)
            return "\n  initial $readmemh(\"" + mem.initFile() + "\", " + mem.name() + ");" + VerilogText.comment(List.of(mem.locator())) + "\n";
        if (mem.init().isEmpty()) return "";
        StringBuilder sb = new StringBuilder("\n  initial begin").append(VerilogText.comment(List.of(mem.locator()))).append('\n');
        // Every word, the zeros too: a four-state simulator would otherwise start the rest at X.
        for (int i = 0; i < mem.depth(); i++)
            sb.append("    ").append(mem.name()).append('[').append(i).append("] = ").append(mem.width()).append("'h")
                    .append(i < mem.init().size() ? mem.init().get(i).toString(16) : "0").append(";\n");
        return sb.append("  end\n").toString();
    }

    /** {@code (* key = "value" *)} lines, one per attribute. */
    static void attributes(List<String[]> into, Map<String, String> attrs) {
        for (Map.Entry<String, String> a : attrs.entrySet())
            into.add(new String[] {"(* " + a.getKey() + " = \"" + a.getValue() + "\" *)"});
    }
}
