package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.Exprs;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.PrimOp;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the values of one module as Verilog expressions, declaring the temporaries they need.
 *
 * <p>Width safety: Verilog sizes expressions from their context, which silently keeps carries
 * that the DSL's wrapping operators drop. Every operand is therefore extended explicitly to its
 * operator's width (zero- or sign-extension by concatenation), so no implicit extension ever
 * happens and any subexpression can be inlined. Values used more than once, values the user
 * named, {@code case} choices and overly long expressions get a declared temporary instead.
 */
final class ExpressionWriter {
    private static final int MAX_INLINE = 90;

    private final Namespace ns;
    private final UseCounts uses;
    private final Labels labels;
    private final InstancePins pins;
    private final Map<Expr, String> temps = new IdentityHashMap<>();
    /** Where the statement being written was described: the locator of temporaries without their own. */
    private List<Locator> context = List.of();
    /** Where temporaries are declared and assigned; the formal section swaps in a body of its own. */
    ModuleBody out = ModuleBody.empty();

    ExpressionWriter(Namespace ns, UseCounts uses, Labels labels, InstancePins pins) {
        this.ns = ns;
        this.uses = uses;
        this.labels = labels;
        this.pins = pins;
    }

    /** Sets where the statement being written was described. */
    void context(List<Locator> where) {
        context = where;
    }

    /** Whether {@code x} has a name already. */
    boolean isNamed(Expr x) {
        return temps.containsKey(x);
    }

    /** Reads {@code x} through {@code wire}, declared elsewhere. */
    void nameAs(Expr x, String wire) {
        temps.put(x, wire);
    }

    /** Declares a value the user named, with its own locator, unless it has a name already. */
    void declare(Expr.Op op) {
        if (temps.containsKey(op)) return;
        context = List.of(op.locator);
        temp(op);
    }

    /** A case needs its own {@code always} block, and a value the user named keeps that name. */
    static boolean needsOwnName(Expr x) {
        return x instanceof Expr.Case || x instanceof Expr.Op op && op.name() != null;
    }

    /** An expression driving a sink of {@code width} bits, widened if narrower. */
    String root(Expr x, int width) {
        if (x.width() == width) return rootText(x);
        return ext(x, width);
    }

    private String rootText(Expr x) {
        if (Exprs.isLeaf(x) || temps.containsKey(x) || needsTemp(x)) return e(x);
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
            String w = pins.wire(x);
            return w != null ? w : e(uses.driver(x));
        }

        @Override public String lit(Expr.Lit l) { return ExpressionWriter.this.lit(l, l.width()); }
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
        if (uses.of(x) > 1) return !isBitOfSignal(x);
        return x instanceof Expr.Op op && op.name() != null;
    }

    private String temp(Expr x) {
        if (x instanceof Expr.Case c) {
            String n = ns.claim("_T");
            temps.put(x, n);
            out.decls().add(new String[] {"reg " + VerilogText.sign(x.signed()) + VerilogText.range(x.width()), n + ";"});
            String body = caseBlock(n, "=", c, c.width(), 2);
            out.tempProcs().append("\n  always @(*) begin").append(VerilogText.comment(where(c.locator()))).append('\n').append(body).append("  end\n");
            return n;
        }
        return temp(x, render(x));
    }

    private String temp(Expr x, String text) {
        String hint = x instanceof Expr.Op op && op.name() != null ? op.name() : "_T";
        String n = ns.claim(hint);
        temps.put(x, n);
        out.decls().add(new String[] {"wire" + VerilogText.sign(x.signed()) + VerilogText.range(x.width()), n + ";"});
        out.assigns().append("  assign ").append(n).append(" = ").append(text).append(';').append(VerilogText.comment(where(locator(x)))).append('\n');
        return n;
    }

    /**
     * The lines of a {@code case} on {@code c}'s selector, each choice assigning {@code target}
     * with {@code op} ({@code =} or {@code <=}), indented {@code depth} levels.
     */
    String caseBlock(String target, String op, Expr.Case c, int width, int depth) {
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
    String named(Expr x) {
        if (x instanceof Expr.Ref || (x instanceof Expr.InstRef && pins.wire(x) != null)) return e(x);
        String t = temps.get(x);
        return t != null ? t : temp(x, render(x));
    }

    /** The text of a value, computed in place (a leaf: its name or literal). */
    String render(Expr x) {
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
    private void flatten(Expr.Op op, PrimOp kind, int width, List<String> terms) {
        for (Expr x : op.args) {
            if (x instanceof Expr.Op inner && inner.op == kind && inner.width() == width && inner.name() == null
                    && uses.of(inner) == 1 && !temps.containsKey(inner))
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
        return f instanceof Expr.Mux && f.width() == width && uses.of(f) == 1 && !temps.containsKey(f);
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
        boolean primary = Exprs.isLeaf(x) || temps.containsKey(x) || enclosed(text, 0, '{', '}')
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

    String invert(Expr cond) {
        return "!" + paren(cond, e(cond));
    }

    private String lit(Expr.Lit l, int width) {
        if (Labels.named(l, width)) return labels.name(l);
        String n = VerilogText.number(l.value(), width);
        return l.signed() ? n.replace("'d", "'sd").replace("'h", "'sh") : n;
    }

    private String key(Expr.Lit l, int width) {
        return Labels.named(l, width) ? labels.name(l) : VerilogText.number(l.value(), width);
    }

    /** {@code in[3]} or {@code in[7:4]}: as short as any name for it, so written in place however often it is read. */
    private static boolean isBitOfSignal(Expr x) {
        return x instanceof Expr.Op op && op.op == PrimOp.BITS && op.name() == null && op.args.get(0) instanceof Expr.Ref;
    }
}
