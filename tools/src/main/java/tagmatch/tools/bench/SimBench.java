package tagmatch.tools.bench;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.bench.sim.SimBenchmark;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch bench sim}: {@link SimBenchmark}'s paths and build times, as ratios to its C++ harness. */
@Command(name = "sim",
        description = "Simulation speed: C++ harness vs JNA per-cycle vs JNA batched vs Java interpreter vs compiled to "
                + "JVM bytecode; Verilator build and bytecode compile times.")
public final class SimBench extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--inputs", description = "priority-tree inputs (default: ${DEFAULT-VALUE})")
    int inputs = 256;

    // A million cycles keep the harness's run near half a second: at 200,000 it lasted under 0.1 s,
    // shorter than what a loaded machine's scheduler takes away at once, and its ratios scattered.
    @Option(names = "--cycles", description = "stimulus cycles for the Verilator and compiled paths (default: ${DEFAULT-VALUE})")
    int cycles = 1_000_000;

    @Option(names = "--interpreter-cycles", description = "stimulus cycles for the interpreter (default: ${DEFAULT-VALUE})")
    int interpreterCycles = 20_000;

    @Option(names = "--runs", paramLabel = "N", description = "runs of every path, in turn (A B C A B C); the median and the spread "
            + "(min..max) of each ratio to the harness reported (1..99, default: ${DEFAULT-VALUE})")
    int runs = 5;

    @Option(names = "--seed", description = "stimulus seed (default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Override
    public Integer call() throws Exception {
        OptionCheck.range("--inputs", inputs, 2, 4096);
        OptionCheck.atLeast("--cycles", cycles, 1000);
        OptionCheck.atLeast("--interpreter-cycles", interpreterCycles, 100);
        OptionCheck.range("--runs", runs, 1, 99);
        String report = SimBenchmark.run(new SimBenchmark.Settings(inputs, cycles, interpreterCycles, runs, seed)).text();
        out().print(report);
        out().flush();
        return 0;
    }
}
