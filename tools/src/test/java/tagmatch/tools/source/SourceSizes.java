package tagmatch.tools.source;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sizes the house rules bound in one Java source file: its lines, and each constructor's
 * (a constructor of any class the file declares, a record's compact one included), from its
 * declaration line to its closing brace.
 */
final class SourceSizes {
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|enum|record)\\s+([A-Z]\\w*)");

    private SourceSizes() {}

    /** One constructor: the class, the line it starts on (1-based) and how many lines it spans. */
    record Constructor(String type, int line, int lines) {}

    static int lines(String source) {
        return (int) source.lines().count();
    }

    static List<Constructor> constructors(String source) {
        String[] text = code(source).split("\n", -1);
        Set<String> types = new LinkedHashSet<>();
        for (String l : text) {
            Matcher m = DECLARATION.matcher(l);
            while (m.find()) types.add(m.group(1));
        }
        List<Constructor> out = new ArrayList<>();
        for (String type : types) {
            Pattern start = Pattern.compile("^\\s*(?:(?:public|protected|private)\\s+)?" + type + "\\s*(?:\\(|\\{)");
            for (int i = 0; i < text.length; i++) {
                if (!start.matcher(text[i]).find()) continue;
                int end = closingLine(text, i);
                if (end >= 0) out.add(new Constructor(type, i + 1, end - i + 1));
            }
        }
        return out;
    }

    /** The line of the brace that closes the first block opened at or after line {@code from}, or -1 if it is a declaration without a body. */
    private static int closingLine(String[] text, int from) {
        int depth = 0;
        boolean opened = false;
        for (int i = from; i < text.length; i++) {
            for (char c : text[i].toCharArray()) {
                if (c == ';' && !opened) return -1;
                if (c == '{') {
                    depth++;
                    opened = true;
                } else if (c == '}') {
                    depth--;
                    if (opened && depth == 0) return i;
                }
            }
        }
        return -1;
    }

    /** The source with comments, string and character literals blanked (line breaks kept), so that braces in them do not count. */
    static String code(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n') i++;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
                for (int k = i; k < end; k++) if (s.charAt(k) == '\n') out.append('\n');
                i = end;
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? s.length() : end + 3;
                for (int k = i; k < end; k++) if (s.charAt(k) == '\n') out.append('\n');
                out.append("\"\"");
                i = end;
            } else if (c == '"' || c == '\'') {
                int k = i + 1;
                while (k < s.length() && s.charAt(k) != c && s.charAt(k) != '\n') k += s.charAt(k) == '\\' ? 2 : 1;
                out.append(c).append(c);
                i = Math.min(k + 1, s.length());
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
