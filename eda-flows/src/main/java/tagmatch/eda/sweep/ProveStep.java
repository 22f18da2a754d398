package tagmatch.eda.sweep;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tagmatch.alpu.rtl.AlpuProperties;
import tagmatch.eda.prove.ProofReport;
import tagmatch.eda.prove.PropertyCounts;
import tagmatch.eda.prove.ProveTarget;
import tagmatch.eda.prove.ProveTargets;
import tagmatch.eda.prove.Prover;
import tagmatch.eda.prove.Solver;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.process.ScratchDir;

/**
 * {@code prove}: what {@code tagmatch prove alpu-<variant>} proves (the ALPU's datasheet
 * properties, {@link AlpuProperties}, with the target's depth and induction, {@link Prover} with
 * cvc5), on the swept configuration. While {@code tagmatch prove} has no ALPU target for the
 * variant the task is skipped and its line says so, so a sweep asking for proofs never passes
 * for lack of them.
 */
public final class ProveStep extends Step {
    public ProveStep() {
        super("prove", false, List.of("depth", "assertions"), Map.of("yosys", "-V", "cvc5", "--version"));
    }

    /** The ALPU target of {@code tagmatch prove} for the variant of {@code task}, if there is one. */
    public static Optional<ProveTarget> target(Task task) {
        String name = "alpu-" + task.config().variant().name().toLowerCase(Locale.ROOT);
        return ProveTargets.all().stream().filter(t -> t.name().equals(name)).findFirst();
    }

    @Override
    public Outcome run(Task task, SweepSettings settings) {
        Map<String, Object> fig = new LinkedHashMap<>();
        Optional<ProveTarget> target = target(task);
        String name = "alpu-" + task.config().variant().name().toLowerCase(Locale.ROOT);
        if (target.isEmpty()) {
            return Outcome.skip(fig, "no proof: tagmatch prove has no ALPU target " + name + " yet (tagmatch prove --list)");
        }
        ProveTarget t = target.get();
        int depth = settings.proveDepth() != null ? settings.proveDepth() : t.depth();
        Circuit c = Elaborator.elaborate(() -> new AlpuProperties(task.config()));
        PropertyCounts n = PropertyCounts.of(c);
        fig.put("target", t.name());
        fig.put("solver", Solver.CVC5.id());
        fig.put("depth", depth);
        fig.put("method", ProveTarget.Method.BOUNDED.label());
        fig.put("assertions", n.assertions());
        fig.put("assumptions", n.assumptions());
        fig.put("covers", n.covers());
        // A bounded check at the sweep's depth: the target's unbounded proof (abc pdr) is sized for
        // its own small configuration; on a sweep's (wider keys, deeper FIFOs) it ran over ten minutes.
        StringWriter log = new StringWriter();
        ProofReport r;
        try (ScratchDir work = ScratchDir.create("sweep-prove")) {
            r = new Prover(Solver.CVC5, new PrintWriter(log, true)).prove(c, depth, ProveTarget.Method.BOUNDED, null, work.path());
        }
        fig.put("proof", r.verdict().name());
        String steps = String.join("; ", r.steps());
        if (r.ok()) return Outcome.pass(fig, r.verdict() + " at depth " + depth + ": " + steps);
        if (r.failed() != null) fig.put("failed_step", r.failedStep());
        return Outcome.fail(fig, r.verdict() + " at depth " + depth + ": " + steps);
    }
}
