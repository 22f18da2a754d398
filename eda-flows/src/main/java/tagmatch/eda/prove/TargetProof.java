package tagmatch.eda.prove;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import tagmatch.hdl.ir.Circuit;

/**
 * {@code tagmatch prove TARGET}: one target of {@link ProveTargets}, broken on purpose by one of
 * its faults when asked, proven by the {@link Prover}; what was proven to which depth, or the
 * failing property with its counterexample table, is printed as it is found.
 *
 * @param depth  cycles of the bounded check and of k-induction
 * @param broken the fault to break the target with (1-based), null for the target as written
 * @param solver the one SMT solver for the flow and for replaying ABC's counterexamples, null for
 *               {@link Solver#SMT_DEFAULT} and {@link Solver#REPLAY_DEFAULT}
 * @param vcd    where a counterexample's trace is written, null for nowhere
 */
public record TargetProof(ProveTarget target, int depth, Integer broken, Solver solver, Path vcd) {
    /** The deepest bounded check offered: beyond it the SMT flow takes hours on every target. */
    public static final int MAX_DEPTH = 200;

    /** Every target, its depth and method, and its faults: the text of {@code tagmatch prove --list}. */
    public static String listing() {
        StringWriter s = new StringWriter();
        PrintWriter o = new PrintWriter(s);
        for (ProveTarget t : ProveTargets.all()) {
            o.printf("%-18s depth %-3d %-10s %s%n", t.name(), t.depth(), t.method().label(), t.summary());
            if (!t.inCi()) o.printf("%-39s %s%n", "", "(minutes: proven by command, not by the test suite)");
            for (int i = 1; i <= t.faults().size(); i++)
                o.printf("%-39s %s %s%n", "", (i == 1 ? "--broken:  " : "--broken=" + i + ":"), t.fault(i).description());
        }
        o.flush();
        return s.toString();
    }

    /**
     * Proves the target in {@code work} (an empty directory the caller owns), printing to
     * {@code o} what is proven, each step of the prover as it ends, and the verdict.
     */
    public ProofReport prove(Path work, PrintWriter o) {
        String summary = broken != null ? target.summary() + "; BROKEN ON PURPOSE: " + target.fault(broken).description() : target.summary();
        Circuit c = broken != null ? target.broken(broken) : target.circuit().get();
        o.printf("prove %s: %s%n  %s%n", target.name(), summary, PropertyCounts.of(c));
        o.flush();
        Prover prover = solver == null ? new Prover(Solver.SMT_DEFAULT, Solver.REPLAY_DEFAULT, o) : new Prover(solver, o);
        ProofReport r = prover.prove(c, depth, target.method(), vcd, work);
        switch (r.verdict()) {
            case PROVEN -> o.printf("PROVEN: every assertion holds in all reachable states (%s)%n",
                    target.method() == ProveTarget.Method.PDR ? "abc pdr; bounded check and covers at depth " + depth : "k-induction at depth " + depth);
            case BOUNDED -> o.printf("BOUNDED: no assertion fails within %d cycles of reset (bounded proof)%n", depth);
            case NOT_INDUCTIVE -> o.printf("NOT PROVEN: no counterexample within %d cycles, but k-induction did not close%n", depth);
            case UNREACHED -> o.println("FAILED: a cover is never reached, so a property may hold vacuously");
            default -> {
                o.println("FAILED: counterexample (ports of " + c.top().name() + ", one row per cycle from reset):");
                o.print(r.table());
                o.println(vcd != null ? "  trace written to " + vcd : "  (write the trace with --vcd FILE)");
            }
        }
        return r;
    }
}
