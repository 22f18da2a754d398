package tagmatch.tools.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.bench.model.ModelBenchmark;
import tagmatch.model.strategy.Strategies;
import tagmatch.model.workload.Workloads;
import tagmatch.tools.OptionCheck;

/** {@code tagmatch bench model}: {@link ModelBenchmark}'s table of every strategy against the linked list. */
@Command(name = "model",
        mixinStandardHelpOptions = true,
        description = "Matching strategies: ops/s and entries inspected per op on shuffle and burst, vs linked-list.")
public final class ModelBench implements Callable<Integer> {
    @Option(names = "--depths", split = ",", description = "Queue depths (messages per round). Default: ${DEFAULT-VALUE}.")
    int[] depths = {16, 256, 4096};

    @Option(names = "--workloads", split = ",", description = "Workload kinds. Default: ${DEFAULT-VALUE}.")
    String[] workloads = {"shuffle", "burst"};

    @Option(names = "--strategies", split = ",", description = "Strategies (default: all of them).")
    String[] strategies;

    @Option(names = "--reps", description = "Measured repetitions; the median is reported. Default: ${DEFAULT-VALUE}.")
    int reps = 5;

    @Option(names = "--warmup", description = "Unreported warm-up repetitions. Default: ${DEFAULT-VALUE}.")
    int warmup = 2;

    @Option(names = "--min-ms", description = "Each measurement repeats the workload for at least this long. Default: ${DEFAULT-VALUE}.")
    int minMillis = 100;

    @Option(names = "--threads", description = "N of the optimistic strategy (arrivals per block). Default: ${DEFAULT-VALUE}.")
    int threads = 4;

    @Option(names = "--bins", description = "Bins of the four-index and optimistic strategies. Default: ${DEFAULT-VALUE}.")
    int bins = 128;

    @Option(names = "--seed", description = "Workload seed. Default: ${DEFAULT-VALUE}.")
    long seed = 1;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<String> names = strategies == null ? Strategies.names() : List.of(strategies);
        OptionCheck.allOf("--strategies", names, Strategies.names());
        OptionCheck.allOf("--workloads", List.of(workloads), Workloads.kinds());
        for (int d : depths) OptionCheck.range("--depths", d, 1, 1_000_000);
        OptionCheck.atLeast("--reps", reps, 1);
        OptionCheck.atLeast("--warmup", warmup, 0);
        OptionCheck.atLeast("--min-ms", minMillis, 1);
        OptionCheck.range("--threads", threads, 1, 64);
        OptionCheck.range("--bins", bins, 1, 1 << 20);
        ModelBenchmark.Settings settings = new ModelBenchmark.Settings(Arrays.stream(depths).boxed().toList(), List.of(workloads), names,
                reps, warmup, minMillis, threads, bins, seed);
        spec.commandLine().getOut().print(ModelBenchmark.measure(settings).text());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
