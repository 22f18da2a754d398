package tagmatch.tools.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.eda.sweep.SweepReport;
import tagmatch.process.UsageError;
import tagmatch.tools.OutputDir;
import tagmatch.tools.TagmatchCommand;

/**
 * {@code tagmatch sweep report DIR}: merges the result lines of a sweep into {@code DIR/report/}
 * ({@code sweep.md}, {@code sweep.csv}, PNG plots) and prints the Markdown table. Exit 1 when a
 * task is missing or failed, so a script can tell a complete sweep from a partial one.
 */
@Command(name = "report",
        description = {"Merge a sweep's results into DIR/report/: sweep.md, sweep.csv and PNG plots; name missing and failed tasks.",
                "Example: tagmatch sweep report sweep-out --clock-mhz 100"})
public final class SweepReportCommand extends TagmatchCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "the results directory of a sweep (its --out)")
    Path dir;

    @Option(names = "--clock-mhz", paramLabel = "F", description = "clock assumed for ns per match where no pnr step measured fmax (default ${DEFAULT-VALUE})")
    double clockMhz = 100;

    @Override
    public Integer call() throws IOException {
        if (!(clockMhz > 0 && clockMhz <= 10_000)) throw new UsageError("--clock-mhz must be in (0, 10000], got " + clockMhz);
        SweepReport report = SweepReport.of(dir, clockMhz, SweepCommand::parseSpec);
        List<String> files;
        try (OutputDir out = OutputDir.claim(dir.resolve("report"), false, "DIR/report")) {
            files = report.writeTo(out.staging());
            out.commit("sweep-report");
        }
        PrintWriter o = out();
        o.print(report.markdown());
        o.println();
        o.println("wrote " + dir.resolve("report") + "/{" + String.join(",", files) + "}");
        o.flush();
        return report.complete() ? 0 : 1;
    }
}
