package tagmatch.eda.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the store holds for a list of tasks once a sweep ends: how many passed, and which were
 * skipped, failed (with the first line of their message) or have no line at all.
 */
public record SweepOutcome(int tasks, int passed, List<String> skipped, List<String> failed, List<String> missing) {
    /** Missing tasks named at most; the rest are counted. */
    private static final int MISSING_SHOWN = 20;

    public static SweepOutcome of(ResultStore store, List<Task> tasks) {
        int pass = 0;
        List<String> skipped = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Task t : tasks) {
            var l = store.read(t.key());
            if (l.isEmpty()) missing.add(t.key());
            else if (l.get().verdict() == TaskVerdict.PASS) pass++;
            else if (l.get().verdict() == TaskVerdict.SKIP) skipped.add(t.key() + " (" + firstLine(l.get().message()) + ")");
            else failed.add(t.key() + " (" + l.get().verdict().name().toLowerCase(Locale.ROOT) + ": " + firstLine(l.get().message()) + ")");
        }
        return new SweepOutcome(tasks.size(), pass, List.copyOf(skipped), List.copyOf(failed), List.copyOf(missing));
    }

    /** Every task passed or was skipped, and none is missing. */
    public boolean succeeded() {
        return failed.isEmpty() && missing.isEmpty();
    }

    /** The closing lines of {@code tagmatch sweep}: the counts, then each task that did not pass. */
    public String text(long seconds, Path dir) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("sweep: %d of %d tasks pass, %s%d failed, %d missing, %d s; results in %s (tagmatch sweep report %s)%n", passed,
                tasks, skipped.isEmpty() ? "" : skipped.size() + " skipped, ", failed.size(), missing.size(), seconds,
                dir.resolve("results"), dir));
        for (String k : skipped) sb.append("  skipped: ").append(k).append(System.lineSeparator());
        for (String f : failed) sb.append("  failed: ").append(f).append(System.lineSeparator());
        for (String m : missing.subList(0, Math.min(missing.size(), MISSING_SHOWN))) sb.append("  missing: ").append(m).append(System.lineSeparator());
        if (missing.size() > MISSING_SHOWN) sb.append("  ... and ").append(missing.size() - MISSING_SHOWN).append(" more missing").append(System.lineSeparator());
        if (!failed.isEmpty()) sb.append("  (--retry-failed runs the failed ones again)").append(System.lineSeparator());
        return sb.toString();
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
