package tagmatch.eda.prove;

import tagmatch.process.UsageError;

import java.util.Arrays;
import java.util.Locale;

/**
 * The SMT solvers {@code tagmatch prove} drives through yosys-smtbmc (Debian packages of the same
 * name). cvc5 runs the SMT flow by default: Debian's z3 4.8.12 stalls on some of these models;
 * z3 replays ABC's counterexamples by default (see {@link #REPLAY_DEFAULT}). Boolector is not offered: Debian's boolector (1.5.118, from 2012) rejects the
 * {@code set-option} commands yosys-smtbmc 0.23 sends, so asking for it is a usage error that says so.
 */
public enum Solver {
    CVC5, Z3;

    /** The SMT flow's solver unless {@code --solver} names one: z3 takes 45 s for priority-tree's proof, cvc5 under 2 s. */
    public static final Solver SMT_DEFAULT = CVC5;

    /**
     * The solver that replays ABC's counterexamples unless {@code --solver} names one. A replay only
     * evaluates the model under the counterexample's inputs; z3 does that for the ALPU in under a
     * second where cvc5 needs about six, and both write the same trace.
     */
    public static final Solver REPLAY_DEFAULT = Z3;

    /** The name yosys-smtbmc's {@code -s} takes, which is also the Debian package. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The solver named {@code id}, or a usage error naming the legal ones. */
    public static Solver of(String id) {
        for (Solver s : values()) if (s.id().equals(id)) return s;
        String legal = Arrays.stream(values()).map(Solver::id).toList().toString();
        if ("boolector".equals(id))
            throw new UsageError("--solver boolector is not usable: Debian's boolector 1.5 rejects the SMT-LIB2 "
                    + "that yosys-smtbmc sends, got boolector; use one of " + legal);
        throw new UsageError("--solver must be one of " + legal + ", got " + id);
    }
}
