package tagmatch.bench;

import java.util.Arrays;

/** The median of repeated measurements: the middle one, or the mean of the middle two. */
public final class Median {
    private Median() {}

    public static double of(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
