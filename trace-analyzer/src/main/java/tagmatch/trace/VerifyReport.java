package tagmatch.trace;

import java.util.List;
import java.util.Locale;
import tagmatch.trace.StatusVerifier.Agreement;

/** The text {@code trace verify} prints: the agreement table, then every receive that does not agree. */
final class VerifyReport {
    private VerifyReport() {}

    /** One row per trace: determined and order-dependent receives, and what became of the disagreements. */
    static String table(List<StatusVerifier.Report> reports) {
        StringBuilder sb = new StringBuilder();
        String head = "%-24s %5s %9s %19s %19s %9s %8s %11s %8s %9s %6s %6s%n";
        String row = "%-24s %5d %9d %19s %19s %9d %8d %11d %8d %9d %6d %6d%n";
        sb.append(String.format(Locale.ROOT, head, "trace", "ranks", "receives", "determined agree", "order-dep. agree",
                "ambiguous", "follows", "unexplained", "any-src", "cancelled", "open", "sizes"));
        for (StatusVerifier.Report r : reports) {
            long unexplained = r.failures();
            sb.append(String.format(Locale.ROOT, row, r.trace(), r.ranks(), r.receives(true) + r.receives(false),
                    r.count(true, Agreement.AGREE) + " / " + r.receives(true), r.count(false, Agreement.AGREE) + " / " + r.receives(false),
                    r.count(false, Agreement.AMBIGUOUS), r.count(false, Agreement.FOLLOWS), unexplained, r.anySource(), r.cancelled(), r.open(),
                    r.sizesChecked()));
        }
        return sb.toString();
    }

    /** Up to {@code max} receives of {@code r} that do not agree, one line each. */
    static String cases(StatusVerifier.Report r, int max) {
        StringBuilder sb = new StringBuilder();
        List<StatusVerifier.Case> cases = r.cases();
        if (cases.isEmpty()) return "";
        sb.append(String.format(Locale.ROOT, "%n%s: %d receive%s not agreeing (times from the trace's first operation)%n", r.trace(), cases.size(),
                cases.size() == 1 ? "" : "s"));
        for (int i = 0; i < cases.size() && i < max; i++) sb.append(line(r, cases.get(i))).append('\n');
        if (cases.size() > max) sb.append(String.format(Locale.ROOT, "  ... %d more (--max-cases)%n", cases.size() - max));
        return sb.toString();
    }

    private static String line(StatusVerifier.Report r, StatusVerifier.Case c) {
        return String.format(Locale.ROOT, "  %s rank %d comm %d %s line %d (source %s, tag %s, posted %s): Open MPI %s; reference %s: %s",
                c.verdict(), c.rank(), c.comm(), c.call(), c.line(), wild(c.source(), "ANY_SOURCE"), wild(c.tag(), "ANY_TAG"),
                r.time(c.postedNanos()), message(r, c.openMpi()), message(r, c.reference()), c.why());
    }

    private static String message(StatusVerifier.Report r, StatusVerifier.Message m) {
        if (m == null) return "nothing";
        return String.format(Locale.ROOT, "rank %d's send at line %d (tag %d, %s, sent %s)", m.sender(), m.line(), m.tag(),
                m.bytes() < 0 ? "size unknown" : m.bytes() + " B", r.time(m.sentNanos()));
    }

    private static String wild(int v, String name) {
        return v == -1 ? name : Integer.toString(v);
    }
}
