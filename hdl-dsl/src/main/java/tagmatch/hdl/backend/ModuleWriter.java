package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes one lowered module as Verilog-2005.
 *
 * <p>Width safety: Verilog sizes expressions from their context, which silently keeps carries
 * that the DSL's wrapping operators drop. Every operand is therefore extended explicitly to its
 * operator's width (zero- or sign-extension by concatenation), so no implicit extension ever
 * happens and any subexpression can be inlined. Values used more than once, values the user
 * named, {@code case} choices and overly long expressions get a declared temporary instead.
 */
final class ModuleWriter {
    private static final int MAX_INLINE = 90;

    private final ModuleDef m;
    private final String name;
    private final Namespace ns = new Namespace();
    private final Map<Expr, Integer> uses = new IdentityHashMap<>();
    private final Map<Expr, String> temps = new IdentityHashMap<>();
    private final Map<Expr, String> instWires = new HashMap<>();
    private final Map<Expr, Expr> instDrivers = new HashMap<>();
    private final Map<String, Expr.Lit> labels = new LinkedHashMap<>();
    private final Map<String, String> labelNames = new HashMap<>();
    final Set<Signal> caseWires = new LinkedHashSet<>();
    /** Reads of each instance pin, by equality: every read of a pin is its own InstRef. */
    private final Map<Expr, Integer> pinReads = new HashMap<>();
    /** Instance outputs whose net is a signal of this module: the one connect copying them is not written. */
    private final Set<Stmt> boundCopies = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** Instance inputs whose pin wire is the name of a value other sinks share: assigned the value's text. */
    private final Set<Expr> namingPins = new java.util.HashSet<>();
    /** Declared pin wires, per instance in instance order and port order. */
    private final List<String[]> pinDecls = new ArrayList<>();
    /** Where the statement being written was described: the locator of temporaries without their own. */
    private List<Locator> context = List.of();

    // Where rendered text goes; FormalSection swaps in its own buffers for formal-only logic.
    List<String[]> decls = new ArrayList<>();
    StringBuilder assigns = new StringBuilder();
    StringBuilder procs = new StringBuilder();
    StringBuilder tempProcs = new StringBuilder();
    /** Which properties the formal section writes, and as what. */
    FormalView formalView = FormalView.AS_WRITTEN;
    /** What the formal section wrote, and the property on each of its lines (0-based within it). */
    String formalSection = "";
    java.util.Map<Integer, tagmatch.hdl.ir.Check> formalLines = java.util.Map.of();

    ModuleWriter(ModuleDef m, String name) {
        this.m = m;
        this.name = name;
    }

