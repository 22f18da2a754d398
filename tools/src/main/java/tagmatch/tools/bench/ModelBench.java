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
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch bench model}: {@link ModelBenchmark}'s table of every strategy against the linked list. */
@Command(name = "model",
        description = "Matching strategies: ops/s and entries inspected per op on shuffle and burst, vs linked-list.")
public final class ModelBench extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--depths", split = ",", description = "queue depths (messages per round) (default ${DEFAULT-VALUE})")
    int[] depths = {16, 256, 4096};

    @Option(names = "--workloads", split = ",", description = "workload kinds (default ${DEFAULT-VALUE})")
    String[] workloads = {"shuffle", "burst"};

    @Option(names = "--strategies", split = ",", description = "Strategies (default: all of them).")
    String[] strategies;

    @Option(names = "--reps", description = "measured repetitions; the median is reported (default ${DEFAULT-VALUE})")
    int reps = 5;

    @Option(names = "--warmup", description = "unreported warm-up repetitions (default ${DEFAULT-VALUE})")
    int warmup = 2;

    @Option(names = "--min-ms", description = "each measurement repeats the workload for at least this long (default ${DEFAULT-VALUE})")
    int minMillis = 100;

    @picocli.CommandLine.Mixin
    tagmatch.tools.ThreadsOption threads = new tagmatch.tools.ThreadsOption(4);

    @Option(names = "--bins", description = "bins of the four-index and optimistic strategies (default ${DEFAULT-VALUE})")
    int bins = 128;

    @Option(names = "--seed", description = "workload seed (default ${DEFAULT-VALUE})")
    long seed = 1;

    @Override
    public Integer call() {
        List<String> names = strategies == null ? Strategies.names() : List.of(strategies);
        OptionCheck.allOf("--strategies", names, Strategies.names());
        OptionCheck.allOf("--workloads", List.of(workloads), Workloads.kinds());
        for (int d : depths) OptionCheck.range("--depths", d, 1, 1_000_000);
        OptionCheck.atLeast("--reps", reps, 1);
        OptionCheck.atLeast("--warmup", warmup, 0);
        OptionCheck.atLeast("--min-ms", minMillis, 1);
        int n = threads.get();
        OptionCheck.range("--bins", bins, 1, 1 << 20);
        ModelBenchmark.Settings settings = new ModelBenchmark.Settings(Arrays.stream(depths).boxed().toList(), List.of(workloads), names,
                reps, warmup, minMillis, n, bins, seed);
        out().print(ModelBenchmark.measure(settings).text());
        out().flush();
        return 0;
    }
}
