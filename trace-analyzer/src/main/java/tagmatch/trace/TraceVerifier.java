package tagmatch.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code verify(traces)}: for every receive that completed in a trace, the message the reference
 * matcher gives it against the {@code MPI_Status} the MPI library recorded
 * ({@link StatusVerifier}); and the text of {@code tagmatch trace verify}.
 */
public final class TraceVerifier {
    private TraceVerifier() {}

    /** One report per trace, in order. */
    public record Verification(List<StatusVerifier.Report> reports) {
        public Verification {
            reports = List.copyOf(reports);
        }

        /** The table of every trace, then at most {@code maxCases} receives that do not agree, per trace. */
        public String text(int maxCases) {
            StringBuilder sb = new StringBuilder(VerifyReport.table(reports));
            for (StatusVerifier.Report r : reports) sb.append(VerifyReport.cases(r, maxCases));
            return sb.toString();
        }

        /** Receives that disagree with the recorded statuses where the recorded times leave no doubt. */
        public long failures() {
            return reports.stream().mapToLong(StatusVerifier.Report::failures).sum();
        }
    }

    public static Verification verify(List<TraceFiles.Trace> traces) {
        List<StatusVerifier.Report> reports = new ArrayList<>();
        for (TraceFiles.Trace t : traces) reports.add(verify(t));
        return new Verification(reports);
    }

    /** Reads each rank file once, into its operations and its completions. */
    public static StatusVerifier.Report verify(TraceFiles.Trace t) {
        List<RankLog> logs = new ArrayList<>();
        List<CompletionLog> completions = new ArrayList<>();
        for (int rank = 0; rank < t.ranks().size(); rank++) {
            Path file = t.ranks().get(rank);
            RankLog log = new RankLog(rank, file.toString());
            CompletionLog c = new CompletionLog();
            P2pExtractor ops = new P2pExtractor(log);
            CompletionExtractor statuses = new CompletionExtractor(c);
            DumpiReader.read(file, new DumpiListener() {
                @Override
                public void record(DumpiRecord r) {
                    ops.record(r);
                    try {
                        statuses.record(r);
                    } catch (IllegalArgumentException e) {
                        throw new TraceFormatException(file.toString(), r.line(), 1, e.getMessage());
                    }
                }

                @Override
                public void footer(DumpiFooter f) {
                    statuses.footer(f);
                }
            }, n -> {});
            logs.add(log);
            completions.add(c);
        }
        return StatusVerifier.verify(t.name(), logs, completions);
    }
}
