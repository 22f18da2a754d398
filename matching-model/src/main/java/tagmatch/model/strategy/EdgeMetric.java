package tagmatch.model.strategy;

import java.util.Arrays;

/**
 * Seed 004 section 4.1: how the edge point (the threshold a process's queue-element count must
 * exceed to become a partner) is computed from the counts of all processes.
 */
public enum EdgeMetric {
    AVERAGE, MEDIAN, UPPER_FENCE;

    /** The edge point of {@code counts}; {@code alpha} is the upper-fence coefficient (Q3 + alpha (Q3 - Q1)). */
    public double edge(long[] counts, double alpha) {
        if (counts.length == 0) return Double.POSITIVE_INFINITY;
        long[] c = counts.clone();
        Arrays.sort(c);
        switch (this) {
            case AVERAGE: {
                double sum = 0;
                for (long v : c) sum += v;
                return sum / c.length;
            }
            case MEDIAN:
                return quantile(c, 0.5);
            case UPPER_FENCE: {
                double q1 = quantile(c, 0.25);
                double q3 = quantile(c, 0.75);
                return q3 + alpha * (q3 - q1);
            }
            default:
                throw new IllegalStateException(name());
        }
    }

    /** Linear-interpolated quantile of sorted values. */
    private static double quantile(long[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /** Parses {@code average}, {@code median} or {@code upper-fence}. */
    public static EdgeMetric parse(String text) {
        switch (text) {
            case "average": return AVERAGE;
            case "median": return MEDIAN;
            case "upper-fence": return UPPER_FENCE;
            default:
                throw new IllegalArgumentException("edge metric = '" + text
                        + "' is unknown: legal values are average, median, upper-fence");
        }
    }
}
