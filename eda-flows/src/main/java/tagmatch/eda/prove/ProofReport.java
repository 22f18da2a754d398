package tagmatch.eda.prove;

import tagmatch.hdl.backend.CheckSite;

import java.util.List;

/**
 * What a proof found. {@code verdict}: PROVEN (no counterexample in {@code depth} cycles and
 * k-induction closed, so for all time), BOUNDED (no counterexample in {@code depth} cycles;
 * induction not asked for), NOT_INDUCTIVE (no counterexample, but the k-induction the target
 * asks for did not close at {@code depth}), FAILED (an assertion fails: {@code failed},
 * {@code table} and the VCD say how) or UNREACHED (a cover is never reached in {@code depth} cycles).
 */
public record ProofReport(Conclusion verdict, int depth, boolean inductionTried, CheckSite failed, int failedStep,
                          String table, List<CheckSite> unreached, List<String> steps) {
    public enum Conclusion { PROVEN, BOUNDED, NOT_INDUCTIVE, FAILED, UNREACHED }

    public boolean ok() {
        return verdict == Conclusion.PROVEN || verdict == Conclusion.BOUNDED;
    }
}
