package tagmatch.eda.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.testbench.alpu.AlpuSoak;
import tagmatch.testbench.alpu.BenchResult;

/**
 * {@code cosim}: the soak of {@code tagmatch cosim alpu} ({@link AlpuSoak#run}), once per seed,
 * so a long soak split over seeds shards like any sweep.
 */
final class CosimStep extends Step {
    CosimStep() {
        super("cosim", true, List.of("ops", "cycles", "successes"), Map.of("verilator", "--version", "g++", "--version"));
    }

    @Override
    public Outcome run(Task task, SweepSettings settings) {
        AlpuSoak s = AlpuSoak.run(task.config(), settings.ops(), task.seed(), null, done -> { });
        Map<String, Object> fig = new LinkedHashMap<>();
        fig.put("ops", settings.ops());
        fig.put("seed", task.seed());
        if (!s.passed()) return Outcome.fail(fig, s.verdict());
        BenchResult r = s.result();
        fig.put("cycles", r.cycles());
        fig.put("requests", r.requests());
        fig.put("commands", r.commands());
        fig.put("successes", r.successes());
        fig.put("failures", r.failures());
        fig.put("acks", r.acks());
        fig.put("bad_commands", r.badCommands());
        fig.put("over_inserts", r.overInserts());
        fig.put("resets", r.resets());
        fig.put("rst_pulses", r.rstPulses());
        fig.put("answered_in_insert_mode", r.answeredInInsertMode());
        fig.put("answered_after_hold", r.answeredAfterHold());
        fig.put("idle_checks", r.idleChecks());
        fig.put("max_hypotheses", r.maxHypotheses());
        return Outcome.pass(fig, s.verdict());
    }
}
