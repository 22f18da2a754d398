package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.eda.prove.ProofReport;
import tagmatch.eda.prove.ProveTarget;
import tagmatch.eda.prove.ProveTargets;
import tagmatch.eda.prove.Solver;
import tagmatch.eda.prove.TargetProof;
import tagmatch.process.ToolException;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch prove TARGET}: proves the DSL properties of a library block or the ALPU with
 * yosys-smtbmc and prints what was proven to which depth, or the failing property with a
 * counterexample table (and {@code --vcd}). Exit 0 when proven, 1 when a property fails.
 */
@Command(name = "prove",
        description = {"Prove the properties written in the DSL (Assert/Assume/Cover) with yosys-smtbmc.",
                "Bounded model checking, k-induction and cover reachability.",
                "Example: tagmatch prove fifo --depth 16 --vcd fifo.vcd",
                "         tagmatch prove --list"})
public final class ProveCommand extends TagmatchCommand implements Callable<Integer> {
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
    public Integer call() {
        PrintWriter o = out();
        if (list) {
            if (target != null) throw new UsageError("--list takes no TARGET, got " + target + "; use tagmatch prove --list or tagmatch prove TARGET");
            o.print(TargetProof.listing());
            return 0;
        }
        if (target == null) throw new UsageError("TARGET is missing; the targets are listed by tagmatch prove --list");
        ProveTarget t = ProveTargets.named(target);
        Solver s = solver == null ? null : Solver.of(solver);
        int k = depth == null ? t.depth() : (int) OptionCheck.range("--depth", depth, 1, TargetProof.MAX_DEPTH);
        if (vcd != null) OptionCheck.writableFile("--vcd", vcd);
        if (broken != null) OptionCheck.range("--broken", broken, 1, t.faults().size());
        ProofReport r;
        try (Temp work = keepTemp.dir("prove", err())) {
            r = new TargetProof(t, k, broken, s, vcd).prove(work.path(), o);
        } catch (ToolException e) {
            throw new UserError(e.getMessage(), e);
        }
        return r.ok() ? 0 : 1;
    }
}
