package tagmatch.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.model.offload.ProgressCalls;
import tagmatch.model.offload.Stencil3d;
import tagmatch.process.ProgressMeter;

/**
 * {@code tagmatch trace offload}: every trace parsed (through the parsed-trace cache) and run
 * through seed 003's offload engine and its prefetch decision, plus a generated 3D stencil; one
 * {@link OffloadRow} each, written by {@link OffloadReport}.
 */
public final class TraceOffload {
    /**
     * @param progressEveryNs how often every receiver calls MPI's progress, in ns; 0: all the time
     * @param stencil the generated stencil to add as the last row, or null for none
     * @param cache parsed rank files; null for none
     */
    public record Options(OffloadPolicy policy, OffloadSettings settings, PrefetchSettings prefetch, long progressEveryNs, Stencil3d.Spec stencil,
                          int parseThreads, TraceCache cache, boolean allowPartial) {
        /** The receivers' progress calls. */
        public ProgressCalls progress() {
            return progressEveryNs == 0 ? ProgressCalls.CONTINUOUS : ProgressCalls.every(progressEveryNs);
        }
    }

    private TraceOffload() {}

    /** The rows of {@code traces} (then the stencil), parsing with a progress meter per trace. */
    public static List<OffloadRow> run(List<TraceFiles.Trace> traces, Options o, Consumer<String> notes, ProgressMeter.Factory progress) {
        List<OffloadRow> rows = new ArrayList<>();
        Consumer<String> partial = !o.allowPartial() ? null : why -> notes.accept("WARNING: partial trace, figures of this rank are incomplete: " + why);
        for (TraceFiles.Trace t : traces) {
            long total = RankFileScheduler.bytes(t.ranks());
            List<RankLog> logs;
            try (ProgressMeter bar = progress.start("parse " + t.name(), total, "bytes")) {
                logs = RankFileScheduler.parse(t.ranks(), o.parseThreads(), bar::stepTo, true, DumpiReader.Parsing.FAST_PATH, o.cache(),
                        RankFileScheduler.Scope.TRACE, partial);
                bar.stepTo(total);
            }
            rows.add(OffloadRow.ofTrace(t.name(), logs, o.policy(), o.settings(), o.prefetch(), o.progress()));
        }
        if (o.stencil() != null) rows.add(OffloadRow.ofStencil(o.stencil(), o.policy(), o.settings(), o.prefetch(), o.progress()));
        return rows;
    }
}