    String write() {
        for (Signal s : m.signals()) ns.claim(s.name());
        for (Memory mem : m.memories()) ns.claim(mem.name());
        for (Instance i : m.instances()) ns.claim(i.name());
        countUses();
        collectLabels();
        nameInstancePins();

        FormalSection formal = new FormalSection(this, m);
        declareNamedValues(formal);
        java.util.Set<Signal> assigned = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
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
        String formalText = formal.write();

        StringBuilder out = new StringBuilder();
        out.append("// ").append(m.generator());
        if (!m.params().isEmpty()) out.append(" (").append(VerilogEmitter.params(m.params())).append(')');
        out.append(" @[").append(m.locator()).append("]\n");
        for (Map.Entry<String, String> a : m.attributes().entrySet())
            out.append("(* ").append(a.getKey()).append(" = \"").append(a.getValue()).append("\" *)\n");
        out.append("module ").append(name).append(m.portSignals().isEmpty() ? "" : " (").append('\n');
        List<Signal> ports = m.portSignals();
        List<String[]> portLines = new ArrayList<>();
        for (Signal p : ports) {
            attributes(portLines, p.attributes());
            portLines.add(new String[] {(p.kind() == Signal.Kind.INPUT ? "input  wire" : caseWires.contains(p) ? "output reg " : "output wire")
                    + sign(p.signed()) + range(p.width()), p.name()});
        }
        int col = column(portLines);
        for (int i = 0, k = 0; i < portLines.size(); i++) {
            String[] line = portLines.get(i);
            if (line.length == 1) {
                out.append("  ").append(line[0]).append('\n');
                continue;
            }
            k++;
            out.append("  ").append(pad(line[0], col)).append(line[1]).append(k < ports.size() ? "," : "").append('\n');
        }
        out.append(ports.isEmpty() ? "" : ")").append(";\n");

        List<String[]> head = new ArrayList<>();
        for (Map.Entry<String, Expr.Lit> l : labels.entrySet().stream().sorted(Map.Entry.comparingByValue(
                java.util.Comparator.comparing(Expr.Lit::value))).toList())
            head.add(new String[] {"localparam" + range(l.getValue().width()), labelNames.get(l.getKey()) + " = " + number(l.getValue().value(), l.getValue().width()) + ";"});
        for (Signal s : m.locals()) {
            if (m.isFormal(s)) continue;
            String kind = s.kind() == Signal.Kind.REG || caseWires.contains(s) ? "reg " : "wire";
            attributes(head, s.attributes());
            head.add(new String[] {kind + sign(s.signed()) + range(s.width()), s.name() + ";" + comment(List.of(s.locator()))});
        }
        for (Memory mem : m.memories()) {
            attributes(head, mem.attributes());
            head.add(new String[] {"reg " + range(mem.width()), mem.name() + " [0:" + (mem.depth() - 1) + "];" + comment(List.of(mem.locator()))});
        }
        head.addAll(pinDecls);
        head.addAll(decls);
        int hc = column(head);
        if (!head.isEmpty()) out.append('\n');
        for (String[] d : head) out.append("  ").append(d.length == 1 ? d[0] : pad(d[0], hc) + d[1]).append('\n');
        for (Memory mem : m.memories()) out.append(initialContents(mem));

        if (assigns.length() > 0) out.append('\n').append(assigns);
        for (Instance i : m.instances()) instance(out, i);
        out.append(tempProcs).append(procs);
        out.append(formalText);
        out.append("endmodule\n");
        return out.toString();
    }

