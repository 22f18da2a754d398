package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.Signal;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A module's named constants, written as localparams: one per (name, value, width), so two
 * enums with a constant of the same name in one module get {@code IDLE} and {@code IDLE_1}.
 */
final class Labels {
    private final Map<String, Expr.Lit> labels = new LinkedHashMap<>();
    private final Map<String, String> names = new HashMap<>();

    Labels(ModuleDef m, Namespace ns) {
        Map<Expr, Boolean> seen = new IdentityHashMap<>();
        List<Expr> roots = new ArrayList<>();
        for (Stmt s : m.body()) roots.addAll(Exprs.exprsOf(s));
        for (Signal s : m.locals()) if (s.resetValue() != null) roots.add(s.resetValue());
        for (Expr r : roots)
            Exprs.forEach(r, seen, node -> {
                if (node instanceof Expr.Lit l && l.label() != null) add(l, ns);
                if (node instanceof Expr.Case c) for (Expr.Lit k : c.keys()) if (k.label() != null) add(k, ns);
            });
    }

    private void add(Expr.Lit l, Namespace ns) {
        String key = key(l);
        if (!labels.containsKey(key)) {
            names.put(key, ns.claim(l.label()));
            labels.put(key, l);
        }
    }

    private static String key(Expr.Lit l) {
        return l.label() + '=' + l.value() + '/' + l.width();
    }

    /** Whether {@code l} is written as its localparam: a labelled constant at its own width. */
    static boolean named(Expr.Lit l, int width) {
        return l.label() != null && l.width() == width;
    }

    String name(Expr.Lit l) {
        return names.get(key(l));
    }

    /** The localparam declarations, by value. */
    List<String[]> declarations() {
        List<String[]> out = new ArrayList<>();
        for (Map.Entry<String, Expr.Lit> l : labels.entrySet().stream().sorted(Map.Entry.comparingByValue(
                Comparator.comparing(Expr.Lit::value))).toList())
            out.add(new String[] {"localparam" + VerilogText.range(l.getValue().width()),
                    names.get(l.getKey()) + " = " + VerilogText.number(l.getValue().value(), l.getValue().width()) + ";"});
        return out;
    }
}
