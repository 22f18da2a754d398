package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Check;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A property as written in generated Verilog, recovered from its line: Verilator (an assertion
 * failure names the Verilog line) and yosys-smtbmc (a failed assertion names the cell's source
 * span) point at a line of the text {@link FormalSection} wrote, and this turns it back into the
 * property's kind, Java source line and message.
 */
public record CheckSite(Check.Kind kind, String source, String message, boolean clocked) {
    private static final Pattern LINE = Pattern.compile(
            "^\\s*(?:if \\(\\w+\\) )?(assert|assume|cover) \\(\\w+\\); // @\\[([^\\]]*)\\] (.*)$");

    /** The property on {@code line} (1-based) of {@code verilog}, if that line holds one. */
    public static Optional<CheckSite> at(String verilog, int line) {
        if (line < 1) return Optional.empty();
        String[] lines = verilog.split("\n", -1);
        if (line > lines.length) return Optional.empty();
        boolean clocked = line >= 2 && lines[line - 2].contains("always @(posedge ");
        return parse(lines[line - 1]).map(s -> new CheckSite(s.kind, s.source, s.message, clocked));
    }

    /** The property written on one line of Verilog, if it is one (its clocking is not on that line). */
    public static Optional<CheckSite> parse(String verilogLine) {
        Matcher m = LINE.matcher(verilogLine);
        if (!m.matches()) return Optional.empty();
        Check.Kind kind = Check.Kind.valueOf(m.group(1).toUpperCase(java.util.Locale.ROOT));
        return Optional.of(new CheckSite(kind, m.group(2), m.group(3), false));
    }

    /** The site of {@code check} as the emitter writes it: its locator is the source. */
    public static CheckSite of(Check check) {
        String comment = VerilogText.comment(java.util.List.of(check.locator()));
        String source = comment.isEmpty() ? "" : comment.substring(" // @[".length(), comment.length() - 1);
        return new CheckSite(check.kind(), source, check.message(), check.clock() != null);
    }

    /** {@code assert "count stays within the limit" @[Counter.java:26]}. */
    public String describe() {
        return kind.keyword + " \"" + message + "\" @[" + source + "]";
    }
}
