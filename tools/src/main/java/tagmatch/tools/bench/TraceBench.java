package tagmatch.tools.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.bench.trace.TraceBenchReport;
import tagmatch.bench.trace.TraceBenchmark;
import tagmatch.process.UserError;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch bench trace}: {@link TraceBenchmark}, {@code trace analyze} as whole processes with and without its caches. */
@Command(name = "trace",
        description = {"Time ./tagmatch trace analyze as whole processes: without a cache, a first analysis, the same again",
                "(from the cache), and again with only the parse cache; print ratios against the first analysis."})
public final class TraceBench extends TagmatchCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "TRACE", description = "traces to analyze, as for trace analyze (default: the checkout's data/traces)")
    List<Path> traces = new ArrayList<>();

    @Option(names = "--runs", description = "measured runs, median reported (default: ${DEFAULT-VALUE})")
    int runs = 1;

    @picocli.CommandLine.Mixin
    ProcessBenchOptions processes = new ProcessBenchOptions();

    @Override
    public Integer call() throws IOException {
        OptionCheck.atLeast("--runs", runs, 1);
        Path l = processes.checked("bench trace", "");
        List<Path> what = traces.isEmpty() ? List.of(l.toAbsolutePath().getParent().resolve("data").resolve("traces")) : traces;
        for (Path t : what) {
            OptionCheck.exists("TRACE", t, "a trace directory or rank file");
        }
        TraceBenchReport report;
        try (Temp work = processes.scratch("bench-trace", err())) {
            report = TraceBenchmark.measure(new TraceBenchmark.Settings(l, what, runs, OutputDir.MANIFEST), work.path(), Progress::start);
        }
        PrintWriter out = out();
        out.print(report.text());
        out.flush();
        if (!report.allIdentical()) {
            throw new UserError("a cached analysis differs from a fresh one (" + (report.compared() - report.identical()) + " of "
                    + report.compared() + " runs)");
        }
        return 0;
    }
}
