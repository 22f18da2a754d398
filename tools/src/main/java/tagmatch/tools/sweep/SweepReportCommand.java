package tagmatch.tools.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.eda.sweep.ResultStore;
import tagmatch.eda.sweep.Sweep;
import tagmatch.eda.sweep.SweepPlots;
import tagmatch.eda.sweep.SweepReport;
import tagmatch.process.UsageError;
import tagmatch.tools.OutputDir;

/**
 * {@code tagmatch sweep report DIR}: merges the result lines of a sweep into {@code DIR/report/}
 * ({@code sweep.md}, {@code sweep.csv}, PNG plots) and prints the Markdown table. Exit 1 when a
 * task is missing or failed, so a script can tell a complete sweep from a partial one.
 */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        description = {"Merge a sweep's results into DIR/report/: sweep.md, sweep.csv and PNG plots; name missing and failed tasks.",
                "Example: tagmatch sweep report sweep-out --clock-mhz 100"})
public final class SweepReportCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the results directory of a sweep (its --out)")
    Path dir;

    @Option(names = "--clock-mhz", paramLabel = "F", description = "clock assumed for ns per match where no pnr step measured fmax (default ${DEFAULT-VALUE})")
    double clockMhz = 100;

    @Override
    public Integer call() throws IOException {
        if (!(clockMhz > 0 && clockMhz <= 10_000)) throw new UsageError("--clock-mhz must be in (0, 10000], got " + clockMhz);
        Path args = dir.resolve("sweep.args");
        if (!Files.isRegularFile(args)) throw new UsageError("DIR must be a sweep's results directory (with sweep.args), got " + dir);
        ResultStore store = ResultStore.existing(dir);
        Sweep sweep = definition(args);
        SweepReport report = new SweepReport(sweep, store, clockMhz);
        PrintWriter o = spec.commandLine().getOut();
        List<String> files = new ArrayList<>(List.of("sweep.md", "sweep.csv"));
        try (OutputDir out = OutputDir.claim(dir.resolve("report"), false, "DIR/report")) {
            Files.writeString(out.staging().resolve("sweep.md"), report.markdown(), StandardCharsets.UTF_8);
            Files.writeString(out.staging().resolve("sweep.csv"), report.csv(), StandardCharsets.UTF_8);
            files.addAll(SweepPlots.write(report, out.staging()));
            out.commit("sweep-report");
        }
        o.print(report.markdown());
        o.println();
        o.println("wrote " + dir.resolve("report") + "/{" + String.join(",", files) + "}");
        o.flush();
        return report.missing().isEmpty() && report.failed().isEmpty() ? 0 : 1;
    }

    /** The sweep recorded in {@code sweep.args}, parsed by the sweep command itself. */
    static Sweep definition(Path args) throws IOException {
        return SweepCommand.parseSpec(Files.readAllLines(args, StandardCharsets.UTF_8), args.toString());
    }
}
