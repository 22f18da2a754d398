package tagmatch.tools.trace;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.model.offload.Stencil3d;
import tagmatch.process.UsageError;
import tagmatch.tools.ForceOption;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.OutputDir;
import tagmatch.tools.PrefetchOptions;
import tagmatch.trace.OffloadReport;
import tagmatch.trace.OffloadRow;
import tagmatch.trace.TraceFiles;
import tagmatch.trace.TraceOffload;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch trace offload}: seed 003's offload engine over MPI traces and a generated 3D stencil. */
@Command(name = "offload",
        description = {"Run seed 003's offload engine (a hardware list of E receives, software behind it) over MPI traces",
                "and a generated 3D stencil: per application, rendezvous receives, the fraction of messages that arrived",
                "unexpected, receives offloaded, matched in hardware and in software, cancelled, the success rate",
                "((offloaded - cancelled) / offloaded), offloads matched in hardware over offloads, and the hardware share;",
                "then seed 003 §5.3's prefetch of unexpected rendezvous messages: prefetched, useful, useless, refused, declined.",
                "A table, a CSV and a PNG. See docs/traces.md.",
                "Example: tagmatch trace offload data/traces --hw-entries 64 --rndv-threshold 16384 --policy adaptive"})
public final class TraceOffloadCommand extends TagmatchCommand implements Runnable {
    @CommandLine.Mixin
    TraceInputOptions input = new TraceInputOptions();

    @Option(names = "--policy", paramLabel = "P", description = "naive, seqnum, adaptive or ordered (default ${DEFAULT-VALUE})")
    String policy = "adaptive";

    @Option(names = "--hw-entries", paramLabel = "E", description = "receives the hardware list holds, 1..1048576 (default ${DEFAULT-VALUE}; a guess)")
    int hwEntries = OffloadSettings.defaults().hwEntries();

    @Option(names = "--rndv-threshold", paramLabel = "BYTES", description = "receives of this many bytes or more are rendezvous (default ${DEFAULT-VALUE})")
    long rndvThreshold = OffloadSettings.defaults().rndvThreshold();

    @Option(names = "--alpha", paramLabel = "NS", description = "adaptive: α of K = Σ (α·size + β), ns per byte, >= 0 (default ${DEFAULT-VALUE}: 100 Gb/s)")
    double alpha = OffloadSettings.defaults().alphaNsPerByte();

    @Option(names = "--beta", paramLabel = "NS", description = "adaptive: β of K, ns per message, >= 0 (default ${DEFAULT-VALUE}; a guess)")
    double beta = OffloadSettings.defaults().betaNs();

    @Option(names = "--cancel-period", paramLabel = "N", description = "adaptive: posts per cut-off period, >= 1 (default ${DEFAULT-VALUE}; a guess)")
    int cancelPeriod = OffloadSettings.defaults().cancelPeriod();

    @Option(names = "--cancel-cutoff", paramLabel = "F", description = "adaptive: share of a period's offloads cancelled that stops offloading, 0..1 "
            + "(default ${DEFAULT-VALUE}; a guess)")
    double cancelCutoff = OffloadSettings.defaults().cancelCutoff();

    @Option(names = "--progress-every", paramLabel = "NS", description = "adaptive: every receiver calls MPI's progress every NS ns "
            + "(a progress-call frequency f = 1/NS, seed 003 Fig. 4b), 0..1000000000000; 0: all the time (default ${DEFAULT-VALUE})")
    long progressEveryNs;

    @Option(names = "--stencil-jitter", paramLabel = "J", description = "the generated stencil's compute jitter, >= 0 (default ${DEFAULT-VALUE}; a guess)")
    double stencilJitter = Stencil3d.Spec.defaults().jitter();

    @Option(names = "--no-stencil", description = "leave the generated 3D stencil out")
    boolean noStencil;

    @Option(names = "--allow-partial", description = "run a trace whose rank files are empty or truncated (with a warning) instead of refusing it")
    boolean allowPartial;

    @CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @Option(names = "--out", paramLabel = "DIR", description = "where offload.txt, offload.csv and offload.png go (default: ${DEFAULT-VALUE})")
    Path out = Path.of("trace-offload");

    @CommandLine.Mixin
    PrefetchOptions prefetch = new PrefetchOptions();

    @CommandLine.Mixin
    ForceOption force = new ForceOption();

    @Override
    public void run() {
        OffloadPolicy p = OffloadPolicy.valueOf(OptionCheck.oneOf("--policy", policy, OffloadPolicy.names().toArray(String[]::new))
                .toUpperCase(java.util.Locale.ROOT));
        // A list of 0 entries offloads nothing: every policy would print the same software-only row.
        OptionCheck.range("--hw-entries", hwEntries, 1, 1 << 20);
        OptionCheck.atLeast("--rndv-threshold", rndvThreshold, 0);
        nonNegative("--alpha", alpha);
        nonNegative("--beta", beta);
        OptionCheck.atLeast("--cancel-period", cancelPeriod, 1);
        OptionCheck.share("--cancel-cutoff", cancelCutoff);
        nonNegative("--stencil-jitter", stencilJitter);
        OptionCheck.range("--progress-every", progressEveryNs, 0, 1_000_000_000_000L);
        PrefetchSettings prefetchSettings = prefetch.settings();
        input.check();
        OffloadSettings settings = new OffloadSettings(hwEntries, rndvThreshold, alpha, beta, cancelPeriod, cancelCutoff);
        Stencil3d.Spec stencil = noStencil ? null : Stencil3d.Spec.defaults().withJitter(stencilJitter);
        List<TraceFiles.Trace> found = input.find();
        PrintWriter stdout = out();
        PrintWriter err = err();
        try (OutputDir dir = force.claim(out, "--out")) {
            List<OffloadRow> rows = TraceOffload.run(found, new TraceOffload.Options(p, settings, prefetchSettings, progressEveryNs, stencil, input.parseThreads(),
                    input.cache(), allowPartial),
                    line -> {
                        err.println(line);
                        err.flush();
                    }, progress.bytes());
            OffloadReport.write(rows, p, settings, prefetchSettings, progressEveryNs, dir.staging());
            dir.commit("offload");
            stdout.print(OffloadReport.table(rows, p, settings, prefetchSettings, progressEveryNs));
            stdout.println("wrote " + String.join(", ", OffloadReport.FILES.stream().map(f -> out.resolve(f).toString()).toList()));
            stdout.flush();
        }
    }

    private static void nonNegative(String option, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) throw new UsageError(option + " must be a finite number >= 0, got " + value);
    }
}