    /**
     * Chooses the net on every instance pin, instances in order, ports in order, so that the
     * declarations read in the order the design was described. An output copied into a wire or
     * output port of this module (and read nowhere else) is connected to that signal; an input
     * driven by a signal, a literal or another instance's output is connected to it directly. Only
     * the rest get a pin wire {@code inst_port}; a computed value shared by several sinks is named
     * by the first pin it drives, and its other users read that wire.
     */
    private void nameInstancePins() {
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
                    if (copy != null && pinReads.getOrDefault(ref, 0) == 1) {
                        instWires.put(ref, ((Expr.Ref) copy.sink()).signal().name());
                        boundCopies.add(copy);
                        continue;
                    }
                    // An output nobody reads still needs a wire on its pin (an empty pin is a lint warning);
                    // the _unused suffix says so to readers and to Verilator's default --unused-regexp.
                    boolean unread = !pinReads.containsKey(ref);
                    pinWire(ref, ns.claim(i.name() + "_" + p.name() + (unread ? "_unused" : "")));
                    continue;
                }
                Expr driver = instDrivers.get(ref);
                boolean sameWidth = driver != null && driver.width() == p.width();
                // Leaves, values already named by an earlier pin, and values that get a name of their
                // own anyway (a case, a value the user named) are connected as they are.
                if (sameWidth && (isLeaf(driver) || temps.containsKey(driver) || needsOwnName(driver))) continue;
                String wire = ns.claim(i.name() + "_" + p.name());
                pinWire(ref, wire);
                if (sameWidth && uses(driver) > 1 && !needsOwnName(driver)) {
                    temps.put(driver, wire);
                    namingPins.add(ref);
                }
            }
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
        named.sort(java.util.Comparator.comparing(Expr.Op::name, NaturalOrder.INSTANCE));
        for (Expr.Op op : named) {
            if (temps.containsKey(op)) continue;
            context = List.of(op.locator);
            temp(op);
        }
    }

    private void pinWire(Expr ref, String wire) {
        instWires.put(ref, wire);
        pinDecls.add(new String[] {"wire" + sign(ref.signed()) + range(ref.width()), wire + ";"});
    }

    /** A case needs its own {@code always} block, and a value the user named keeps that name. */
    private static boolean needsOwnName(Expr x) {
        return x instanceof Expr.Case || x instanceof Expr.Op op && op.name() != null;
    }

    // ---- statements ------------------------------------------------------------------------------

    void connect(Stmt.Connect k) {
        if (boundCopies.contains(k)) return;
        context = k.locators();
        Expr sink = k.sink();
        if (sink instanceof Expr.InstRef) {
            String wire = instWires.get(sink);
            if (wire == null) return;
            // may declare temporaries: render before appending
            String text = namingPins.contains(sink) ? render(k.source()) : root(k.source(), sink.width());
            assigns.append("  assign ").append(wire).append(" = ").append(text).append(';').append(comment(k.locators())).append('\n');
            return;
        }
        Signal s = ((Expr.Ref) sink).signal();
        if (s.kind() == Signal.Kind.REG) {
            register(s, k.source(), k.locators());
        } else if ((s.kind() == Signal.Kind.WIRE || s.kind() == Signal.Kind.OUTPUT) && k.source() instanceof Expr.Case c
                && uses(c) == 1 && c.width() == s.width()) {
            caseWires.add(s);
            String body = caseBlock(s.name(), "=", c, s.width(), 2);
            procs.append("\n  always @(*) begin").append(comment(k.locators())).append('\n').append(body).append("  end\n");
        } else {
            String text = root(k.source(), s.width());
            assigns.append("  assign ").append(s.name()).append(" = ").append(text).append(';').append(comment(k.locators())).append('\n');
        }
    }

    // Blocks are built in a local buffer and appended whole: rendering an operand may declare a
    // temporary with its own always block, which must not land inside this one.
    private void register(Signal r, Expr next, List<Locator> locs) {
        StringBuilder sb = new StringBuilder();
        String clock = e(r.clock());
        String events = "posedge " + clock;
        if (r.reset() != null && r.asyncReset()) {
            // The reset signal itself, in the sensitivity list and the test, never a copy: the
            // shape synthesis tools recognise as an asynchronous reset.
            String rst = Signal.resetSignal(r.reset()).name();
            boolean low = Signal.resetActiveLow(r.reset());
            events += (low ? " or negedge " : " or posedge ") + rst;
            sb.append("    if (").append(low ? "!" : "").append(rst).append(") begin\n");
            sb.append("      ").append(r.name()).append(" <= ").append(root(r.resetValue(), r.width())).append(";\n");
            elseChain(sb, r, next, 2);
        } else if (r.reset() != null) {
            sb.append("    if (").append(e(r.reset())).append(") begin\n");
            sb.append("      ").append(r.name()).append(" <= ").append(root(r.resetValue(), r.width())).append(";\n");
            elseChain(sb, r, next, 2);
        } else {
            nextState(sb, r, next, 2);
        }
        procs.append("\n  always @(").append(events).append(") begin").append(comment(locs)).append('\n').append(sb).append("  end\n");
    }

    private static boolean holds(Expr x, Signal r) {
        return x instanceof Expr.Ref ref && ref.signal() == r;
    }

    /** Register updates as if/else-if chains and case statements, mirroring their when/switch. */
    private void nextState(StringBuilder sb, Signal r, Expr next, int depth) {
        if (holds(next, r)) return;
        String ind = "  ".repeat(depth);
        if (next instanceof Expr.Mux mux && uses(mux) == 1) {
            if (holds(mux.whenTrue(), r)) {
                sb.append(ind).append("if (").append(invert(mux.cond())).append(") begin\n");
                nextState(sb, r, mux.whenFalse(), depth + 1);
                sb.append(ind).append("end\n");
                return;
            }
            sb.append(ind).append("if (").append(e(mux.cond())).append(") begin\n");
            nextState(sb, r, mux.whenTrue(), depth + 1);
            elseChain(sb, r, mux.whenFalse(), depth);
        } else if (next instanceof Expr.Case c && uses(c) == 1) {
            sb.append(caseBlock(r.name(), "<=", c, r.width(), depth));
        } else {
            sb.append(ind).append(r.name()).append(" <= ").append(root(next, r.width())).append(";\n");
        }
    }

    /** Closes an open {@code if} with the else branch {@code f}, as {@code else if} when it is a chain. */
    private void elseChain(StringBuilder sb, Signal r, Expr f, int depth) {
        String ind = "  ".repeat(depth);
        while (f instanceof Expr.Mux fm && uses(fm) == 1 && !holds(fm.whenTrue(), r)) {
            sb.append(ind).append("end else if (").append(e(fm.cond())).append(") begin\n");
            nextState(sb, r, fm.whenTrue(), depth + 1);
            f = fm.whenFalse();
        }
        if (!holds(f, r)) {
            sb.append(ind).append("end else begin\n");
            nextState(sb, r, f, depth + 1);
        }
        sb.append(ind).append("end\n");
    }

    private String caseBlock(String target, String op, Expr.Case c, int width, int depth) {
        StringBuilder sb = new StringBuilder();
        String ind = "  ".repeat(depth);
        sb.append(ind).append("case (").append(e(c.selector())).append(")\n");
        for (int i = 0; i < c.keys().size(); i++) {
            sb.append(ind).append("  ").append(key(c.keys().get(i), c.selector().width())).append(": ")
                    .append(target).append(' ').append(op).append(' ').append(root(c.values().get(i), width)).append(";\n");
        }
        sb.append(ind).append("  default: ").append(target).append(' ').append(op).append(' ').append(root(c.otherwise(), width)).append(";\n");
        sb.append(ind).append("endcase\n");
        return sb.toString();
    }

    /**
     * {@code $write} at the clock edge, under {@code ifndef SYNTHESIS}: the values it prints are
     * those before the edge's updates.
     */
    private void print(Stmt.Print p) {
        context = List.of(p.locator());
        StringBuilder call = new StringBuilder("$write(").append(p.format().verilog());
        for (int i = 0; i < p.args().size(); i++) {
            String value = named(p.args().get(i));
            call.append(", ").append(p.format().signedDecimal(i) ? "$signed(" + value + ")" : value);
        }
        call.append(");\n");
        boolean always = p.enable() instanceof Expr.Lit l && l.isAllOnes();
        // Synthesis tools skip it instead of warning that a system task outside initial is unsupported.
        procs.append("\n`ifndef SYNTHESIS\n  always @(posedge ").append(e(p.clock())).append(") begin").append(comment(List.of(p.locator()))).append('\n')
                .append(always ? "    " : "    if (" + e(p.enable()) + ") ").append(call).append("  end\n`endif\n");
    }

    private void memWrite(Stmt.MemWrite w) {
        context = List.of(w.locator());
        Memory mem = w.memory();
        String clock = e(mem.clock());
        boolean always = w.enable() instanceof Expr.Lit l && l.isAllOnes();
        String ind = always ? "    " : "      ";
        String body;
        if (w.wholeWord()) {
            body = ind + mem.name() + "[" + e(w.address()) + "] <= " + root(w.data(), mem.width()) + ";\n";
        } else {
            // One guarded part-select per lane: the shape yosys maps to a RAM's per-bit write enables.
            String addr = e(w.address());
            String data = named(w.data());
            String mask = named(w.mask());
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
        if (!always) body = "    if (" + e(w.enable()) + ") begin\n" + body + "    end\n";
        procs.append("\n  always @(posedge ").append(clock).append(") begin").append(comment(List.of(w.locator()))).append('\n')
                .append(body).append("  end\n");
    }

    /** {@code initial} contents: the file the words came from, else the words themselves. */
    private static String initialContents(Memory mem) {
        if (mem.initFile() != null)
            return "\n  initial $readmemh(\"" + mem.initFile() + "\", " + mem.name() + ");" + comment(List.of(mem.locator())) + "\n";
        if (mem.init().isEmpty()) return "";
        StringBuilder sb = new StringBuilder("\n  initial begin").append(comment(List.of(mem.locator()))).append('\n');
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

    private void instance(StringBuilder out, Instance i) {
        out.append('\n').append("  ").append(i.definition().name()).append(' ');
        if (i.definition().isExternal() && !i.definition().external().parameters().isEmpty()) {
            List<String> ps = new ArrayList<>();
            i.definition().external().sortedParameters().forEach((k, v) -> ps.add("." + k + "(" + v + ")"));
            out.append("#(").append(String.join(", ", ps)).append(") ");
        }
        out.append(i.name()).append(" (").append(comment(List.of(i.locator()))).append('\n');
        List<Signal> ports = i.definition().portSignals();
        for (int k = 0; k < ports.size(); k++) {
            Expr ref = new Expr.InstRef(i, ports.get(k));
            String wire = instWires.get(ref);
            String conn = wire != null ? wire : e(instDrivers.get(ref));
            out.append("    .").append(ports.get(k).name()).append('(').append(conn).append(')').append(k + 1 < ports.size() ? "," : "").append('\n');
        }
        out.append("  );\n");
    }

    // ---- expressions -----------------------------------------------------------------------------

    /** An expression driving a sink of {@code width} bits, widened if narrower. */
    private String root(Expr x, int width) {
        if (x.width() == width) return rootText(x);
        return ext(x, width);
    }

    private String rootText(Expr x) {
        if (isLeaf(x) || temps.containsKey(x) || needsTemp(x)) return e(x);
        return render(x);
    }

    /** An expression as an operand: a name, a literal, or inline text. */
    String e(Expr x) {
        return x.accept(asOperand);
    }

    private final Expr.Visitor<String> asOperand = new Expr.Visitor<>() {
        @Override public String ref(Expr.Ref r) { return r.signal().name(); }

        @Override
        public String instRef(Expr.InstRef x) {
            String w = instWires.get(x);
            return w != null ? w : e(instDrivers.get(x));
        }

        @Override public String lit(Expr.Lit l) { return ModuleWriter.this.lit(l, l.width()); }
        @Override public String invalid(Expr.Invalid x) { throw new IllegalStateException("invalid value reached the backend"); }
        @Override public String op(Expr.Op x) { return computed(x); }
        @Override public String mux(Expr.Mux x) { return computed(x); }
        @Override public String caseOf(Expr.Case x) { return computed(x); }
        @Override public String memRead(Expr.MemRead x) { return computed(x); }
    };

    /** A computed value as an operand: its temporary's name, or its text in place when it is used once and short. */
    private String computed(Expr x) {
        String t = temps.get(x);
        if (t != null) return t;
        if (needsTemp(x)) return temp(x);
        String text = render(x);
        return text.length() > MAX_INLINE ? temp(x, text) : text;
    }

    private boolean needsTemp(Expr x) {
        if (x instanceof Expr.Case) return true;
        if (uses(x) > 1) return !isBitOfSignal(x);
        return x instanceof Expr.Op op && op.name() != null;
    }

    private String temp(Expr x) {
        if (x instanceof Expr.Case c) {
            String n = ns.claim("_T");
            temps.put(x, n);
            decls.add(new String[] {"reg " + sign(x.signed()) + range(x.width()), n + ";"});
            String body = caseBlock(n, "=", c, c.width(), 2);
            tempProcs.append("\n  always @(*) begin").append(comment(where(c.locator()))).append('\n').append(body).append("  end\n");
            return n;
        }
        return temp(x, render(x));
    }

    private String temp(Expr x, String text) {
        String hint = x instanceof Expr.Op op && op.name() != null ? op.name() : "_T";
        String n = ns.claim(hint);
        temps.put(x, n);
        decls.add(new String[] {"wire" + sign(x.signed()) + range(x.width()), n + ";"});
        assigns.append("  assign ").append(n).append(" = ").append(text).append(';').append(comment(where(locator(x)))).append('\n');
        return n;
    }

    /** Where a value was described, or null when the IR does not know. */
    private static Locator locator(Expr x) {
        return x.accept(LOCATOR);
    }

    private static final Expr.Visitor<Locator> LOCATOR = new Expr.Visitor<>() {
        @Override public Locator op(Expr.Op x) { return x.locator; }
        @Override public Locator mux(Expr.Mux x) { return x.locator(); }
        @Override public Locator caseOf(Expr.Case x) { return x.locator(); }
        @Override public Locator memRead(Expr.MemRead x) { return null; }
        @Override public Locator ref(Expr.Ref x) { return null; }
        @Override public Locator instRef(Expr.InstRef x) { return null; }
        @Override public Locator lit(Expr.Lit x) { return null; }
        @Override public Locator invalid(Expr.Invalid x) { return null; }
    };

    /** A temporary's own locator, else that of the statement it was first needed for. */
    private List<Locator> where(Locator own) {
        return own == null || own == Locator.UNKNOWN ? context : List.of(own);
    }

    /** A name for {@code x}, declaring a temporary if it is not one already (for bit selects). */
    private String named(Expr x) {
        if (x instanceof Expr.Ref || (x instanceof Expr.InstRef && instWires.containsKey(x))) return e(x);
        String t = temps.get(x);
        return t != null ? t : temp(x, render(x));
    }

    /** The text of a value, computed in place (a leaf: its name or literal). */
    private String render(Expr x) {
        return x.accept(inPlace);
    }

    private final Expr.Visitor<String> inPlace = new Expr.Visitor<>() {
        @Override public String ref(Expr.Ref x) { return e(x); }
        @Override public String instRef(Expr.InstRef x) { return e(x); }
        @Override public String lit(Expr.Lit x) { return e(x); }
        @Override public String invalid(Expr.Invalid x) { return e(x); }
        @Override public String memRead(Expr.MemRead r) { return r.memory().name() + "[" + e(r.address()) + "]"; }
        @Override public String caseOf(Expr.Case x) { return temp(x); }
        @Override public String op(Expr.Op op) { return renderOp(op); }

        @Override
        public String mux(Expr.Mux mux) {
            // A priority chain c0 ? a : c1 ? b : ... stays one expression, however long: when it
            // does not fit a line, one choice a line, rather than pieces cut out into anonymous
            // temporaries.
            int w = mux.width();
            List<String> links = new ArrayList<>();
            for (Expr.Mux link = mux; ; ) {
                links.add(e(link.cond()) + " ? " + paren(link.whenTrue(), ext(link.whenTrue(), w)) + " :");
                Expr f = link.whenFalse();
                if (!continuesChain(f, w)) {
                    links.add(ext(f, w));
                    break;
                }
                link = (Expr.Mux) f;
            }
            String line = String.join(" ", links);
            return line.length() <= MAX_INLINE ? line : String.join("\n      ", links);
        }
    };

    private String renderOp(Expr.Op op) {
        List<Expr> a = op.args;
        int w = op.width();
        switch (op.op) {
            case AND: case OR: case XOR: {
                // a | (b | (c | d)) is written a | b | c | d: the same bitwise operator on operands
                // of one width is associative, and a long chain wraps instead of being cut into
                // anonymous temporaries.
                List<String> terms = new ArrayList<>();
                flatten(op, op.op, w, terms);
                return wrap(terms, " " + op.op.symbol);
            }
            case ADD: case SUB: case ADD_EXPAND: case SUB_EXPAND: case MUL:
                return operand(a.get(0), w) + " " + op.op.symbol + " " + operand(a.get(1), w);
            case NOT:
                return "~" + paren(a.get(0), e(a.get(0)));
            case EQ: case NE: case LT: case LE: case GT: case GE: {
                int cw = Math.max(a.get(0).width(), a.get(1).width());
                return operand(a.get(0), cw) + " " + op.op.symbol + " " + operand(a.get(1), cw);
            }
            case ANDR: case ORR: case XORR:
                return op.op.symbol + paren(a.get(0), e(a.get(0)));
            case SHL:
                return op.n == 0 ? e(a.get(0)) : "{" + e(a.get(0)) + ", " + op.n + "'d0}";
            case SHR: {
                int aw = a.get(0).width();
                String bits;
                if (op.n >= aw) bits = a.get(0).signed() ? named(a.get(0)) + (aw == 1 ? "" : "[" + (aw - 1) + "]") : "1'd0";
                else bits = op.n == 0 ? e(a.get(0)) : slice(named(a.get(0)), aw, aw - 1, op.n);
                return a.get(0).signed() && op.n > 0 ? "$signed(" + bits + ")" : bits;
            }
            case DSHL:
                return operand(a.get(0), w) + (op.signed() ? " <<< " : " << ") + paren(a.get(1), e(a.get(1)));
            case DSHR:
                return paren(a.get(0), e(a.get(0))) + (op.signed() ? " >>> " : " >> ") + paren(a.get(1), e(a.get(1)));
            case CAT: {
                // fill(n, b): Verilog's replication, {n{b}}
                if (a.size() > 1 && a.stream().allMatch(a.get(0)::equals)) return "{" + a.size() + "{" + e(a.get(0)) + "}}";
                StringBuilder sb = new StringBuilder("{");
                for (int i = 0; i < a.size(); i++) sb.append(i == 0 ? "" : ", ").append(e(a.get(i)));
                return sb.append('}').toString();
            }
            case BITS:
                return slice(named(a.get(0)), a.get(0).width(), op.n, op.m);
            case PAD:
                return ext(a.get(0), w);
            case AS_UINT:
                return a.get(0).signed() ? "$unsigned(" + e(a.get(0)) + ")" : e(a.get(0));
            case AS_SINT:
                return "$signed(" + e(a.get(0)) + ")";
            default:
                throw new IllegalStateException(op.op.toString());
        }
    }

    /** The operands of a chain of {@code kind} operations {@code width} bits wide, in order. */
    private void flatten(Expr.Op op, tagmatch.hdl.ir.PrimOp kind, int width, List<String> terms) {
        for (Expr x : op.args) {
            if (x instanceof Expr.Op inner && inner.op == kind && inner.width() == width && inner.name() == null
                    && uses(inner) == 1 && !temps.containsKey(inner))
                flatten(inner, kind, width, terms);
            else
                terms.add(operand(x, width));
        }
    }

    /** Terms joined by {@code sep}, continued on a new line before a line grows past the inline limit. */
    private static String wrap(List<String> terms, String sep) {
        StringBuilder out = new StringBuilder(terms.get(0));
        int line = out.length();
        for (int i = 1; i < terms.size(); i++) {
            String t = terms.get(i);
            if (line + sep.length() + 1 + t.length() > MAX_INLINE) {
                out.append(sep).append("\n      ").append(t);
                line = 6 + t.length();
            } else {
                out.append(sep).append(' ').append(t);
                line += sep.length() + 1 + t.length();
            }
        }
        return out.toString();
    }

    /** Whether {@code f}, the else branch of a mux, is the next link of a chain written in place. */
    private boolean continuesChain(Expr f, int width) {
        return f instanceof Expr.Mux && f.width() == width && uses(f) == 1 && !temps.containsKey(f);
    }

    private String operand(Expr x, int width) {
        return paren(x, ext(x, width));
    }

    /** {@code x} extended to {@code width} bits: zero-extension for UInt, sign-extension for SInt. */
    private String ext(Expr x, int width) {
        int w = x.width();
        if (w == width) return e(x);
        if (x instanceof Expr.Lit l) {
            BigInteger v = l.value();
            if (l.signed() && v.testBit(w - 1)) v = v.add(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE.shiftLeft(w)));
            return lit(new Expr.Lit(v, width, l.signed(), null), width);
        }
        if (!x.signed()) return "{" + (width - w) + "'d0, " + e(x) + "}";
        String n = named(x);
        String msb = w == 1 ? n : n + "[" + (w - 1) + "]";
        return "$signed({{" + (width - w) + "{" + msb + "}}, " + n + "})";
    }

    private static String slice(String name, int width, int hi, int lo) {
        if (width == 1) return name;
        return hi == lo ? name + "[" + hi + "]" : name + "[" + hi + ":" + lo + "]";
    }

    /** Parenthesizes compound text used as an operand. */
    private String paren(Expr x, String text) {
        boolean primary = isLeaf(x) || temps.containsKey(x) || enclosed(text, 0, '{', '}')
                || text.startsWith("$") && enclosed(text, text.indexOf('('), '(', ')') || x instanceof Expr.MemRead
                || text.matches("[A-Za-z_][A-Za-z0-9_$]*(\\[[0-9:]+\\])?");
        return primary ? text : "(" + text + ")";
    }

    /**
     * Whether the bracket {@code open} at {@code from} closes at the very end of {@code text}: then
     * the text is one concatenation or one call, not an operator between two of them
     * ({@code $signed(a) < $signed(b)} starts with a call and ends with one).
     */
    static boolean enclosed(String text, int from, char open, char close) {
        if (from < 0 || text.charAt(from) != open || text.charAt(text.length() - 1) != close) return false;
        int depth = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == open) {
                depth++;
            } else if (c == close && --depth == 0) {
                return i == text.length() - 1;
            }
        }
        return false;
    }

    private String invert(Expr cond) {
        return "!" + paren(cond, e(cond));
    }

    private String lit(Expr.Lit l, int width) {
        if (l.label() != null && l.width() == width) return labelNames.get(labelKey(l));
        String n = number(l.value(), width);
        return l.signed() ? n.replace("'d", "'sd").replace("'h", "'sh") : n;
    }

    private String key(Expr.Lit l, int width) {
        return l.label() != null && l.width() == width ? labelNames.get(labelKey(l)) : number(l.value(), width);
    }

    static String number(BigInteger v, int width) {
        return v.compareTo(BigInteger.valueOf(1024)) < 0 ? width + "'d" + v : width + "'h" + v.toString(16);
    }

    /** {@code in[3]} or {@code in[7:4]}: as short as any name for it, so written in place however often it is read. */
    private static boolean isBitOfSignal(Expr x) {
        return x instanceof Expr.Op op && op.op == tagmatch.hdl.ir.PrimOp.BITS && op.name() == null && op.args.get(0) instanceof Expr.Ref;
    }

    private static boolean isLeaf(Expr x) {
        return tagmatch.hdl.ir.Exprs.isLeaf(x);
    }

    private int uses(Expr x) {
        return uses.getOrDefault(x, 0);
    }

    private void countUses() {
        List<Expr> roots = new ArrayList<>();
        for (Stmt s : m.body()) {
            if (s instanceof Stmt.Connect k) {
                roots.add(k.source());
                if (k.sink() instanceof Expr.InstRef) instDrivers.put(k.sink(), k.source());
            } else {
                roots.addAll(Exprs.exprsOf(s));
            }
        }
        for (Signal s : m.locals())
            if (s.kind() == Signal.Kind.REG && s.reset() != null) {
                if (!s.asyncReset()) roots.add(s.reset());
                roots.add(s.resetValue());
            }
        Map<Expr, Boolean> seen = new IdentityHashMap<>();
        for (Expr r : roots) count(r, seen);
    }

    private void count(Expr x, Map<Expr, Boolean> seen) {
        uses.merge(x, 1, Integer::sum);
        if (x instanceof Expr.InstRef) pinReads.merge(x, 1, Integer::sum);
        if (seen.put(x, Boolean.TRUE) != null) return;
        for (Expr c : Exprs.children(x)) count(c, seen);
    }

    private void collectLabels() {
        Map<Expr, Boolean> seen = new IdentityHashMap<>();
        List<Expr> roots = new ArrayList<>();
        for (Stmt s : m.body()) roots.addAll(Exprs.exprsOf(s));
        for (Signal s : m.locals()) if (s.resetValue() != null) roots.add(s.resetValue());
        for (Expr r : roots)
            Exprs.forEach(r, seen, node -> {
                if (node instanceof Expr.Lit l && l.label() != null) addLabel(l);
                if (node instanceof Expr.Case c) for (Expr.Lit k : c.keys()) if (k.label() != null) addLabel(k);
            });
    }

    /**
     * Named constants are one localparam per (name, value, width): two enums with a constant of
     * the same name in one module get {@code IDLE} and {@code IDLE_1}.
     */
    private void addLabel(Expr.Lit l) {
        String key = labelKey(l);
        if (!labels.containsKey(key)) {
            labelNames.put(key, ns.claim(l.label()));
            labels.put(key, l);
        }
    }

    private static String labelKey(Expr.Lit l) {
        return l.label() + '=' + l.value() + '/' + l.width();
    }

    // ---- layout ----------------------------------------------------------------------------------

    static String range(int width) {
        return width == 1 ? "" : " [" + (width - 1) + ":0]";
    }

    static String sign(boolean signed) {
        return signed ? " signed" : "";
    }

    static int column(List<String[]> rows) {
        int c = 0;
        for (String[] r : rows) if (r.length > 1) c = Math.max(c, r[0].length());
        return c + 1;
    }

    static String pad(String s, int col) {
        return s + " ".repeat(Math.max(1, col - s.length()));
    }

    /** {@code // @[File.java:12,15 Other.java:3]}, same file lines grouped. */
    static String comment(List<Locator> locs) {
        Map<String, List<Integer>> byFile = new LinkedHashMap<>();
        for (Locator l : locs) {
            if (l == null || l == Locator.UNKNOWN) continue;
            List<Integer> lines = byFile.computeIfAbsent(l.file(), f -> new ArrayList<>());
            if (!lines.contains(l.line())) lines.add(l.line());
        }
        if (byFile.isEmpty()) return "";
        StringBuilder sb = new StringBuilder(" // @[");
        boolean first = true;
        for (Map.Entry<String, List<Integer>> f : byFile.entrySet()) {
            if (!first) sb.append(' ');
            first = false;
            sb.append(f.getKey()).append(':');
            for (int i = 0; i < f.getValue().size(); i++) sb.append(i == 0 ? "" : ",").append(f.getValue().get(i));
        }
        return sb.append(']').toString();
    }
}
