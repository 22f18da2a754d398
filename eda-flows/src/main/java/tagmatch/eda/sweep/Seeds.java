package tagmatch.eda.sweep;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** {@code --seeds}: comma-separated seeds and ranges ({@code 1..100,7000}), in the order given, without repeats. */
public final class Seeds {
    /** At most this many seeds in one sweep: each is a task per configuration. */
    static final long MAX = 1_000_000;

    private Seeds() {}

    public static List<Long> parse(String text) {
        LinkedHashSet<Long> out = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            try {
                int dots = p.indexOf("..");
                if (dots < 0) {
                    out.add(Long.parseLong(p));
                } else {
                    long a = Long.parseLong(p.substring(0, dots).trim());
                    long b = Long.parseLong(p.substring(dots + 2).trim());
                    if (b < a) throw new IllegalArgumentException("must list seeds or ranges a..b with a <= b, got '" + text + "'");
                    if (b - a >= MAX) throw new IllegalArgumentException("must hold at most " + MAX + " seeds, got '" + text + "'");
                    for (long s = a; s <= b; s++) out.add(s);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("must list whole-number seeds or ranges a..b (e.g. 1..8,42), got '" + text + "'", e);
            }
            if (out.size() > MAX) throw new IllegalArgumentException("must hold at most " + MAX + " seeds, got '" + text + "'");
        }
        return new ArrayList<>(out);
    }

    /** The shortest form: runs of consecutive seeds as ranges. */
    public static String format(List<Long> seeds) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < seeds.size()) {
            int j = i;
            while (j + 1 < seeds.size() && seeds.get(j + 1) == seeds.get(j) + 1) j++;
            if (sb.length() > 0) sb.append(',');
            sb.append(seeds.get(i));
            if (j > i) sb.append("..").append(seeds.get(j));
            i = j + 1;
        }
        return sb.toString();
    }
}
