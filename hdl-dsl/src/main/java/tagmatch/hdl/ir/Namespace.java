package tagmatch.hdl.ir;

import java.util.HashSet;
import java.util.Set;

/**
 * The names taken in one Verilog scope. Hands out legal, unique identifiers: illegal characters
 * become {@code _}, Verilog keywords and taken names get a {@code _1}, {@code _2}... suffix.
 */
public final class Namespace {
    private static final Set<String> KEYWORDS = Set.of(
            "always", "and", "assign", "automatic", "begin", "buf", "bufif0", "bufif1", "case", "casex", "casez", "cell",
            "cmos", "config", "deassign", "default", "defparam", "design", "disable", "edge", "else", "end", "endcase",
            "endconfig", "endfunction", "endgenerate", "endmodule", "endprimitive", "endspecify", "endtable", "endtask",
            "event", "for", "force", "forever", "fork", "function", "generate", "genvar", "highz0", "highz1", "if",
            "ifnone", "incdir", "include", "initial", "inout", "input", "instance", "integer", "join", "large",
            "liblist", "library", "localparam", "macromodule", "medium", "module", "nand", "negedge", "nmos", "nor",
            "noshowcancelled", "not", "notif0", "notif1", "or", "output", "parameter", "pmos", "posedge", "primitive",
            "pull0", "pull1", "pulldown", "pullup", "pulsestyle_ondetect", "pulsestyle_onevent", "rcmos", "real",
            "realtime", "reg", "release", "repeat", "rnmos", "rpmos", "rtran", "rtranif0", "rtranif1", "scalared",
            "showcancelled", "signed", "small", "specify", "specparam", "strong0", "strong1", "supply0", "supply1",
            "table", "task", "time", "tran", "tranif0", "tranif1", "tri", "tri0", "tri1", "triand", "trior", "trireg",
            "unsigned", "use", "uwire", "vectored", "wait", "wand", "weak0", "weak1", "while", "wire", "wor", "xnor", "xor",
            // SystemVerilog keywords that Verilator and yosys reserve even in Verilog mode
            "bit", "byte", "logic", "int", "shortint", "longint", "type", "string", "struct", "union", "enum",
            "interface", "package", "import", "export", "class", "virtual", "const", "static", "void", "return",
            "break", "continue", "do", "final", "priority", "unique", "property", "sequence", "assert", "assume",
            "cover", "bind", "chandle", "clocking", "program", "ref", "var", "alias", "before", "context", "dist",
            "expect", "extends", "first_match", "foreach", "iff", "inside", "intersect", "join_any", "join_none",
            "local", "matches", "modport", "new", "null", "packed", "protected", "pure", "rand", "randc", "randcase",
            "randsequence", "solve", "super", "tagged", "this", "throughout", "timeprecision", "timeunit", "wait_order",
            "wildcard", "with", "within");

    private final Set<String> taken = new HashSet<>();
    /** Next suffix to try per base name, so that claiming "_T" n times costs O(n), not O(n^2). */
    private final java.util.Map<String, Integer> nextSuffix = new java.util.HashMap<>();

    /** A legal identifier close to {@code wanted}, not yet taken, now reserved. */
    public String claim(String wanted) {
        String base = sanitize(wanted);
        String n = base;
        int k = nextSuffix.getOrDefault(base, 1);
        if (taken.contains(n) || KEYWORDS.contains(n)) {
            do n = base + "_" + k++; while (taken.contains(n) || KEYWORDS.contains(n));
            nextSuffix.put(base, k);
        }
        taken.add(n);
        return n;
    }

    /** Whether {@code name} can be used as is: an identifier and no Verilog/SystemVerilog keyword. */
    public static boolean isLegalIdentifier(String name) {
        return name != null && name.matches("[A-Za-z_][A-Za-z0-9_]*") && !KEYWORDS.contains(name);
    }

    public boolean isTaken(String name) {
        return taken.contains(name);
    }

    static String sanitize(String s) {
        if (s == null || s.isEmpty()) return "_GEN";
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) sb.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' ? c : '_');
        if (Character.isDigit(sb.charAt(0))) sb.insert(0, '_');
        return sb.toString();
    }
}
