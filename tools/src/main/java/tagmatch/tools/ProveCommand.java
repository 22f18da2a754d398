package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.eda.prove.ProofReport;
import tagmatch.eda.prove.ProveTarget;
import tagmatch.eda.prove.ProveTargets;
import tagmatch.eda.prove.Prover;
import tagmatch.eda.prove.Solver;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.process.ToolException;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch prove TARGET}: proves the DSL properties of a library block or the ALPU with
 * yosys-smtbmc and prints what was proven to which depth, or the failing property with a
 * counterexample table (and {@code --vcd}). Exit 0 when proven, 1 when a property fails.
 */
@Command(name = "prove",
        mixinStandardHelpOptions = true,
        description = {"Prove the properties written in the DSL (Assert/Assume/Cover) with yosys-smtbmc.",
                "Bounded model checking, k-induction and cover reachability.",
                "Example: tagmatch prove fifo --depth 16 --vcd fifo.vcd",
                "         tagmatch prove --list"})
public final class ProveCommand implements Callable<Integer> {
    /** The deepest bounded check offered: beyond it the SMT flow takes hours on every target. */
    static final int MAX_DEPTH = 200;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", description = "what to prove (see --list)")
    String target;

    @Option(names = "--list", description = "list the targets and exit")
    boolean list;

    @Option(names = "--depth", paramLabel = "K", description = "cycles of the bounded check and of k-induction (default: the target's)")
    Integer depth;

    @Option(names = "--solver", paramLabel = "S",
            description = "SMT solver: cvc5 or z3 (default: cvc5 for the SMT flow, z3 to replay ABC's counterexamples)")
    String solver;

    @Option(names = "--broken", arity = "0..1", fallbackValue = "1", paramLabel = "N",
            description = "break the block on purpose first (the target's fault N, default 1, see --list) to show the proof failing")
    Integer broken;

    @Option(names = "--vcd", paramLabel = "FILE", description = "write a counterexample's trace to FILE")
    Path vcd;

    @picocli.CommandLine.Mixin
    KeepTempOption keepTemp = new KeepTempOption(); // the proof's Verilog, yosys script, SMT model and logs

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        if (list) {
            if (target != null) throw new UsageError("--list takes no TARGET, got " + target + "; use tagmatch prove --list or tagmatch prove TARGET");
            for (ProveTarget t : ProveTargets.all()) {
                o.printf("%-18s depth %-3d %-10s %s%n", t.name(), t.depth(), t.method().label(), t.summary());
                if (!t.inCi()) o.printf("%-39s %s%n", "", "(minutes: proven by command, not by the test suite)");
                for (int i = 1; i <= t.faults().size(); i++)
                    o.printf("%-39s %s %s%n", "", (i == 1 ? "--broken:  " : "--broken=" + i + ":"), t.fault(i).description());
            }
            return 0;
        }
        if (target == null) throw new UsageError("TARGET is missing; the targets are listed by tagmatch prove --list");
        ProveTarget t = ProveTargets.named(target);
        Solver s = solver == null ? null : Solver.of(solver);
        int k = depth == null ? t.depth() : (int) tagmatch.tools.OptionCheck.range("--depth", depth, 1, MAX_DEPTH);
        if (vcd != null) tagmatch.tools.OptionCheck.writableFile("--vcd", vcd);
        if (broken != null) tagmatch.tools.OptionCheck.range("--broken", broken, 1, t.faults().size());
        String summary = broken != null ? t.summary() + "; BROKEN ON PURPOSE: " + t.fault(broken).description() : t.summary();
        return run(t.name(), summary, broken != null ? t.broken(broken) : t.circuit().get(), k, t.method(), s, o);
    }

    /** Proves {@code c} and prints the report; 0 when proven (or bounded as asked), 1 otherwise. */
    int run(String name, String summary, Circuit c, int k, ProveTarget.Method method, Solver s, PrintWriter o) throws IOException {
        o.printf("prove %s: %s%n  %s%n", name, summary, counts(c));
        o.flush();
        ProofReport r;
        try (Temp work = keepTemp.dir("prove", spec.commandLine().getErr())) {
            r = (s == null ? new Prover(Solver.SMT_DEFAULT, Solver.REPLAY_DEFAULT, o) : new Prover(s, o)).prove(c, k, method, vcd, work.path());
        } catch (ToolException e) {
            throw new UserError(e.getMessage(), e);
        }
        switch (r.verdict()) {
            case PROVEN -> o.printf("PROVEN: every assertion holds in all reachable states (%s)%n",
                    method == ProveTarget.Method.PDR ? "abc pdr; bounded check and covers at depth " + k : "k-induction at depth " + k);
            case BOUNDED -> o.printf("BOUNDED: no assertion fails within %d cycles of reset (bounded proof)%n", k);
            case NOT_INDUCTIVE -> o.printf("NOT PROVEN: no counterexample within %d cycles, but k-induction did not close%n", k);
            case UNREACHED -> o.println("FAILED: a cover is never reached, so a property may hold vacuously");
            default -> {
                o.println("FAILED: counterexample (ports of " + c.top().name() + ", one row per cycle from reset):");
                o.print(r.table());
                o.println(vcd != null ? "  trace written to " + vcd : "  (write the trace with --vcd FILE)");
            }
        }
        return r.ok() ? 0 : 1;
    }

    private static String counts(Circuit c) {
        int[] n = new int[tagmatch.hdl.ir.Check.Kind.values().length];
        for (ModuleDef m : c.modules()) for (tagmatch.hdl.ir.Check k : m.checks()) n[k.kind().ordinal()]++;
        return n[0] + " assertions, " + n[1] + " assumptions, " + n[2] + " covers";
    }
}
