package tagmatch.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fast path of {@link DumpiReader}: parses one record in the form the tracers print it
 * (exact spacing, one parameter per line, no PAPI counters) by hand, character by character,
 * about ten times faster than the ANTLR parser.
 *
 * <p>Why it is safe: {@code Dumpi.g4} stays the grammar of record. This parser accepts a strict
 * subset of what the grammar accepts and builds the same {@link DumpiRecord}; on anything it is
 * not sure of (other spacing, 2-D arrays broken over lines, counters, a malformed line, a
 * number that does not fit) it returns {@code null} and the reader hands the record to the
 * grammar, which parses it or reports the error. {@code FastRecordParserTest} checks the two
 * agree record by record on every committed trace.
 */
final class FastRecordParser {
    /** Lexer keywords that the grammar's {@code type=ID} cannot be. */
    private static final Set<String> KEYWORDS = Set.of("entering", "returning", "at", "walltime", "cputime", "seconds", "in",
            "thread", "called", "times", "and", "ignored", "Total", "keyvals", "Performance", "counters", "Perfcounters",
            "Datatype", "has", "size");
    /** Keywords the grammar's {@code name} rule does not take. */
    private static final Set<String> NOT_NAMES = Set.of("entering", "returning", "at", "Perfcounters");
    private static final String AT_WALLTIME = " at walltime ";
    private static final String CPUTIME = ", cputime ";
    private static final String IN_THREAD = " seconds in thread ";

    /** The line being scanned and the position in it. */
    private String s;
    private int i;

    /** The parts of an entering or returning line. */
    private record CallLine(String call, long wall, long cpu, int thread) {}

    /**
     * {@code lines}: the record's lines, the entering line first, the returning line last;
     * {@code firstLine}: the entering line's number in the file. {@code null}: ask the grammar.
     */
    DumpiRecord parse(List<String> lines, int firstLine) {
        int n = lines.size();
        if (n < 2) return null;
        CallLine enter = callLine(lines.get(0), "entering");
        CallLine leave = callLine(lines.get(n - 1), "returning");
        if (enter == null || leave == null || !enter.call.equals(leave.call)) return null;
        List<DumpiParam> params = new ArrayList<>(n - 2);
        for (int k = 1; k < n - 1; k++) {
            DumpiParam p = param(lines.get(k));
            if (p == null) return null;
            params.add(p);
        }
        return new DumpiRecord(enter.call, firstLine, enter.wall, leave.wall, enter.cpu, enter.thread, params);
    }

    /** {@code MPI_X entering at walltime 1.000000000, cputime 0.000000000 seconds in thread 0.} */
    private CallLine callLine(String line, String word) {
        s = line;
        i = 0;
        String call = identifier();
        if (call == null || !s.startsWith(word, i + 1) || s.charAt(i) != ' ') return null;
        i += 1 + word.length();
        if (!skip(AT_WALLTIME)) return null;
        long wall = time();
        if (wall < 0 || !skip(CPUTIME)) return null;
        long cpu = time();
        if (cpu < 0 || !skip(IN_THREAD)) return null;
        int start = i;
        while (i < s.length() && isDigit(s.charAt(i))) i++;
        if (i == start || i - start > 9 || i != s.length() - 1 || s.charAt(i) != '.') return null;
        return new CallLine(call, wall, cpu, Integer.parseInt(s, start, i, 10));
    }

    /** {@code 1296777956.737669000} in nanoseconds, as the grammar path reads it; -1 if not in that form. */
    private long time() {
        int start = i;
        while (i < s.length() && isDigit(s.charAt(i))) i++;
        int intDigits = i - start;
        if (intDigits == 0 || intDigits > 9 + 1 || i >= s.length() || s.charAt(i) != '.') return -1;
        long seconds = Long.parseLong(s, start, i, 10);
        i++;
        int fracStart = i;
        long frac = 0;
        while (i < s.length() && isDigit(s.charAt(i))) {
            if (i - fracStart < 9) frac = frac * 10 + (s.charAt(i) - '0');
            i++;
        }
        int fracDigits = i - fracStart;
        if (fracDigits == 0) return -1;
        for (int k = fracDigits; k < 9; k++) frac *= 10;
        return seconds * 1_000_000_000L + frac;
    }

