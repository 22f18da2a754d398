package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.tools.UserError;

/** {@code tagmatch trace verify}: the reference matcher's choices against the statuses Open MPI recorded. */
@Command(name = "verify",
        mixinStandardHelpOptions = true,
        description = {"Compare, for every receive that completed in the traces, the message the reference",
                "matcher gives it with the MPI_Status the MPI library returned (source, tag, size, which send).",
                "Receives naming their source before any MPI_ANY_SOURCE receive must agree; the others may",
                "differ only where the recorded times leave the arrival order open. Exit code 1 otherwise.",
                "See docs/traces.md."})
public final class VerifyCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories or rank files, as for analyze")
    List<Path> traces;

    @Option(names = "--max-cases", paramLabel = "N", description = "print at most N receives that do not agree, per trace (default: all)")
    int maxCases = Integer.MAX_VALUE;

    @Override
    public void run() {
        tagmatch.tools.Check.atLeast("--max-cases", maxCases, 0);
        List<TraceFiles.Trace> found = TraceFiles.find(traces);
        List<StatusVerifier.Report> reports = new ArrayList<>();
        for (TraceFiles.Trace t : found) reports.add(verify(t));
        PrintWriter out = spec.commandLine().getOut();
        out.print(VerifyReport.table(reports));
        for (StatusVerifier.Report r : reports) out.print(VerifyReport.cases(r, maxCases));
        out.flush();
        long failures = reports.stream().mapToLong(StatusVerifier.Report::failures).sum();
        if (failures > 0) {
            throw new UserError(failures + (failures == 1 ? " receive disagrees" : " receives disagree") + " with the MPI library's statuses "
                    + "without an open arrival order (DISAGREE, UNIDENTIFIED or SIZE_DIFFERS above)");
        }
    }

    /** Reads each rank file once, into its operations and its completions. */
    private static StatusVerifier.Report verify(TraceFiles.Trace t) {
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
                        throw new TraceFormatException(file.toString(), r.line(), 1, e.getMessage().replaceFirst("^line \\d+: ", ""));
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
