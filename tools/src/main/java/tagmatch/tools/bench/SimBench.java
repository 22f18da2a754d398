package tagmatch.tools.bench;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.bench.sim.SimBenchmark;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;

/** {@code tagmatch bench sim}: {@link SimBenchmark}'s paths and build times, as ratios to its C++ harness. */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = "Simulation speed: C++ harness vs JNA per-cycle vs JNA batched vs Java interpreter vs compiled to "
                + "JVM bytecode; Verilator build and bytecode compile times.")
public final class SimBench implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--inputs", description = "priority-tree inputs (default: ${DEFAULT-VALUE})")
    int inputs = 256;

    @Option(names = "--cycles", description = "stimulus cycles for the Verilator paths (default: ${DEFAULT-VALUE})")
    int cycles = 200_000;

    @Option(names = "--interpreter-cycles", description = "stimulus cycles for the interpreter (default: ${DEFAULT-VALUE})")
    int interpreterCycles = 20_000;

    @Option(names = "--repeat", description = "rounds, every path once in each; medians and spreads reported (default: ${DEFAULT-VALUE})")
    int repeat = 5;

    @Option(names = "--seed", description = "stimulus seed (default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Override
    public Integer call() throws Exception {
        if (inputs < 2 || inputs > 4096) throw new UsageError("--inputs must be 2..4096, got " + inputs);
        OptionCheck.atLeast("--cycles", cycles, 1000);
        OptionCheck.atLeast("--interpreter-cycles", interpreterCycles, 100);
        OptionCheck.atLeast("--repeat", repeat, 1);
        String report = SimBenchmark.run(new SimBenchmark.Settings(inputs, cycles, interpreterCycles, repeat, seed)).text();
        spec.commandLine().getOut().print(report);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
