package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.process.UserError;
import tagmatch.tools.OptionCheck;
import tagmatch.trace.TraceFiles;
import tagmatch.trace.TraceVerifier;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch trace verify}: the reference matcher's choices against the statuses Open MPI recorded. */
@Command(name = "verify",
        description = {"Compare, for every receive that completed in the traces, the message the reference",
                "matcher gives it with the MPI_Status the MPI library returned (source, tag, size, which send).",
                "Receives naming their source before any MPI_ANY_SOURCE receive must agree; the others may",
                "differ only where the recorded times leave the arrival order open. Exit code 1 otherwise.",
                "See docs/traces.md."})
public final class VerifyCommand extends TagmatchCommand implements Runnable {
    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "trace directories or rank files, as for analyze")
    List<Path> traces;

    @Option(names = "--max-cases", paramLabel = "N", description = "print at most N receives that do not agree, per trace (default: all)")
    int maxCases = Integer.MAX_VALUE;

    @Override
    public void run() {
        OptionCheck.atLeast("--max-cases", maxCases, 0);
        TraceVerifier.Verification v = TraceVerifier.verify(TraceFiles.find(traces));
        PrintWriter out = out();
        out.print(v.text(maxCases));
        out.flush();
        long failures = v.failures();
        if (failures > 0) {
            throw new UserError(failures + (failures == 1 ? " receive disagrees" : " receives disagree") + " with the MPI library's statuses "
                    + "without an open arrival order (DISAGREE, UNIDENTIFIED or SIZE_DIFFERS above)");
        }
    }
}