    /** {@code TYPE NAME[D]...=VALUE} */
    private DumpiParam param(String line) {
        s = line;
        i = 0;
        String type = identifier();
        if (type == null || KEYWORDS.contains(type) || !skip(" ")) return null;
        String name = identifier();
        if (name == null || NOT_NAMES.contains(name)) return null;
        List<Integer> dims = new ArrayList<>(1);
        while (i < s.length() && s.charAt(i) == '[') {
            i++;
            int start = i;
            if (i < s.length() && s.charAt(i) == '-') i++;
            int digits = i;
            while (i < s.length() && isDigit(s.charAt(i))) i++;
            if (i == digits || i - digits > 9 || !skip("]")) return null;
            dims.add(Integer.parseInt(s, start, i - 1, 10));
        }
        if (!skip("=")) return null;
        DumpiValue value;
        if (skip("<IGNORED>")) {
            value = new DumpiValue.Ignored();
        } else if (i < s.length() && s.charAt(i) == '[') {
            value = list();
        } else {
            value = scalar();
        }
        if (value == null) return null;
        skipSpace();
        return i == s.length() ? new DumpiParam(type, name, dims, value) : null;
    }

    /** {@code [item, item]} on one line. */
    private DumpiValue.Items list() {
        i++; // '['
        List<DumpiValue> items = new ArrayList<>();
        skipSpace();
        if (skip("]")) return new DumpiValue.Items(items);
        while (true) {
            skipSpace();
            DumpiValue item;
            char c = i < s.length() ? s.charAt(i) : 0;
            if (c == '[') item = list();
            else if (c == '{') item = status();
            else item = scalar();
            if (item == null) return null;
            items.add(item);
            skipSpace();
            if (skip("]")) return new DumpiValue.Items(items);
            if (!skip(",")) return null;
        }
    }

    /** {@code {bytes=4, cancelled=0, source=1, tag=5, error=0}} */
    private DumpiValue.Status status() {
        i++; // '{'
        Map<String, Long> fields = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            String name = identifier();
            if (name == null || NOT_NAMES.contains(name)) return null;
            skipSpace();
            if (!skip("=")) return null;
            skipSpace();
            int start = i;
            if (!integer()) return null;
            fields.put(name, Long.parseLong(s, start, i, 10));
            skipSpace();
            if (skip("}")) return new DumpiValue.Status(fields);
            if (!skip(",")) return null;
        }
    }

    /** An integer, decimal or quoted string, then DUMPI's name for it: {@code 2 (MPI_COMM_WORLD)}. */
    private DumpiValue.Scalar scalar() {
        if (i >= s.length()) return null;
        String text;
        if (s.charAt(i) == '"') {
            int close = s.indexOf('"', i + 1);
            if (close < 0) return null;
            text = s.substring(i + 1, close);
            i = close + 1;
        } else {
            int start = i;
            if (!integer()) return null;
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                int frac = i;
                while (i < s.length() && isDigit(s.charAt(i))) i++;
                if (i == frac) return null;
            }
            text = s.substring(start, i);
            // a number running into letters lexes as two tokens: the grammar rejects it
            if (i < s.length() && isIdentifierChar(s.charAt(i))) return null;
        }
        String annotation = null;
        int save = i;
        skipSpace();
        if (i < s.length() && s.charAt(i) == '(') {
            int close = i + 1;
            while (close < s.length() && s.charAt(close) != ')' && s.charAt(close) != '(') close++;
            if (close >= s.length() || s.charAt(close) != ')') return null;
            annotation = s.substring(i + 1, close);
            i = close + 1;
        } else {
            i = save;
        }
        return new DumpiValue.Scalar(text, annotation);
    }

    /** {@code -?[0-9]+}, fitting a long. */
    private boolean integer() {
        int start = i;
        if (i < s.length() && s.charAt(i) == '-') i++;
        int digits = i;
        while (i < s.length() && isDigit(s.charAt(i))) i++;
        if (i == digits || i - digits > 18) {
            i = start;
            return false;
        }
        return true;
    }

    private String identifier() {
        int start = i;
        if (i >= s.length() || !isIdentifierStart(s.charAt(i))) return null;
        i++;
        while (i < s.length() && isIdentifierChar(s.charAt(i))) i++;
        return s.substring(start, i);
    }

    private boolean skip(String word) {
        if (!s.startsWith(word, i)) return false;
        i += word.length();
        return true;
    }

    private void skipSpace() {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) i++;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierStart(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_';
    }

    private static boolean isIdentifierChar(char c) {
        return isIdentifierStart(c) || isDigit(c);
    }
}
