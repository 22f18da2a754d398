package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a module that exists only for its properties, written after everything else
 * between {@code `ifdef FORMAL} and {@code `endif}: the formal-only wires and registers, and
 * one immediate {@code assert}/{@code assume}/{@code cover} per {@link Check}, each on one line
 * with its source locator and message. yosys reads it with {@code read_verilog -formal};
 * Verilator with {@code -DFORMAL --assert}. Without the define the module is exactly what it
 * would be without properties, so the default output keeps its lint status.
 *
 * <p>Formal-only registers get a zero initializer: every engine (interpreter, Verilator,
 * yosys-smtbmc) then agrees that {@code past} is 0 and {@code initial} is 1 in the first cycle.
 */
final class FormalSection {
    private final ModuleWriter w;
    private final ModuleDef m;
    /** Enables that are constant 1: the check is written without its {@code if}. */
    private final Map<Signal, Boolean> alwaysOn = new IdentityHashMap<>();

    FormalSection(ModuleWriter w, ModuleDef m) {
        this.w = w;
        this.m = m;
        for (Stmt s : m.body())
            if (s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r && k.source() instanceof Expr.Lit l && l.isAllOnes())
                for (Check c : m.checks()) if (c.enable() == r.signal()) alwaysOn.put(r.signal(), Boolean.TRUE);
    }

    /** Statements that drive formal-only signals: written here, not in the module body. */
    boolean owns(Stmt s) {
        return s instanceof Stmt.Connect k && k.sink() instanceof Expr.Ref r && m.isFormal(r.signal());
    }

    String write() {
        List<Signal> signals = new ArrayList<>();
        for (Signal s : m.locals()) if (m.isFormal(s) && !alwaysOn.containsKey(s)) signals.add(s);
        if (signals.isEmpty() && m.checks().isEmpty()) return "";
        ModuleBody saved = w.exprs.out;
        ModuleBody body = ModuleBody.empty();
        w.exprs.out = body;
        try {
            for (Stmt s : m.body())
                if (owns(s) && !alwaysOn.containsKey(((Expr.Ref) ((Stmt.Connect) s).sink()).signal())) w.stmts.connect((Stmt.Connect) s);
            StringBuilder checks = new StringBuilder();
            Map<Integer, Check> lines = new java.util.LinkedHashMap<>();
            int cover = 0;
            for (Check c : m.checks()) {
                if (w.formalView.writes(m.name(), c, cover)) {
                    lines.put(newlines(checks) + 2, c); // the check's text opens with a blank line and its always
                    checks.append(check(c));
                }
                if (c.kind() == Check.Kind.COVER) cover++;
            }
            List<String[]> head = new ArrayList<>();
            for (Signal s : signals) {
                boolean reg = s.kind() == Signal.Kind.REG;
                String kind = reg || w.stmts.isCaseWire(s) ? "reg " : "wire";
                String init = reg ? " = " + VerilogText.number(java.math.BigInteger.ZERO, s.width()) : "";
                head.add(new String[] {kind + VerilogText.sign(s.signed()) + VerilogText.range(s.width()),
                        s.name() + init + ";" + VerilogText.comment(List.of(s.locator()))});
            }
            head.addAll(body.decls());
            StringBuilder out = new StringBuilder("\n`ifdef FORMAL\n");
            int col = VerilogText.column(head);
            for (String[] d : head) out.append("  ").append(VerilogText.pad(d[0], col)).append(d[1]).append('\n');
            if (body.assigns().length() > 0) out.append('\n').append(body.assigns());
            out.append(body.tempProcs()).append(body.procs());
            int before = newlines(out);
            Map<Integer, Check> sectionLines = new java.util.LinkedHashMap<>();
            lines.forEach((line, c) -> sectionLines.put(before + line, c));
            out.append(checks).append("`endif\n");
            w.formalSection = out.toString();
            w.formalLines = sectionLines;
            return w.formalSection;
        } finally {
            w.exprs.out = saved;
        }
    }

    private static int newlines(CharSequence s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == '\n') n++;
        return n;
    }

    private String check(Check c) {
        String event = c.clock() == null ? "*" : "posedge " + w.exprs.e(c.clock());
        String guard = alwaysOn.containsKey(c.enable()) ? "" : "if (" + c.enable().name() + ") ";
        boolean negate = c.kind() == Check.Kind.COVER && w.formalView.negateCovers();
        String statement = negate ? "assert (!" + c.predicate().name() + ");" : c.kind().keyword + " (" + c.predicate().name() + ");";
        return "\n  always @(" + event + ") begin\n    " + guard + statement
                + VerilogText.comment(List.of(c.locator())) + " " + c.message() + "\n  end\n";
    }
}
