package tagmatch.hdl.backend;

import java.util.Comparator;

/**
 * Orders names the way people read them: runs of digits compare as numbers, so {@code l2_x}
 * comes before {@code l10_x} and {@code block_1} before {@code block_19}. Names equal as numbers
 * ({@code x_01}, {@code x_1}) fall back to plain string order, so the order is total.
 */
final class NaturalOrder implements Comparator<String> {
    static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {}

    @Override
    public int compare(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i), y = b.charAt(j);
            if (isDigit(x) && isDigit(y)) {
                int ei = digitsEnd(a, i), ej = digitsEnd(b, j);
                int c = compareNumbers(a.substring(i, ei), b.substring(j, ej));
                if (c != 0) return c;
                i = ei;
                j = ej;
            } else {
                if (x != y) return Character.compare(x, y);
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        int k = from;
        while (k < s.length() && isDigit(s.charAt(k))) k++;
        return k;
    }

    /** Decimal digit strings by value, without overflow: strip leading zeros, then length, then text. */
    private static int compareNumbers(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", ""), y = b.replaceFirst("^0+(?=.)", "");
        if (x.length() != y.length()) return Integer.compare(x.length(), y.length());
        return x.compareTo(y);
    }
}
