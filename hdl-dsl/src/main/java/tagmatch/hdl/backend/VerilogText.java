package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Locator;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small text forms every part of a written module shares: a declaration's sign and range,
 * a sized number, the locator comment, and declarations aligned in two columns.
 */
final class VerilogText {
    private VerilogText() {}

    static String range(int width) {
        return width == 1 ? "" : " [" + (width - 1) + ":0]";
    }

    static String sign(boolean signed) {
        return signed ? " signed" : "";
    }

    static String number(BigInteger v, int width) {
        return v.compareTo(BigInteger.valueOf(1024)) < 0 ? width + "'d" + v : width + "'h" + v.toString(16);
    }

    /** The column the second part of each two-part row starts at. */
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
